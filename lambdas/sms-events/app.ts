import { applySmsNotification, messagesFromSns, type SmsEventsDeps } from '../core/sms/sms-events';

/**
 * The `sms-events` Lambda: End User Messaging SMS replies (two-way SNS topic) and delivery events
 * (configuration-set SNS destination). A storage failure throws so Lambda retries the invocation.
 */
export function createSmsEventsHandler(deps: SmsEventsDeps) {
  return async function handleSnsEvent(event: unknown): Promise<{ applied: number }> {
    let applied = 0;
    for (const message of messagesFromSns(event)) {
      const outcome = await applySmsNotification(message, deps);
      applied += 1;
      console.log(JSON.stringify({ level: 'info', message: 'SMS event', outcome }));
    }
    return { applied };
  };
}
