import * as path from 'node:path';
import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { WORKER_MAX_CONCURRENCY } from './alerts.construct';
import {
  USER_MFA_RESET_ACTIONS,
  CLIENT_PROVIDERS_ACTIONS,
  USER_POOL_ADMIN_ACTIONS,
  USER_STATUS_ACTIONS,
  type FunctionAccess,
  type LambdaEntry,
  type RouteMethod,
} from '../lambda-entries';
import { pascalCase } from '../naming';
import { mailFromAddress } from '../settings';
import { RaincheckFunction } from './raincheck-function.construct';
import type { SecretsConstruct } from './secrets.construct';
import type { SmsConstruct } from './sms.construct';
import type { FilesConstruct } from './files.construct';

export interface ApiConstructProps {
  readonly projectRoot: string;
  readonly entries: readonly LambdaEntry[];
  readonly table: dynamodb.ITable;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly secrets: SecretsConstruct;
  readonly dispatchQueue: sqs.IQueue;
  readonly configurationSet: ses.IConfigurationSet;
  readonly mailFrom: string;
  /** End User Messaging SMS: its number and configuration set reach every function's config. */
  readonly sms: SmsConstruct;
  /** Webhook delivery jobs (webhooks.construct.ts): publishers queue, `webhook-delivery` consumes. */
  readonly webhookQueue: sqs.IQueue;
  /** File storage (files.construct.ts): every function knows the bucket (logo addresses); `files` may write. */
  readonly files: FilesConstruct;
}

/**
 * The HTTP API and every Lambda of `infra/lambda-entries.ts`: each function gets the shared defaults, the
 * environment the Lambdas' config module reads (lambdas/config.ts), exactly the access its entry lists, and
 * its routes (behind the Lambda authorizer unless marked public).
 */
export class ApiConstruct extends Construct {
  readonly httpApi: apigw.HttpApi;
  /** `<api-id>.execute-api.<region>.amazonaws.com`: the CloudFront origin for /api/*. */
  readonly apiDomainName: string;
  readonly functions = new Map<string, RaincheckFunction>();
  /** The entries the user pool invokes (triggers): the pool refers to them, so they refer to nothing of it. */
  private readonly triggerNames = new Set<string>();

