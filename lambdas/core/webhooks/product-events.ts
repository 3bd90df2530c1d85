import type { ConfirmationChannel, ConfirmationAnswer } from '../../../shared/confirmations';
import type { WebhookEventType } from '../../../shared/webhooks';
import type { ConfirmationRequest } from '../confirmations/confirmation.ports';
import { eventIdOf } from './publish-event';
import type { ProductEvent } from './webhook.ports';

/**
 * The events the hooks raise, built here so each hook stays one line. Ids are derived from what
 * makes the event unique, so a repeated call (a retried request) is delivered once.
 */
export function jobsiteEvent(
  type: Extract<WebhookEventType, `jobsite.${string}`>,
  tenantId: string,
  jobsite: { id: string; updatedAt?: string },
): ProductEvent {
  return {
    tenantId,
    type,
    jobsiteId: jobsite.id,
    eventId:
      type === 'jobsite.deleted'
        ? eventIdOf(type, tenantId, jobsite.id)
        : eventIdOf(type, tenantId, jobsite.id, jobsite.updatedAt ?? ''),
    data: type === 'jobsite.deleted' ? { id: jobsite.id } : { jobsite },
  };
}

export function ledgerDayEvent(
  tenantId: string,
  jobsiteId: string,
  mark: { date: string; worked: boolean; note: string | null; markedAt: string },
): ProductEvent {
  return {
    tenantId,
    type: 'ledger.day_marked',
    jobsiteId,
    eventId: eventIdOf('ledger.day_marked', tenantId, jobsiteId, mark.date, mark.markedAt),
    data: { jobsiteId, ...mark },
  };
}

export function confirmationEvent(
  request: Pick<
    ConfirmationRequest,
    'tenantId' | 'id' | 'jobsiteId' | 'jobsiteName' | 'workDate' | 'verdict' | 'foremanName'
  >,
  answer: { answer: ConfirmationAnswer; answeredAt: string; answeredVia: ConfirmationChannel },
): ProductEvent {
  return {
    tenantId: request.tenantId,
    type: 'confirmation.received',
    jobsiteId: request.jobsiteId,
    eventId: eventIdOf('confirmation.received', request.tenantId, request.id),
    data: {
      confirmationId: request.id,
      jobsite: { id: request.jobsiteId, name: request.jobsiteName },
      workDate: request.workDate,
      verdict: request.verdict,
      foremanName: request.foremanName,
      ...answer,
    },
  };
}
