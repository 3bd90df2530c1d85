import {
  applySmsNotification,
  EARLY_EVENT_RETRY_MS,
  type SmsEventsDeps,
} from '../../../lambdas/core/sms/sms-events';
import type { SmsDeliveryLog } from '../../../lambdas/core/sms/sms.ports';

const NOW = new Date('2026-11-27T12:00:00Z');

/** A delivery log that knows only the ids given (a fake: the store's own tests cover DynamoDB). */
function depsKnowing(ids: string[]): { deps: SmsEventsDeps; recorded: string[] } {
  const recorded: string[] = [];
  const deliveries: SmsDeliveryLog = {
    remember: async () => undefined,
    record: async (messageId) => {
      if (!ids.includes(messageId)) return false;
      recorded.push(messageId);
      return true;
    },
  };
  return {
    deps: { deliveries, inbound: {} as SmsEventsDeps['inbound'], clock: { now: () => NOW } },
    recorded,
  };
}

const event = (messageId: string, msAgo: number) => ({
  eventType: 'TEXT_DELIVERED',
  messageId,
  eventTimestamp: NOW.getTime() - msAgo,
});

describe('SMS delivery events', () => {
  it('should record a delivery event for a text we sent', async () => {
    const { deps, recorded } = depsKnowing(['m-1']);
    await expect(applySmsNotification(event('m-1', 1_000), deps)).resolves.toBe('delivery');
    expect(recorded).toEqual(['m-1']);
  });

  it('should throw, so Lambda tries again, when a fresh event comes before its text is recorded', async () => {
    const { deps } = depsKnowing([]);
    await expect(applySmsNotification(event('m-2', 5_000), deps)).rejects.toThrow(
      /m-2 came before its record/,
    );
  });

  it('should drop an old event for an id that was never ours', async () => {
    const { deps } = depsKnowing([]);
    await expect(applySmsNotification(event('m-3', EARLY_EVENT_RETRY_MS + 1), deps)).resolves.toBe('unknown');
  });
});
