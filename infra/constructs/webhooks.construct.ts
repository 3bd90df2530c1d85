import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueWithAlarmedDeadLetter } from './secure-resources';

/** Receives before a job is parked: the back-off is ours (new delayed messages), so these are table outages. */
const MAX_RECEIVES = 5;

/**
 * Webhook deliveries (issue 23 §6): the queue of delivery jobs, its dead-letter queue, and the
 * `webhook-delivery` Lambda as its consumer. Publishers (api, dispatch, dispatch-worker) get
 * `WEBHOOK_QUEUE_URL` and send rights through the `webhookQueue` access of their entries.
 */
export class WebhooksConstruct extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: { alarmTopic: sns.ITopic }) {
    super(scope, id);
    const webhook = queueWithAlarmedDeadLetter(
      this,
      'Webhook',
      MAX_RECEIVES,
      {
        // Six times the consumer's 30 s timeout, as AWS advises for Lambda event sources.
        visibilityTimeout: Duration.minutes(3),
        // Deliveries retry for 24 h with re-sent messages; a day and a bit covers the slowest of them.
        retentionPeriod: Duration.days(2),
      },
      {
        description: 'Webhook delivery jobs failed to run and wait in the dead-letter queue',
        notify: new cloudwatchActions.SnsAction(props.alarmTopic),
      },
    );
    this.queue = webhook.queue;
    this.deadLetterQueue = webhook.deadLetterQueue;
    this.deadLetterAlarm = webhook.deadLetterAlarm;
  }

  /** The `webhook-delivery` Lambda attempts each job; failed messages (partial batch responses) return. */
  consume(functions: ReadonlyMap<string, lambda.IFunction>): void {
    const worker = functions.get('webhook-delivery');
    if (!worker) throw new Error('No "webhook-delivery" entry in infra/lambda-entries.ts');
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
  }
}
