import type { Mailer, NoticeMailer, OutgoingEmail } from '../email/email.ports';
import type { Clock } from '../runtime.ports';
import type { DeliveryStats } from './metrics.ports';

/**
 * Mailers that count what SES accepted, per recipient and UTC day, for the delivery health figures.
 * A counter that cannot be written is logged and dropped: the mail has gone, and failing the send
 * would make the dispatch retry it.
 */
function counter(stats: DeliveryStats, clock: Clock) {
  return async (recipients: number) => {
    try {
      await stats.add(clock.now().toISOString().slice(0, 10), { sent: recipients });
    } catch (err) {
      console.warn(
        JSON.stringify({ level: 'warn', message: 'delivery counter not written', error: String(err) }),
      );
    }
  };
}

export function countingMailer(inner: Mailer, stats: DeliveryStats, clock: Clock): Mailer {
  const count = counter(stats, clock);
  return {
    async send(email: OutgoingEmail) {
      const result = await inner.send(email);
      await count(email.to.length);
      return result;
    },
  };
}

export function countingNoticeMailer(inner: NoticeMailer, stats: DeliveryStats, clock: Clock): NoticeMailer {
  const count = counter(stats, clock);
  return {
    async send(message) {
      const result = await inner.send(message);
      await count(1);
      return result;
    },
    async sendBatch(message) {
      const result = await inner.sendBatch(message);
      await count(message.to.length);
      return result;
    },
  };
}
