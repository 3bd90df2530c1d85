import { applySesEvent, sesEventsFromSns, type EmailEventsDeps } from '../core/email/email-events';

/**
 * The `email-events` Lambda: SES configuration-set events (bounces, complaints) delivered by SNS.
 * Each record is applied on its own; a storage failure throws so Lambda retries the invocation
 * (marking is idempotent, so a retry re-marks nothing).
 */
export function createEmailEventsHandler(deps: EmailEventsDeps) {
  return async function handleSnsEvent(event: unknown): Promise<{ applied: number; marked: number }> {
    let applied = 0;
    let marked = 0;
    for (const sesEvent of sesEventsFromSns(event)) {
      const result = await applySesEvent(sesEvent, deps);
      applied += 1;
      marked += result.marked;
      console.log(JSON.stringify({ level: 'info', message: 'SES event', ...result }));
    }
    return { applied, marked };
  };
}
