import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SCHEDULES } from '../shared/schedules';
import { WebhooksConstruct } from './constructs/webhooks.construct';
import { AlertsConstruct } from './constructs/alerts.construct';
import { ApiConstruct } from './constructs/api.construct';
import { AuthConstruct } from './constructs/auth.construct';
import { DataConstruct } from './constructs/data.construct';
import { LocationConstruct } from './constructs/location.construct';
import { SecretsConstruct } from './constructs/secrets.construct';
import { SmsConstruct } from './constructs/sms.construct';

import { WebConstruct } from './constructs/web.construct';
import { FilesConstruct } from './constructs/files.construct';
import { LAMBDA_ENTRIES } from './lambda-entries';
import type { RaincheckSettings } from './settings';

/** The account-wide monthly SMS spend limit (USD) set on End User Messaging SMS. */
const SMS_MONTHLY_SPEND_LIMIT_USD = 100;

export interface RaincheckStackProps extends StackProps {
  /** Repository root: Lambda entries and the lock file are resolved from here. */
  readonly projectRoot: string;
  /** Folder of the built SPA (normally `<projectRoot>/web/dist`). */
  readonly webAssetPath: string;
  readonly settings: RaincheckSettings;
}

/** All of Raincheck in AWS, one construct per concern (docs/architecture.md). */
export class RaincheckStack extends Stack {
  readonly auth: AuthConstruct;
  readonly data: DataConstruct;
  readonly secrets: SecretsConstruct;
  readonly alerts: AlertsConstruct;
  readonly webhooks: WebhooksConstruct;
  readonly api: ApiConstruct;
  readonly sms: SmsConstruct;
  readonly web: WebConstruct;
  /** File storage: uploads and the files served at /files/* (issue 24). */
  readonly files: FilesConstruct;
  readonly location: LocationConstruct;

  constructor(scope: Construct, id: string, props: RaincheckStackProps) {
    super(scope, id, {
      description: 'Raincheck: weather-delay notices and weather-day records for construction jobsites',
      ...props,
    });
    const { settings } = props;

    this.data = new DataConstruct(this, 'Data');
    this.auth = new AuthConstruct(this, 'Auth', { threatProtection: settings.threatProtection });
    this.secrets = new SecretsConstruct(this, 'Secrets', { weatherApiKeyParam: settings.weatherApiKeyParam });
    this.alerts = new AlertsConstruct(this, 'Alerts');
    // Bounds the account's SMS cost whatever the plans' allowances add up to (docs/operations.md).
    this.sms = new SmsConstruct(this, 'Sms', { monthlySpendLimitUsd: SMS_MONTHLY_SPEND_LIMIT_USD });
    this.webhooks = new WebhooksConstruct(this, 'Webhooks', { alarmTopic: this.alerts.alarmTopic });
    this.files = new FilesConstruct(this, 'Files');
    this.api = new ApiConstruct(this, 'Api', {
      projectRoot: props.projectRoot,
      entries: LAMBDA_ENTRIES,
      table: this.data.table,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      secrets: this.secrets,
      dispatchQueue: this.alerts.dispatchQueue,
      configurationSet: this.alerts.configurationSet,
      mailFrom: settings.mailFrom,
      sms: this.sms,
      webhookQueue: this.webhooks.queue,
      files: this.files,
    });
    const functions = this.api.lambdaFunctions();
    // The pool's triggers: Cognito invokes them, so they are wired to the pool, not to routes.
    for (const entry of LAMBDA_ENTRIES)
      for (const trigger of entry.userPoolTriggers ?? [])
        this.auth.addTrigger(trigger, functions.get(entry.name)!);
    this.sms.subscribeEvents(this.api.lambdaFunctions());
    this.alerts.scheduleHandlers(SCHEDULES, this.api.lambdaFunctions());
    this.alerts.subscribeEmailEvents(this.api.lambdaFunctions());
    this.alerts.consumeDispatchQueue(this.api.lambdaFunctions());
    this.webhooks.consume(this.api.lambdaFunctions());
    this.web = new WebConstruct(this, 'Web', {
      assetPath: props.webAssetPath,
      apiDomainName: this.api.apiDomainName,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      filesBucket: this.files.bucket,
      // The map key is fenced to the app's origin, which exists only once the web construct does.
      mapStyleUrl: Lazy.string({ produce: () => this.location.mapStyleUrl }),
    });
    this.api.setAppOrigin(this.web.url);
    // Single sign-on: the managed login domain; the api Lambda builds discover's URLs from it.
    const ssoLoginUrl = this.auth.enableSingleSignOn(this.web.url);
    this.api.functions.get('api')!.fn.addEnvironment('SSO_LOGIN_URL', ssoLoginUrl);
    // A deploy that updates the web client must not reset its identity providers (ADR 0011).
    this.auth.keepClientProviders(functions.get('sso-client-providers')!);
    this.location = new LocationConstruct(this, 'Location', { appOrigin: this.web.url });
    this.location.grantAddressLookup(this.api.functions.get('api')!.fn);

    new CfnOutput(this, 'Url', { value: this.web.url, description: 'Raincheck (SPA and /api)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.secrets.stripeSecret.secretArn,
      description: 'Fill with the Stripe keys JSON (docs/operations.md)',
    });
    new CfnOutput(this, 'DispatchDeadLetterQueueUrl', {
      value: this.alerts.dispatchDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alerts.alarmTopic.topicArn,
      description: 'Subscribe the on-call address to the dispatch alarms (docs/operations.md)',
    });
  }
}
