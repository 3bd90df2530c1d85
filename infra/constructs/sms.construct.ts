import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as smsvoice from 'aws-cdk-lib/aws-smsvoice';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { smsMessages } from '../../shared/sms-messages';

export interface SmsConstructProps {
  /** The account's monthly SMS spend ceiling in USD (End User Messaging's spend limit override). */
  readonly monthlySpendLimitUsd: number;
}

/**
 * AWS End User Messaging SMS: a US toll-free number (two-way, its replies published to SNS), a
 * configuration set whose delivery events go to the same topic, and the account's monthly spend
 * limit. The `sms-events` Lambda reads the topic. The number needs its toll-free registration
 * approved before it can text US phones (docs/operations.md).
 */
export class SmsConstruct extends Construct {
  readonly eventsTopic: sns.Topic;
  readonly configurationSet: smsvoice.CfnConfigurationSet;
  readonly phoneNumber: smsvoice.CfnPhoneNumber;

  constructor(scope: Construct, id: string, props: SmsConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const key = new kms.Key(this, 'SmsEventsKey', {
      description: 'Raincheck: SMS replies and delivery events on SNS',
      enableKeyRotation: true,
    });
    const service = new iam.ServicePrincipal('sms-voice.amazonaws.com');
    key.grant(service, 'kms:GenerateDataKey*', 'kms:Decrypt');
    this.eventsTopic = new sns.Topic(this, 'SmsEventsTopic', { masterKey: key, enforceSSL: true });
    this.eventsTopic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [service],
        resources: [this.eventsTopic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );

    this.configurationSet = new smsvoice.CfnConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `${stack.stackName}-sms`,
      eventDestinations: [
        {
          eventDestinationName: 'delivery-events',
          enabled: true,
          matchingEventTypes: ['TEXT_ALL'],
          snsDestination: { topicArn: this.eventsTopic.topicArn },
        },
      ],
    });

    this.phoneNumber = new smsvoice.CfnPhoneNumber(this, 'TollFreeNumber', {
      isoCountryCode: 'US',
      numberType: 'TOLL_FREE',
      numberCapabilities: ['SMS'],
      // STOP goes on the account's opt-out list (AWS managed); replies are also published for our log.
      selfManagedOptOutsEnabled: false,
      mandatoryKeywords: {
        help: { message: smsMessages.help('your contractor') },
        stop: { message: smsMessages.stopped() },
      },
      twoWay: { enabled: true, channelArn: this.eventsTopic.topicArn },
    });

    // No CloudFormation resource holds the spend limit: the SDK call, once per deploy that changes it.
    const spendLimitCall = {
      service: 'PinpointSMSVoiceV2',
      action: 'SetTextMessageSpendLimitOverride',
      parameters: { MonthlyLimit: props.monthlySpendLimitUsd },
      physicalResourceId: PhysicalResourceId.of('raincheck-sms-spend-limit'),
    };
    const spendLimit = new AwsCustomResource(this, 'SpendLimit', {
      onCreate: spendLimitCall,
      onUpdate: spendLimitCall,
      policy: AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['sms-voice:SetTextMessageSpendLimitOverride'],
          resources: ['*'],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    Validations.of(spendLimit).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'SetTextMessageSpendLimitOverride is account-wide: the action has no resource ARN.',
    });
    // The provider Lambda AwsCustomResource shares across the stack (a singleton at the stack's root).
    const provider = stack.node.tryFindChild(
      `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    if (provider)
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'The AwsCustomResource provider (spend limit, run at deploy) logs with the basic execution role.',
      });
  }

  /** sms-voice:SendTextMessage from this number through this configuration set, nothing else. */
  grantSend(fn: lambda.IFunction): void {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['sms-voice:SendTextMessage'],
        resources: [this.phoneNumber.attrArn, this.configurationSet.attrArn],
      }),
    );
  }

  /** The `sms-events` Lambda receives replies and delivery events. */
  subscribeEvents(functions: ReadonlyMap<string, lambda.IFunction>): void {
    const handler = functions.get('sms-events');
    if (!handler) throw new Error('No "sms-events" entry in infra/lambda-entries.ts');
    this.eventsTopic.addSubscription(new subscriptions.LambdaSubscription(handler));
  }

  /** What every function's config reads (lambdas/config.ts). */
  environment(): Record<string, string> {
    return {
      SMS_ORIGINATION_IDENTITY: this.phoneNumber.attrArn,
      SMS_CONFIGURATION_SET: this.configurationSet.ref,
    };
  }
}