  constructor(scope: Construct, id: string, props: ApiConstructProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Raincheck API (reached through CloudFront at /api/*)',
      // Same origin as the SPA through CloudFront (ADR 0002): no CORS.
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      MAIL_FROM: props.mailFrom,
      SES_CONFIGURATION_SET: props.configurationSet.configurationSetName,
      DISPATCH_QUEUE_URL: props.dispatchQueue.queueUrl,
      DISPATCH_WORKERS: String(WORKER_MAX_CONCURRENCY),
      WEBHOOK_QUEUE_URL: props.webhookQueue.queueUrl,
      FILES_BUCKET: props.files.bucket.bucketName,
      STRIPE_SECRET_ARN: props.secrets.stripeSecret.secretArn,
      WEATHER_API_KEY_PARAM: props.secrets.weatherApiKeyParamName,
      ...props.sms.environment(),
      // APP_ORIGIN is added once the CloudFront distribution exists (setAppOrigin).
    };

    for (const entry of props.entries) {
      if (this.functions.has(entry.name)) throw new Error(`Duplicate Lambda entry "${entry.name}"`);
      const fn = new RaincheckFunction(this, `${pascalCase(entry.name)}Lambda`, {
        name: entry.name,
        entry: path.join(props.projectRoot, entry.entry),
        projectRoot: props.projectRoot,
        environment: entry.userPoolTriggers ? withoutPoolIds(environment) : environment,
        memorySize: entry.memorySize,
        assets: entry.assets,
        firstUsePackages: entry.firstUsePackages,
        nodeOptions: entry.nodeOptions,
        timeout: entry.timeoutSeconds === undefined ? undefined : Duration.seconds(entry.timeoutSeconds),
      });
      this.functions.set(entry.name, fn);
      if (entry.userPoolTriggers) this.triggerNames.add(entry.name);
      for (const access of new Set(entry.access)) this.grant(fn, access, props);
    }

    const authorizer = requestAuthorizer(this.functions, props.entries);
    for (const entry of props.entries) {
      if (entry.routes.length === 0) continue;
      const fn = this.functions.get(entry.name)!;
      const integration = new HttpLambdaIntegration(`${pascalCase(entry.name)}Integration`, fn.fn);
      for (const route of entry.routes) {
        const [created] = this.httpApi.addRoutes({
          path: route.path,
          methods: [httpMethod(route.method)],
          integration,
          authorizer: route.public ? new apigw.HttpNoneAuthorizer() : authorizer,
        });
        if (route.public && created) {
          Validations.of(created).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} of "${entry.name}" is public by declaration in infra/lambda-entries.ts`,
          });
        }
      }
    }
  }

  /** The functions' APP_ORIGIN: links in emails and Stripe return URLs point at the CloudFront URL. */
  setAppOrigin(appOrigin: string): void {
    for (const [name, fn] of this.functions) {
      if (!this.triggerNames.has(name)) fn.addEnvironment('APP_ORIGIN', appOrigin);
    }
  }

  /** The Lambda of an entry, for wiring outside the API (schedules). */
  lambdaFunctions(): ReadonlyMap<string, lambda.IFunction> {
    return new Map([...this.functions].map(([name, fn]) => [name, fn.fn]));
  }

  /** cdk-nag: a grant on one prefix of the files bucket is a wildcard only within that prefix. */
  private acknowledgeBucketPrefix(
    fn: RaincheckFunction,
    files: FilesConstruct,
    prefix: string,
    reason: string,
  ) {
    const bucketCfn = files.bucket.node.defaultChild as s3.CfnBucket;
    const bucket = `<${Stack.of(this).getLogicalId(bucketCfn)}.Arn>`;
    Validations.of(fn.role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${bucket}/${prefix}/*]`, reason });
  }

  private grant(fn: RaincheckFunction, access: FunctionAccess, props: ApiConstructProps): void {
    switch (access) {
      case 'table':
        props.table.grantReadWriteData(fn.fn);
        // Queries on gsi1/gsi2/gsi3 need the index ARNs, which grantReadWriteData writes as <table-arn>/index/*.
        Validations.of(fn.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(props.table)}.Arn>/index/*]`,
          reason:
            'Read access to the indexes (gsi1, gsi2, gsi3) of the one Raincheck table, and nothing else.',
        });
        return;
      case 'stripeSecret':
        props.secrets.stripeSecret.grantRead(fn.fn);
        return;
      case 'weatherApiKey':
        props.secrets.grantReadWeatherApiKey(fn.fn);
        return;
      case 'sendEmail': {
        const stack = Stack.of(this);
        const address = mailFromAddress(props.mailFrom);
        const domain = address.split('@')[1] ?? address;
        // SES authorizes a send against the identity that covers the sender (the address or its domain)
        // and against the configuration set named in the request.
        const identityArn = (identity: string) =>
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
        fn.fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [
              identityArn(address),
              identityArn(domain),
              stack.formatArn({
                service: 'ses',
                resource: 'configuration-set',
                resourceName: props.configurationSet.configurationSetName,
              }),
            ],
          }),
        );
        // The account's MaxSendRate paces every sender together (core/limits/shared-send-rate.ts);
        // GetAccount names no resource, so it cannot be scoped further.
        fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
        return;
      }
      case 'webhookQueue':
        props.webhookQueue.grantSendMessages(fn.fn);
        return;
      case 'dispatchQueue':
        props.dispatchQueue.grantSendMessages(fn.fn);
        return;
      case 'sendSms':
        props.sms.grantSend(fn.fn);
        return;
      case 'files':
        props.files.grantUploads(fn.fn);
        for (const prefix of ['uploads', 'files'])
          this.acknowledgeBucketPrefix(
            fn,
            props.files,
            prefix,
            `Objects under ${prefix}/ of the files bucket only: each upload and each served logo has its own fresh key.`,
          );
        return;
      case 'reportDocuments':
        props.files.grantReportDocuments(fn.fn);
        this.acknowledgeBucketPrefix(
          fn,
          props.files,
          'report-documents',
          'Objects under report-documents/ of the files bucket only: one per report and period.',
        );
        return;
      case 'unsubscribeSecret':
        // A dynamic reference: CloudFormation resolves it at deploy, so the template holds no value.
        fn.fn.addEnvironment(
          'UNSUBSCRIBE_SECRET',
          props.secrets.unsubscribeSecret.secretValue.unsafeUnwrap(),
        );
        return;
      case 'userPoolAdmin':
      case 'userStatus':
      case 'clientProviders':
        // Scoped to the one pool: no wildcard resource, and only the actions the entry's code calls.
        fn.fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: [...POOL_ACTIONS[access]],
            resources: [props.userPool.userPoolArn],
          }),
        );
        return;
      case 'userMfaReset':
        // A policy of its own, not the role's default one: the function waits for its role's default
        // policy, and the pool (which this statement names) waits for the function it triggers.
        new iam.Policy(this, `${pascalCase(fn.node.id)}UserMfaReset`, {
          statements: [
            new iam.PolicyStatement({
              actions: [...USER_MFA_RESET_ACTIONS],
              resources: [props.userPool.userPoolArn],
            }),
          ],
        }).attachToRole(fn.role);
        return;
    }
  }
}

const POOL_ACTIONS = {
  userPoolAdmin: USER_POOL_ADMIN_ACTIONS,
  userStatus: USER_STATUS_ACTIONS,
  clientProviders: CLIENT_PROVIDERS_ACTIONS,
} as const;

/** The shared environment less the pool's ids, for the pool's triggers (their events name the pool). */
function withoutPoolIds(environment: Record<string, string>): Record<string, string> {
  const { USER_POOL_ID: _pool, USER_POOL_CLIENT_ID: _client, ...rest } = environment;
  return rest;
}

/**
 * The one authorizer of every route not public: the Lambda of the entry marked `authorizer`. A Lambda
 * authorizer, not API Gateway's JWT authorizer, because a support session's bearer (`rcs_…`, issue 22
 * §7) is no Cognito JWT and the JWT authorizer refuses it before any function runs (docs/adr/0010).
 * Simple responses; no result cache, so a token's expiry and a revoked grant hold to the second.
 */
function requestAuthorizer(
  functions: ReadonlyMap<string, RaincheckFunction>,
  entries: readonly LambdaEntry[],
): HttpLambdaAuthorizer {
  const named = entries.filter((e) => e.authorizer);
  if (named.length !== 1) throw new Error('Exactly one Lambda entry must be the authorizer');
  return new HttpLambdaAuthorizer('CognitoOrSupportSession', functions.get(named[0]!.name)!.fn, {
    authorizerName: 'cognito-or-support-session',
    responseTypes: [HttpLambdaResponseType.SIMPLE],
    identitySource: ['$request.header.Authorization'],
    resultsCacheTtl: Duration.seconds(0),
  });
}

function httpMethod(method: RouteMethod): apigw.HttpMethod {
  return apigw.HttpMethod[method];
}

/** The logical id cdk-nag prints in IAM5 findings for resources of this table. */
function logicalIdOf(table: dynamodb.ITable): string {
  const cfn = table.node.defaultChild;
  if (!(cfn instanceof dynamodb.CfnTable)) throw new Error('Expected a table defined in this stack');
  return Stack.of(table).getLogicalId(cfn);
}
