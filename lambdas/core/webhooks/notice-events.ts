import type { WebhookEventType } from '../../../shared/webhooks';
import type { MessageKind, NoticeSender } from '../dispatch/dispatch.ports';
import { eventIdOf } from './publish-event';
import type { EventPublisher } from './webhook.ports';

const EVENT_OF_KIND: Record<MessageKind, WebhookEventType> = {
  notice: 'notice.sent',
  update: 'update.sent',
  allClear: 'all_clear.sent',
};

/**
 * The dispatch's sender, raising `notice.sent`, `update.sent` or `all_clear.sent` after each message
 * went out (the claim was taken before, so a retried run sends, and raises, nothing twice). One event
 * per recipient, keyed by the message id the mail service gave it. Wired at the composition root.
 */
export function withNoticeEvents(sender: NoticeSender, events: EventPublisher | undefined): NoticeSender {
  if (!events) return sender;
  return {
    async send(content, recipient) {
      const sent = await sender.send(content, recipient);
      await events.publish({
        tenantId: content.tenantId,
        type: EVENT_OF_KIND[content.kind],
        eventId: eventIdOf('message', content.tenantId, sent.messageId),
        jobsiteId: content.jobsite.id,
        data: {
          jobsite: {
            id: content.jobsite.id,
            name: content.jobsite.name,
            address: content.jobsite.address,
            timezone: content.jobsite.timezone,
          },
          workDate: content.workDate,
          verdict: content.judgement.verdict,
          hoursLost: content.judgement.hoursLost,
          reasons: content.judgement.rules.map((r) => r.reason),
          channel: 'email',
          recipient: { audience: recipient.audience, name: recipient.name, email: recipient.email },
          simulatedForecast: content.simulated,
        },
      });
      return sent;
    },
  };
}
