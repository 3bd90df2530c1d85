import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { RaincheckStack } from '../../infra/raincheck.stack';
import { synthRaincheck, type RaincheckSynthesis } from './support/synth-raincheck';

/** The webhook deliveries in AWS (issue 23 §6): an SQS queue and the delivery Lambda consuming it. */
let synthesis: RaincheckSynthesis;
let template: Template;
let stack: RaincheckStack;

beforeAll(() => {
  synthesis = synthRaincheck();
  ({ template, stack } = synthesis);
}, 600_000);
afterAll(() => synthesis?.cleanup());

const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnElement);
const fnId = (name: string) => logicalId(stack.api.functions.get(name)!.fn);

type Statement = { Action: string | string[]; Resource: unknown };
function statementsOf(name: string): Statement[] {
  const role = stack.api.functions.get(name)!.fn.role!;
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } };
  }[];
  return policies
    .filter((p) => p.Properties.Roles.some((r) => r.Ref === logicalId(role)))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
const sendsToWebhookQueue = (name: string) =>
  statementsOf(name).some(
    (s) =>
      [s.Action].flat().includes('sqs:SendMessage') &&
      JSON.stringify(s.Resource).includes(logicalId(stack.webhooks.queue)),
  );

describe('webhook deliveries in AWS', () => {
  it('should feed the webhook queue to the webhook-delivery Lambda, reporting failed messages', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId('webhook-delivery') },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.webhooks.queue), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('should encrypt the queue, park failing jobs in a dead-letter queue and alarm on it', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.webhooks.deadLetterQueue), 'Arn'] },
      },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmActions: [{ Ref: logicalId(stack.alerts.alarmTopic) }],
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(stack.webhooks.deadLetterQueue), 'QueueName'] },
        },
      ],
    });
  });

  it('should let only the publishers and the delivery Lambda send to the queue, and tell them where it is', () => {
    for (const name of ['api', 'dispatch', 'dispatch-worker', 'webhook-delivery'])
      expect(sendsToWebhookQueue(name)).toBe(true);
    for (const name of ['billing', 'checkout', 'stripe-webhook', 'email-events', 'holidays'])
      expect(sendsToWebhookQueue(name)).toBe(false);
    const env = template.findResources('AWS::Lambda::Function', {
      Properties: {
        Environment: { Variables: { WEBHOOK_QUEUE_URL: { Ref: logicalId(stack.webhooks.queue) } } },
      },
    });
    expect(Object.keys(env)).toContain(fnId('webhook-delivery'));
    expect(Object.keys(env)).toContain(fnId('api'));
  });

  it('should never allow loopback receivers in AWS: no function is given WEBHOOKS_ALLOW_LOOPBACK', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as {
      Properties: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    for (const fn of fns)
      expect(fn.Properties.Environment?.Variables ?? {}).not.toHaveProperty('WEBHOOKS_ALLOW_LOOPBACK');
  });
});
