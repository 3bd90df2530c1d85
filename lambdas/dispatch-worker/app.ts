import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DISPATCH_MAX_RECEIVE_COUNT } from '../../shared/dispatch-queue';
import { workBatch, type BatchDeps } from '../core/dispatch/dispatch-batch';

/** A batch that judged or sent less than all: SQS delivers it again, then parks it in the DLQ. */
export class DispatchBatchIncompleteError extends Error {}

/**
 * The `dispatch-worker` Lambda: one SQS message is one batch of a run. Each message goes through the
 * worker's use-case; one that does not complete is reported as a batch item failure (the others of
 * the delivery are deleted), retried by SQS and, after the last receive, kept in the dead-letter queue,
 * its failure recorded in the run record for the next runs to catch up.
 */
export function createDispatchWorkerHandler(deps: BatchDeps) {
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord) => {
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    const result = await workBatch(deps, record.body, {
      finalAttempt: receives >= DISPATCH_MAX_RECEIVE_COUNT,
    });
    if (!result.complete)
      throw new DispatchBatchIncompleteError(
        `Batch ${result.tally.batchNo}: ${result.tally.failed} jobsites or messages failed (receive ${receives})`,
      );
  };
  return async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    try {
      // Every message failing is still a partial response: each failed message is retried on its own.
      return await processPartialResponse(event, handleRecord, processor, {
        context,
        throwOnFullBatchFailure: false,
      });
    } finally {
      deps.metrics?.flush();
    }
  };
}
