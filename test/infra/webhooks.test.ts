import { synthesisForTheseTests } from './support/synth-raincheck';

/** The webhook deliveries in AWS (issue 23 §6): an SQS queue and the delivery Lambda consuming it. */
const synthesized = synthesisForTheseTests();
const { logicalId } = synthesized;
const fnId = (name: string) => logicalId(synthesized.stack.api.functions.get(name)!.fn);

type Statement = { Action: string | string[]; Resource: unknown };
function statementsOf(name: string): Statement[] {
  const role = synthesized.stack.api.functions.get(name)!.fn.role!;
  const policies = Object.values(synthesized.template.findResources('AWS::IAM::Policy')) as {
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
      JSON.stringify(s.Resource).includes(logicalId(synthesized.stack.webhooks.queue)),
  );

describe('webhook deliveries in AWS', () => {
  it('should feed the webhook queue to the webhook-delivery Lambda, reporting failed messages', () => {
    synthesized.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId('webhook-delivery') },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(synthesized.stack.webhooks.queue), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('should encrypt the queue, park failing jobs in a dead-letter queue and alarm on it', () => {
    synthesized.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(synthesized.stack.webhooks.deadLetterQueue), 'Arn'] },
      },
    });
    synthesized.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmActions: [{ Ref: logicalId(synthesized.stack.alerts.alarmTopic) }],
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(synthesized.stack.webhooks.deadLetterQueue), 'QueueName'] },
        },
      ],
    });
  });

  it('should let only the publishers and the delivery Lambda send to the queue, and tell them where it is', () => {
    for (const name of ['api', 'dispatch', 'dispatch-worker', 'webhook-delivery'])
      expect(sendsToWebhookQueue(name)).toBe(true);
    for (const name of ['billing', 'checkout', 'stripe-webhook', 'email-events', 'holidays'])
      expect(sendsToWebhookQueue(name)).toBe(false);
    const env = synthesized.template.findResources('AWS::Lambda::Function', {
      Properties: {
        Environment: {
          Variables: { WEBHOOK_QUEUE_URL: { Ref: logicalId(synthesized.stack.webhooks.queue) } },
        },
      },
    });
    expect(Object.keys(env)).toContain(fnId('webhook-delivery'));
    expect(Object.keys(env)).toContain(fnId('api'));
  });

  it('should never allow loopback receivers in AWS: no function is given WEBHOOKS_ALLOW_LOOPBACK', () => {
    const fns = Object.values(synthesized.template.findResources('AWS::Lambda::Function')) as {
      Properties: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    for (const fn of fns)
      expect(fn.Properties.Environment?.Variables ?? {}).not.toHaveProperty('WEBHOOKS_ALLOW_LOOPBACK');
  });
});
