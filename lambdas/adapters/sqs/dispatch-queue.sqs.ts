import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DispatchQueue } from '../../core/dispatch/run-dispatch';

/** SQS takes at most 10 messages per SendMessageBatch. */
const PER_CALL = 10;

/** The planner's batches onto the dispatch queue; the `dispatch-worker` Lambda consumes them. */
export class SqsDispatchQueue implements DispatchQueue {
  constructor(
    private readonly queueUrl: string,
    private readonly sqs = new SQSClient({}),
  ) {}

  async send(bodies: readonly string[]): Promise<void> {
    for (let i = 0; i < bodies.length; i += PER_CALL) {
      const chunk = bodies.slice(i, i + PER_CALL);
      const out = await this.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: chunk.map((body, j) => ({ Id: String(i + j), MessageBody: body })),
        }),
      );
      // A refused entry would leave its jobsites unjudged with nobody to notice: fail the planner, so
      // EventBridge retries it (a new run; claims keep what was sent from going out twice).
      if (out.Failed && out.Failed.length > 0)
        throw new Error(
          `SQS refused ${out.Failed.length} dispatch batches: ${out.Failed[0]!.Message ?? out.Failed[0]!.Code}`,
        );
    }
  }
}
