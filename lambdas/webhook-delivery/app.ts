import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { attemptDelivery, type DeliveryDeps } from '../core/webhooks/deliver-webhook';
import type { DeliveryJob } from '../core/webhooks/webhook.ports';

/** A queue message that is not a delivery job: dropped (retrying it would never help). */
function jobOf(record: SQSRecord): DeliveryJob | null {
  try {
    const job = JSON.parse(record.body) as Partial<DeliveryJob>;
    return typeof job.tenantId === 'string' &&
      typeof job.endpointId === 'string' &&
      typeof job.deliveryId === 'string'
      ? (job as DeliveryJob)
      : null;
  } catch {
    return null;
  }
}

/**
 * The `webhook-delivery` Lambda: each SQS message is one attempt of one delivery. The back-off is
 * ours (the next attempt is a new, delayed message), so a message fails back to SQS only when the
 * attempt could not even be recorded (the table unreachable); SQS then tries it again.
 */
export function createWebhookDeliveryHandler(deps: DeliveryDeps) {
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord) => {
    const job = jobOf(record);
    if (!job) {
      deps.log.warn('webhook: dropped a queue message that is not a delivery job', {
        messageId: record.messageId,
      });
      return;
    }
    await attemptDelivery(deps, job);
  };
  return async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
