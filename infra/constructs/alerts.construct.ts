import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Construct } from 'constructs';
import { DISPATCH_MAX_RECEIVE_COUNT } from '../../shared/dispatch-queue';
import type { HandlerSchedule } from '../../shared/schedules';
import { pascalCase } from '../naming';
import { alarmOnAnyCount, encryptedTopic, queueWithAlarmedDeadLetter } from './secure-resources';

/** Jobsite batches one worker invocation takes: one message, so one failed batch retries alone. */
const WORKER_BATCH_SIZE = 1;
/** Workers at once: enough for 10,000 jobsites in one slot, gentle on SES and the forecast API. */
export const WORKER_MAX_CONCURRENCY = 10;

/**
 * The alerting plumbing: the queue of jobsite batches (with its dead-letter queue), the dispatch alarms and
 * their topic, the
 * SES configuration set every email goes through, and the EventBridge schedules of the scheduled handlers.
 */
export class AlertsConstruct extends Construct {
  readonly dispatchQueue: sqs.Queue;
  readonly dispatchDeadLetterQueue: sqs.Queue;
  readonly configurationSet: ses.ConfigurationSet;
  readonly rules = new Map<string, events.Rule>();
  /** Where the alarms go (encrypted); operators subscribe to it (docs/operations.md). */
  readonly alarmTopic: sns.Topic;
  readonly dispatchDeadLetterAlarm: cloudwatch.Alarm;
  readonly runsIncompleteAlarm: cloudwatch.Alarm;
  /** SES bounce and complaint events of the configuration set (they name addresses: encrypted). */
  readonly emailEventsTopic: sns.Topic;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // CloudWatch publishes alarm state changes to the encrypted topic.
    this.alarmTopic = encryptedTopic(
      this,
      { topic: 'AlarmTopic', key: 'AlarmTopicKey' },
      'Raincheck: alarm notifications on SNS',
      'cloudwatch.amazonaws.com',
    );
    const notify = new cloudwatchActions.SnsAction(this.alarmTopic);

    const dispatch = queueWithAlarmedDeadLetter(
      this,
      'Dispatch',
      DISPATCH_MAX_RECEIVE_COUNT,
      {
        // Longer than any worker may take on one batch (a consumer's timeout must stay below this).
        visibilityTimeout: Duration.minutes(15),
        // Batches are for one 15-minute slot; an older batch is stale news.
        retentionPeriod: Duration.hours(6),
      },
      {
        description: `Jobsite batches failed ${DISPATCH_MAX_RECEIVE_COUNT} times and wait in the dead-letter queue (docs/operations.md, "Dispatch dead-letter queue")`,
        notify,
      },
    );
    this.dispatchQueue = dispatch.queue;
    this.dispatchDeadLetterQueue = dispatch.deadLetterQueue;
    this.dispatchDeadLetterAlarm = dispatch.deadLetterAlarm;

    // The planner of each scheduled run emits RunsIncomplete = 1 when the run before it judged fewer
    // jobsites than were due (ADR 0008): an upstream outage, failed batches or batches still running.
    this.runsIncompleteAlarm = alarmOnAnyCount(
      this,
      'DispatchRunsIncompleteAlarm',
      'A dispatch run judged fewer jobsites than were due (docs/operations.md, "Incomplete dispatch runs")',
      new cloudwatch.Metric({
        namespace: 'Raincheck',
        metricName: 'RunsIncomplete',
        dimensionsMap: { service: 'dispatch' },
        statistic: cloudwatch.Stats.MAXIMUM,
        period: Duration.minutes(15),
      }),
      notify,
    );

    this.configurationSet = new ses.ConfigurationSet(this, 'EmailConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      // Stop sending to addresses that bounced or complained (DESIGN §5, Email).
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // SES publishes to the encrypted topic.
    this.emailEventsTopic = encryptedTopic(
      this,
      { topic: 'EmailEventsTopic', key: 'EmailEventsKey' },
      'Raincheck: SES bounce and complaint events on SNS',
      'ses.amazonaws.com',
    );
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.emailEventsTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
  }

  /**
   * The `dispatch-worker` Lambda consumes the queue, one batch per invocation, reporting failed
   * messages (partial batch responses) so only those are retried and, at last, dead-lettered.
   */
  consumeDispatchQueue(functions: ReadonlyMap<string, lambda.IFunction>): void {
    const worker = functions.get('dispatch-worker');
    if (!worker) throw new Error('No "dispatch-worker" entry in infra/lambda-entries.ts');
    worker.addEventSource(
      new SqsEventSource(this.dispatchQueue, {
        batchSize: WORKER_BATCH_SIZE,
        maxConcurrency: WORKER_MAX_CONCURRENCY,
        reportBatchItemFailures: true,
      }),
    );
  }

  /** The `email-events` Lambda receives the topic's messages and marks the addresses. */
  subscribeEmailEvents(functions: ReadonlyMap<string, lambda.IFunction>): void {
    const handler = functions.get('email-events');
    if (!handler) throw new Error('No "email-events" entry in infra/lambda-entries.ts');
    this.emailEventsTopic.addSubscription(new subscriptions.LambdaSubscription(handler));
  }

  /**
   * One EventBridge rule per declared schedule, invoking the function of the same entry. The declarations
   * come from shared/schedules.ts, so the local scheduler and AWS run on the same cadence.
   */
  scheduleHandlers(
    schedules: readonly HandlerSchedule[],
    functions: ReadonlyMap<string, lambda.IFunction>,
  ): void {
    for (const schedule of schedules) {
      const handler = functions.get(schedule.entry);
      if (!handler) {
        throw new Error(`Schedule "${schedule.entry}" names no Lambda entry in infra/lambda-entries.ts`);
      }
      const rule = new events.Rule(this, `${pascalCase(schedule.entry)}Schedule`, {
        description: schedule.description,
        schedule: events.Schedule.rate(Duration.minutes(schedule.rateMinutes)),
        targets: [
          new targets.LambdaFunction(handler, {
            // A run older than its slot is replaced by the next one; each notification is claimed with a
            // conditional write, so a retry never sends twice.
            maxEventAge: Duration.minutes(schedule.rateMinutes),
            retryAttempts: 2,
          }),
        ],
      });
      this.rules.set(schedule.entry, rule);
    }
  }
}
