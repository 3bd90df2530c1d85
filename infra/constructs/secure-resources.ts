import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** An SQS queue encrypted at rest (SQS-managed keys) that refuses requests over plain HTTP. */
export function secureQueue(scope: Construct, id: string, props: sqs.QueueProps = {}): sqs.Queue {
  return new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    ...props,
  });
}

/**
 * A secure queue (`<name>Queue`) whose messages move, after `maxReceiveCount` receives, to a secure
 * dead-letter queue (`<name>DeadLetterQueue`) kept 14 days: the longest SQS allows, time to look at
 * them and redrive (docs/operations.md); `<name>DeadLetterAlarm` tells `alarm.notify` as soon as one
 * waits there.
 */
export function queueWithAlarmedDeadLetter(
  scope: Construct,
  name: string,
  maxReceiveCount: number,
  props: Omit<sqs.QueueProps, 'deadLetterQueue'>,
  alarm: { description: string; notify: cloudwatch.IAlarmAction },
): { queue: sqs.Queue; deadLetterQueue: sqs.Queue; deadLetterAlarm: cloudwatch.Alarm } {
  const deadLetterQueue = secureQueue(scope, `${name}DeadLetterQueue`, {
    retentionPeriod: Duration.days(14),
  });
  const queue = secureQueue(scope, `${name}Queue`, {
    ...props,
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount },
  });
  const depth = deadLetterDepth(deadLetterQueue);
  const deadLetterAlarm = alarmOnAnyCount(
    scope,
    `${name}DeadLetterAlarm`,
    alarm.description,
    depth,
    alarm.notify,
  );
  return { queue, deadLetterQueue, deadLetterAlarm };
}

/**
 * An SNS topic encrypted with its own rotating KMS key, refusing plain HTTP. The AWS service that
 * publishes to it (`publisher`, e.g. `ses.amazonaws.com`) needs the key for each message's data key.
 */
export function encryptedTopic(
  scope: Construct,
  ids: { topic: string; key: string },
  keyDescription: string,
  publisher: string,
): sns.Topic {
  const key = new kms.Key(scope, ids.key, { description: keyDescription, enableKeyRotation: true });
  key.grant(new iam.ServicePrincipal(publisher), 'kms:GenerateDataKey*', 'kms:Decrypt');
  return new sns.Topic(scope, ids.topic, { masterKey: key, enforceSSL: true });
}

/** An alarm as soon as `metric` is above zero (missing data is fine), notifying `notify`. */
export function alarmOnAnyCount(
  scope: Construct,
  id: string,
  alarmDescription: string,
  metric: cloudwatch.IMetric,
  notify: cloudwatch.IAlarmAction,
): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmDescription,
    metric,
    threshold: 0,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(notify);
  return alarm;
}

/** How many messages wait in a dead-letter queue: the five-minute maximum. */
export const deadLetterDepth = (queue: sqs.IQueue): cloudwatch.IMetric =>
  queue.metricApproximateNumberOfMessagesVisible({
    period: Duration.minutes(5),
    statistic: cloudwatch.Stats.MAXIMUM,
  });
