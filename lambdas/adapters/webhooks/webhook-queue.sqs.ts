import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryJob, WebhookQueue } from '../../core/webhooks/webhook.ports';

/** SQS delays a message at most 15 minutes; a later attempt is put back until it is due. */
export const SQS_MAX_DELAY_SECONDS = 900;

/** The delivery jobs onto the webhook queue; the `webhook-delivery` Lambda consumes it. */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly queueUrl: string,
    private readonly sqs = new SQSClient({}),
  ) {}

  async enqueue(job: DeliveryJob, delaySeconds: number): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(job),
        DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
      }),
    );
  }
}
