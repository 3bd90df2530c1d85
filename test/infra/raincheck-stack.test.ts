import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { runtimeConfigSchema } from '../../shared/runtime-config';
import { HSTS, contentSecurityPolicy, securityHeaders } from '../../shared/security-headers';
import { COLOR_SCHEME_SCRIPT_HASH, EARLY_CLICKS_SCRIPT_HASH } from '../../shared/landing-head-scripts';
import { CACHE_CONTROL, HASHED_ASSETS_PREFIX, HASHED_ASSET_MAX_AGE_SECONDS } from '../../shared/web-serving';
import {
  LAMBDA_ENTRIES,
  USER_MFA_RESET_ACTIONS,
  CLIENT_PROVIDERS_ACTIONS,
  USER_POOL_ADMIN_ACTIONS,
  USER_STATUS_ACTIONS,
} from '../../infra/lambda-entries';
import { GUEST_CHECKOUT_PATH, WAF_RATE_LIMITS } from '../../infra/constructs/waf.construct';
import type { RaincheckStack } from '../../infra/raincheck.stack';
import { synthRaincheck, type RaincheckSynthesis } from './support/synth-raincheck';
import { describeFindings, unacknowledgedFindings } from './support/validation-report';

/** The variables lambdas/config.ts reads, which every function receives. */
const LAMBDA_CONFIG_VARIABLES = [
  'TABLE_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIL_FROM',
  'SES_CONFIGURATION_SET',
  'DISPATCH_QUEUE_URL',
  'WEBHOOK_QUEUE_URL',
  'STRIPE_SECRET_ARN',
  'WEATHER_API_KEY_PARAM',
  'APP_ORIGIN',
  'FILES_BUCKET',
];

/** The user pool's triggers are told nothing of the pool, which refers to them (lambdas/config.ts). */
const POOL_REFERENCES = ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'APP_ORIGIN'];
const TRIGGER_NAMES = new Set(LAMBDA_ENTRIES.filter((e) => e.userPoolTriggers).map((e) => e.name));

/** The public route the local server rate-limits per client (local/server.ts GUEST_CHECKOUT_LIMIT). */
const GUEST_CHECKOUT_ROUTE = 'POST /api/consolidated/stripe/create-guest-checkout';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

// One synthesis (with esbuild bundling) serves every test of this file: the template assertions and the
// cdk-nag findings both come from it.
let synthesis: RaincheckSynthesis;
let template: Template;
let stack: RaincheckStack;

beforeAll(() => {
  synthesis = synthRaincheck();
  ({ template, stack } = synthesis);
});

afterAll(() => synthesis?.cleanup());

function logicalId(construct: IConstruct): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnElement);
}

function functionLogicalId(name: string): string {
  const fn = stack.api.functions.get(name);
  if (!fn) throw new Error(`No function ${name}`);
  return logicalId(fn.fn);
}

/** Our Lambdas (the BucketDeployment handler of aws-cdk-lib aside). */
function raincheckFunctions(): Record<string, Resource> {
  return template.findResources('AWS::Lambda::Function', {
    Properties: { Description: Match.stringLikeRegexp('^Raincheck ') },
  }) as Record<string, Resource>;
}

type Behavior = { PathPattern: string; Compress?: boolean; CachePolicyId: unknown; TargetOriginId?: string };

function distributionConfig(): {
  DefaultCacheBehavior: Omit<Behavior, 'PathPattern'>;
  CacheBehaviors: Behavior[];
} {
  const distribution = Object.values(
    template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>,
  )[0]!;
  return distribution.Properties.DistributionConfig as ReturnType<typeof distributionConfig>;
}

/** The config of a cache policy this stack creates, from a behavior's CachePolicyId (a Ref). */
function cachePolicy(
  id: unknown,
): Record<string, unknown> & { ParametersInCacheKeyAndForwardedToOrigin: unknown } {
  const ref = (id as { Ref?: string }).Ref;
  if (!ref) throw new Error(`Not a cache policy of this stack: ${JSON.stringify(id)}`);
  const policy = (template.findResources('AWS::CloudFront::CachePolicy') as Record<string, Resource>)[ref]!;
  return policy.Properties.CachePolicyConfig as ReturnType<typeof cachePolicy>;
}

/** Fn::Join of literal strings and Refs, flattened to text with `${Ref}` placeholders. */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(joined).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  if (ref) return `\${${ref}}`;
  return JSON.stringify(value);
}

function policyStatementsOf(functionName: string): Array<{ Action: string | string[]; Resource: unknown }> {
  const roleId = logicalId(stack.api.functions.get(functionName)!.role);
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: [{ Ref: roleId }] },
  }) as Record<string, Resource>;
  return Object.values(policies).flatMap(
    (p) =>
      (p.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> })
        .Statement,
  );
}

function actionsOf(functionName: string): string[] {
  return policyStatementsOf(functionName).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

/** The pool invokes the function as this trigger, and only this pool may (the permission's source). */
function expectPoolTrigger(trigger: string, functionName: string): void {
  const fnArn = { 'Fn::GetAtt': [functionLogicalId(functionName), 'Arn'] };
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    LambdaConfig: Match.objectLike({ [trigger]: fnArn }),
  });
  template.hasResourceProperties('AWS::Lambda::Permission', {
    Action: 'lambda:InvokeFunction',
    FunctionName: fnArn,
    Principal: 'cognito-idp.amazonaws.com',
    SourceArn: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
  });
}

describe('RaincheckStack', () => {
  describe('auth', () => {
    it('should create a retained user pool signing in by email with the documented password rules when synthesized', () => {
      template.resourceCountIs('AWS::Cognito::UserPool', 1);
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: {
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireUppercase: true,
              RequireLowercase: true,
              RequireNumbers: true,
              RequireSymbols: false,
            },
          },
        },
      });
    });

    it('should give the SPA a public client with SRP and refresh only when synthesized', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      });
    });

    it('should let the SPA write only the email it signs up with, never email_verified, when synthesized', () => {
      // Amplify's signUp sends `email` as a user attribute; Cognito refuses a SignUp that writes an
      // attribute the app client may not write. email_verified gates the linking of guest purchases.
      const clients = template.findResources('AWS::Cognito::UserPoolClient') as Record<string, Resource>;
      for (const client of Object.values(clients)) {
        expect(client.Properties.WriteAttributes).toEqual(['email']);
      }
    });

    it('should create the admins group when synthesized', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
    });

    it('should give single sign-on a managed login domain and a code flow back to the SPA when synthesized', () => {
      template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
      template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { ManagedLoginVersion: 2 });
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: Match.arrayWith(['openid', 'email']),
        CallbackURLs: [
          { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://$'), '/auth/sso-callback'])] },
        ],
      });
      const functions = template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { SSO_LOGIN_URL: Match.anyValue() } } },
      });
      expect(Object.keys(functions)).toHaveLength(1);
      expect(USER_POOL_ADMIN_ACTIONS).toEqual(
        expect.arrayContaining(['cognito-idp:CreateIdentityProvider', 'cognito-idp:UpdateUserPoolClient']),
      );
    });
  });

  describe('data', () => {
    it('should create one on-demand table with pk/sk, two GSIs, TTL and point-in-time recovery when synthesized', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      const index = (n: 1 | 2 | 3) => ({
        IndexName: `gsi${n}`,
        KeySchema: [
          { AttributeName: `gsi${n}pk`, KeyType: 'HASH' },
          { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: {
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          AttributeDefinitions: Match.arrayWith(
            ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'].map((name) => ({
              AttributeName: name,
              AttributeType: 'S',
            })),
          ),
          GlobalSecondaryIndexes: [index(1), index(2), index(3)],
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        },
      });
    });
  });

  describe('api', () => {
    it('should guard every route not public with the Lambda authorizer that accepts Cognito or support session tokens', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
      const authorizers = template.findResources('AWS::ApiGatewayV2::Authorizer') as Record<string, Resource>;
      const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
      expect(Object.keys(authorizers)).toHaveLength(1);
      expect(authorizer.Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        AuthorizerPayloadFormatVersion: '2.0',
        EnableSimpleResponses: true,
        IdentitySource: ['$request.header.Authorization'],
        // No result cache: a revoked support grant or an expired token is refused on the next request.
        AuthorizerResultTtlInSeconds: 0,
      });
      const authorizerFn = logicalId(stack.api.functions.get('authorizer')!.fn);
      expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(authorizerFn);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [authorizerFn, 'Arn'] },
        Principal: 'apigateway.amazonaws.com',
      });

      const routes = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>,
      );
      const guarded = routes.filter((r) => r.Properties.AuthorizationType !== 'NONE');
      expect(guarded.map((r) => r.Properties.RouteKey)).toEqual(
        expect.arrayContaining(['ANY /api/{proxy+}', 'GET /api/subscription', 'GET /api/holidays']),
      );
      for (const route of guarded)
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'CUSTOM',
          AuthorizerId: { Ref: authorizerId },
        });
    });

    it("should send a support session's reads of billing and holidays through the same authorizer to Lambdas that can check and log it (the table)", () => {
      const [authorizerId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'));
      const routes = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>,
      );
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<
        string,
        Resource
      >;
      const functionOf = (route: Resource) => {
        const target = joined(route.Properties.Target);
        const integrationId = Object.keys(integrations).find((id) => target.includes(id))!;
        const uri = JSON.stringify(integrations[integrationId]!.Properties.IntegrationUri);
        return ['billing', 'holidays', 'checkout'].find((name) => uri.includes(functionLogicalId(name)));
      };
      const served = routes.filter((r) => functionOf(r) && r.Properties.AuthorizationType !== 'NONE');
      expect(served.map((r) => r.Properties.RouteKey)).toEqual(
        expect.arrayContaining([
          'GET /api/subscription',
          'GET /api/holidays',
          'GET /api/holidays/countries',
          'POST /api/consolidated/stripe/create-checkout-session',
        ]),
      );
      for (const route of served)
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'CUSTOM',
          AuthorizerId: { Ref: authorizerId },
        });
      // The session is read, and each request logged, in the table (lambdas/composition/auth.root.ts).
      for (const name of ['billing', 'holidays', 'checkout']) {
        const actions = policyStatementsOf(name).flatMap((st) => [st.Action].flat());
        expect(actions).toEqual(
          expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']),
        );
      }
    });

    it('should leave public only the health check, guest checkout and its paid-email token, the Stripe webhook, unsubscribe, notice details, the confirmation links, SSO discover, signed report document links and the key-checked /v1 when synthesized', () => {
      const routes = template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>;
      const publicRoutes = Object.values(routes)
        .filter((r) => r.Properties.AuthorizationType === 'NONE')
        .map((r) => r.Properties.RouteKey);
      expect(publicRoutes.sort()).toEqual(
        [
          'GET /api/confirmations/{token}',
          'GET /api/health',
          'GET /api/notices/{token}',
          'GET /api/unsubscribe',
          'POST /api/confirmations/{token}',
          'POST /api/consolidated/stripe/create-guest-checkout',
          'POST /api/consolidated/stripe/guest-checkout-email',
          'POST /api/consolidated/stripe/guest-checkout-token',
          'POST /api/stripe/webhook',
          'POST /api/unsubscribe',
          // The public API (issue 23): its Lambda checks the API key itself.
          'ANY /v1/{proxy+}',
          // The email-first sign-in asks where an address signs in before anyone is signed in (issue 24).
          'GET /api/auth/discover',
          // A scheduled report's PDF above 7 MB: the signed token is the authority (issue 25 §6).
          'GET /api/reports/documents/{token}',
        ].sort(),
      );
    });

    it('should route /v1/* through CloudFront to the public-api Lambda without the JWT authorizer', () => {
      const distribution = Object.values(
        template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>,
      )[0]!;
      const behaviors = (
        distribution.Properties.DistributionConfig as {
          CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string; AllowedMethods: string[] }>;
        }
      ).CacheBehaviors;
      const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
      const v1 = behaviors.find((b) => b.PathPattern === '/v1/*')!;
      expect(v1).toEqual({ ...api, PathPattern: '/v1/*' });
      const routes = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>,
      );
      const v1Route = routes.find((r) => r.Properties.RouteKey === 'ANY /v1/{proxy+}')!;
      expect(v1Route.Properties.AuthorizationType).toBe('NONE');
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<
        string,
        Resource
      >;
      const target = joined(v1Route.Properties.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(id))!;
      const uri = JSON.stringify(integrations[integrationId]!.Properties.IntegrationUri);
      expect(uri.toLowerCase().replace(/[^a-z]/g, '')).toContain('publicapi');
    });

    it('should route SES bounces and complaints through an encrypted topic to the email-events Lambda', () => {
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        EventDestination: Match.objectLike({
          MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
          SnsDestination: Match.anyValue(),
        }),
      });
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
    });

    it('should give the api, dispatch, dispatch-worker, checkout and reports Lambdas the unsubscribe secret as a dynamic reference, never its value', () => {
      const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
      const withSecret = Object.values(functions).filter(
        (f) =>
          (f.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
            ?.UNSUBSCRIBE_SECRET,
      );
      // checkout derives the guest checkout's paid-email token key from it; reports its document links' key.
      expect(withSecret).toHaveLength(5);
      for (const f of withSecret) {
        const value = JSON.stringify(
          (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables.UNSUBSCRIBE_SECRET,
        );
        expect(value).toContain('{{resolve:secretsmanager:');
      }
    });

    it('should log access and throttle on the default stage when synthesized', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
        DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      });
    });

    it('should throttle the signed-out guest checkout, with no route exempt from the stage limits, when synthesized', () => {
      const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as Resource[];
      expect(stages).toHaveLength(1);
      const stage = stages[0]!.Properties as {
        DefaultRouteSettings?: { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number };
        RouteSettings?: Record<string, { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number }>;
      };
      const limits = { ...stage.DefaultRouteSettings, ...stage.RouteSettings?.[GUEST_CHECKOUT_ROUTE] };
      expect(limits.ThrottlingRateLimit).toBeGreaterThan(0);
      expect(limits.ThrottlingRateLimit).toBeLessThanOrEqual(50);
      expect(limits.ThrottlingBurstLimit).toBeGreaterThan(0);
      expect(limits.ThrottlingBurstLimit).toBeLessThanOrEqual(100);
    });

    it('should run one Node.js 22 arm64 function per Lambda entry when synthesized', () => {
      const functions = Object.values(raincheckFunctions());
      expect(functions).toHaveLength(LAMBDA_ENTRIES.length);
      for (const fn of functions) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          TracingConfig: { Mode: 'Active' },
        });
      }
    });

    it('should start every function without --enable-source-maps (its bundle maps its traces: ADR 0014) when synthesized', () => {
      for (const fn of Object.values(raincheckFunctions())) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(String(variables.NODE_OPTIONS ?? '')).not.toContain('--enable-source-maps');
      }
    });

    it('should give the dispatch worker its larger young generation, and no other function any Node flag, when synthesized', () => {
      const worker = functionLogicalId('dispatch-worker');
      for (const [id, fn] of Object.entries(raincheckFunctions())) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables.NODE_OPTIONS).toBe(id === worker ? '--max-semi-space-size=64' : undefined);
      }
    });

    it('should hand every function the configuration lambdas/config.ts reads when synthesized', () => {
      const triggers = new Set([...TRIGGER_NAMES].map(functionLogicalId));
      for (const [id, fn] of Object.entries(raincheckFunctions())) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        if (triggers.has(id)) {
          const expected = LAMBDA_CONFIG_VARIABLES.filter((v) => !POOL_REFERENCES.includes(v));
          expect(Object.keys(variables)).toEqual(expect.arrayContaining(expected));
          for (const name of POOL_REFERENCES) expect(variables[name]).toBeUndefined();
          continue;
        }
        expect(Object.keys(variables)).toEqual(expect.arrayContaining(LAMBDA_CONFIG_VARIABLES));
        expect(variables.WEATHER_API_KEY_PARAM).toBe('/raincheck/weather-api-key');
        expect(variables.STRIPE_SECRET_ARN).toEqual({ Ref: logicalId(stack.secrets.stripeSecret) });
        expect(joined(variables.APP_ORIGIN)).toMatch(/^https:\/\//);
      }
      expect(triggers.size).toBeGreaterThan(0);
    });

    it('should keep secrets out of the template when synthesized', () => {
      for (const fn of Object.values(raincheckFunctions())) {
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        for (const value of Object.values(variables)) {
          expect(JSON.stringify(value)).not.toMatch(/sk_|rk_(live|test)|whsec_|pk_(live|test)/);
        }
      }
      const secret = Object.values(
        template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>,
      )[0]!;
      expect(secret.Properties.SecretString).toBeUndefined();
      expect(JSON.stringify(template.toJSON())).not.toMatch(/sk_(live|test)_\w|whsec_\w|rk_(live|test)_\w/);
    });

    it('should grant each function only the access its entry lists when synthesized', () => {
      // The api sends to the webhook queue only (test/infra/webhooks.test.ts), never to the dispatch queue.
      const dispatchQueueId = logicalId(stack.alerts.dispatchQueue);
      expect(JSON.stringify(policyStatementsOf('api'))).not.toContain(dispatchQueueId);
      expect(actionsOf('dispatch')).toContain('sqs:SendMessage');
      expect(actionsOf('dispatch')).not.toContain('secretsmanager:GetSecretValue');
      expect(actionsOf('api')).not.toContain('secretsmanager:GetSecretValue');

      const ssm = policyStatementsOf('api').filter((s) => JSON.stringify(s.Action).includes('ssm:'));
      expect(ssm).toHaveLength(1);
      expect(ssm[0]!.Action).toBe('ssm:GetParameter');
      expect(joined(ssm[0]!.Resource)).toMatch(
        /:ssm:\$\{AWS::Region\}:\$\{AWS::AccountId\}:parameter\/raincheck\/weather-api-key$/,
      );

      const ses = policyStatementsOf('dispatch').find((s) => s.Action === 'ses:SendEmail');
      expect((ses!.Resource as unknown[]).map(joined)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/:identity\/alerts@raincheck\.example$/),
          expect.stringMatching(/:configuration-set\/\$\{/),
        ]),
      );
      // The shared send rate reads SES's MaxSendRate.
      expect(actionsOf('dispatch-worker')).toContain('ses:GetAccount');
      expect(JSON.stringify(policyStatementsOf('api'))).not.toMatch(/"Action":"(\w+:)?\*"/);
    });

    it("should let only the api Lambda call the admin screens' Cognito actions, on the user pool only, when synthesized", () => {
      const poolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
      const cognito = policyStatementsOf('api').filter((s) =>
        JSON.stringify(s.Action).includes('cognito-idp:'),
      );
      expect(cognito).toHaveLength(1);
      expect([...(cognito[0]!.Action as string[])].sort()).toEqual([...USER_POOL_ADMIN_ACTIONS].sort());
      expect(cognito[0]!.Resource).toEqual(poolArn);
      for (const other of ['dispatch', 'stripe-webhook', 'email-events']) {
        expect(actionsOf(other).filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
      }
    });

    it("should let the billing and checkout Lambdas read only a user's live status, on the user pool only, when synthesized", () => {
      const poolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
      for (const name of ['billing', 'checkout']) {
        const cognito = policyStatementsOf(name).filter((s) =>
          JSON.stringify(s.Action).includes('cognito-idp:'),
        );
        expect(cognito).toHaveLength(1);
        expect([...(cognito[0]!.Action as string[])].sort()).toEqual([...USER_STATUS_ACTIONS].sort());
        expect(cognito[0]!.Resource).toEqual(poolArn);
      }
      expect(USER_POOL_ADMIN_ACTIONS).toEqual(
        expect.arrayContaining([...USER_STATUS_ACTIONS, 'cognito-idp:AdminUserGlobalSignOut']),
      );
    });

    it('should offer optional MFA with an authenticator app (TOTP) only, never SMS, when synthesized', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      });
    });

    it('should rate-limit sign-in and the emailed-code operations per IP with a web ACL on the user pool when synthesized', () => {
      const acls = template.findResources('AWS::WAFv2::WebACL', {
        Properties: { Scope: 'REGIONAL' },
      }) as Record<string, Resource>;
      const [aclId, acl] = Object.entries(acls)[0]!;
      expect(Object.keys(acls)).toHaveLength(1);
      const rules = acl.Properties.Rules as Array<{
        Name: string;
        Statement: Record<string, any>;
        Action?: unknown;
      }>;
      const signIn = rules.find((r) => r.Name === 'SignInRate')!;
      expect(signIn.Action).toEqual({ Block: {} });
      expect(signIn.Statement.RateBasedStatement).toMatchObject({
        Limit: WAF_RATE_LIMITS.signIn,
        AggregateKeyType: 'IP',
      });
      expect(JSON.stringify(signIn.Statement)).toContain('AWSCognitoIdentityProviderService.InitiateAuth');
      expect(JSON.stringify(rules.find((r) => r.Name === 'AccountCodesRate'))).toContain(
        'AWSCognitoIdentityProviderService.ForgotPassword',
      );
      template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
        ResourceArn: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
        WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      });
    });
  });

  describe('post-confirmation trigger', () => {
    it('should have Cognito call the post-confirmation Lambda, from this user pool only, when a sign-up or reset is confirmed', () => {
      expectPoolTrigger('PostConfirmation', 'post-confirmation');
    });

    it("should let the post-confirmation Lambda turn a user's TOTP off, on the user pool only, and nothing else of Cognito", () => {
      const poolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
      const cognito = policyStatementsOf('post-confirmation').filter((s) =>
        JSON.stringify(s.Action).includes('cognito-idp:'),
      );
      expect(cognito).toHaveLength(1);
      expect([cognito[0]!.Action].flat()).toEqual([...USER_MFA_RESET_ACTIONS]);
      expect(cognito[0]!.Resource).toEqual(poolArn);
      const others = actionsOf('post-confirmation').filter((a) => !a.startsWith('cognito-idp:'));
      expect(others.filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
      expect(actionsOf('post-confirmation')).not.toContain('ses:SendEmail');
      for (const name of LAMBDA_ENTRIES.map((e) => e.name).filter((n) => n !== 'post-confirmation')) {
        expect(actionsOf(name)).not.toContain('cognito-idp:AdminSetUserMFAPreference');
      }
    });
  });

  describe('single sign-on triggers', () => {
    it.each(['PreSignUp', 'PreAuthentication', 'PreTokenGeneration'])(
      "should have Cognito call the sso-triggers Lambda as the pool's %s trigger, from this pool only",
      (trigger) => expectPoolTrigger(trigger, 'sso-triggers'),
    );

    it('should give the sso-triggers Lambda the table and nothing of Cognito, SES or the queues (its events say all)', () => {
      const actions = actionsOf('sso-triggers');
      expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(true);
      expect(actions.filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
    });
  });

  describe("keeping the web client's identity providers across deploys", () => {
    it('should run the sso-client-providers Lambda as a custom resource on the web client', () => {
      template.hasResourceProperties('Custom::ClientIdentityProviders', {
        ServiceToken: { 'Fn::GetAtt': [functionLogicalId('sso-client-providers'), 'Arn'] },
        ClientId: { Ref: logicalId(stack.auth.userPoolClient) },
      });
    });

    it('should let it list the pool’s providers and update the client, on the user pool only, and nothing else', () => {
      const poolArn = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
      const cognito = policyStatementsOf('sso-client-providers').filter((s) =>
        JSON.stringify(s.Action).includes('cognito-idp:'),
      );
      expect(cognito).toEqual([expect.objectContaining({ Resource: poolArn })]);
      expect([cognito[0]!.Action].flat().sort()).toEqual([...CLIENT_PROVIDERS_ACTIONS].sort());
      const others = actionsOf('sso-client-providers').filter((a) => !a.startsWith('cognito-idp:'));
      expect(others.filter((a) => !/^(logs|xray):/.test(a))).toEqual([]);
    });
  });

  describe('alerts', () => {
    it('should invoke dispatch every 15 minutes from an EventBridge rule when synthesized', () => {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(15 minutes)',
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionLogicalId('dispatch'), 'Arn'] } })],
      });
    });

    it('should run the report schedules every hour on the reports Lambda, which may send email', () => {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionLogicalId('reports'), 'Arn'] } })],
      });
      expect(actionsOf('reports')).toEqual(expect.arrayContaining(['ses:SendEmail']));
    });

    it('should park failed jobsite batches in an encrypted dead-letter queue after 3 receives when synthesized', () => {
      const dlqId = logicalId(stack.alerts.dispatchDeadLetterQueue);
      template.hasResourceProperties('AWS::SQS::Queue', {
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 3 },
      });
      const queues = template.findResources('AWS::SQS::Queue') as Record<string, Resource>;
      for (const queue of Object.values(queues)) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      template.resourcePropertiesCountIs(
        'AWS::SQS::QueuePolicy',
        {
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        },
        4, // the dispatch queue and the webhook queue (webhooks.construct.ts), each with its dead-letter queue
      );
    });

    it('should feed the dispatch queue to the dispatch-worker Lambda one batch at a time, reporting failed messages', () => {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: functionLogicalId('dispatch-worker') },
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.alerts.dispatchQueue), 'Arn'] },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      // Only the worker consumes the queue: the planner sends to it (the other mapping: webhooks.test.ts).
      template.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    });

    it('should tell the planner as many workers as the queue runs at once, so its batches come in whole rounds', () => {
      const mappings = template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: functionLogicalId('dispatch-worker') } },
      }) as Record<string, Resource>;
      const [mapping] = Object.values(mappings);
      const workers = (mapping!.Properties.ScalingConfig as { MaximumConcurrency: number })
        .MaximumConcurrency;
      const planner = raincheckFunctions()[functionLogicalId('dispatch')]!;
      const variables = (planner.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.DISPATCH_WORKERS).toBe(String(workers));
    });

    it('should alarm on an encrypted topic when a batch waits in the dead-letter queue', () => {
      const topicId = logicalId(stack.alerts.alarmTopic);
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Dimensions: [
          {
            Name: 'QueueName',
            Value: { 'Fn::GetAtt': [logicalId(stack.alerts.dispatchDeadLetterQueue), 'QueueName'] },
          },
        ],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        AlarmActions: [{ Ref: topicId }],
      });
    });

    it('should alarm on the same topic when a dispatch run judged fewer jobsites than were due', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'RunsIncomplete',
        Namespace: 'Raincheck',
        Dimensions: [{ Name: 'service', Value: 'dispatch' }],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        Period: 900,
        AlarmActions: [{ Ref: logicalId(stack.alerts.alarmTopic) }],
      });
    });

    it('should send email through a configuration set that suppresses bounces and complaints when synthesized', () => {
      template.hasResourceProperties('AWS::SES::ConfigurationSet', {
        SuppressionOptions: { SuppressedReasons: Match.arrayWith(['BOUNCE', 'COMPLAINT']) },
      });
    });
  });

  describe('web', () => {
    it('should block public access and require TLS on every bucket when synthesized', () => {
      const buckets = template.findResources('AWS::S3::Bucket') as Record<string, Resource>;
      expect(Object.keys(buckets).length).toBeGreaterThan(0);
      for (const bucket of Object.values(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
      }
      template.resourcePropertiesCountIs(
        'AWS::S3::BucketPolicy',
        {
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        },
        Object.keys(buckets).length,
      );
    });

    it("should put a CloudFront web ACL with AWS's common and known-bad-inputs rules and rate limits on guest checkout and the API in front of the distribution when synthesized", () => {
      const acls = template.findResources('AWS::WAFv2::WebACL', {
        Properties: { Scope: 'CLOUDFRONT' },
      }) as Record<string, Resource & { Condition?: string }>;
      expect(Object.keys(acls)).toHaveLength(1);
      const [aclId, acl] = Object.entries(acls)[0]!;
      const rules = acl.Properties.Rules as Array<{ Name: string; Statement: Record<string, any> }>;
      const managed = rules.flatMap((r) => r.Statement.ManagedRuleGroupStatement?.Name ?? []);
      expect(managed).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
      const guest = rules.find((r) => r.Name === 'GuestCheckoutRate')!.Statement.RateBasedStatement;
      expect(guest).toMatchObject({ Limit: WAF_RATE_LIMITS.guestCheckout, AggregateKeyType: 'IP' });
      expect(guest.ScopeDownStatement.ByteMatchStatement.SearchString).toBe(GUEST_CHECKOUT_PATH);
      // The API's rate rule covers every path the distribution sends to the HTTP API (/api/* and /v1/*).
      const api = rules.find((r) => r.Name === 'ApiRate')!.Statement.RateBasedStatement;
      expect(api).toMatchObject({ Limit: WAF_RATE_LIMITS.api, AggregateKeyType: 'IP' });
      const covered = (api.ScopeDownStatement.OrStatement.Statements as Array<Record<string, any>>).map(
        (st) => st.ByteMatchStatement.SearchString as string,
      );
      const behaviors = distributionConfig().CacheBehaviors;
      const apiOrigin = behaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId;
      const apiPaths = behaviors.filter((b) => b.TargetOriginId === apiOrigin).map((b) => b.PathPattern);
      expect(apiPaths).toEqual(expect.arrayContaining(['/api/*', '/v1/*']));
      for (const pattern of apiPaths) expect(covered).toContain(pattern.replace(/\*$/, ''));
      // A CLOUDFRONT web ACL exists only in us-east-1: created there, and attached through the same condition.
      const condition = template.toJSON().Conditions[acl.Condition!];
      expect(JSON.stringify(condition)).toContain('us-east-1');
      expect(distributionConfig()).toMatchObject({
        WebACLId: { 'Fn::If': [acl.Condition, { 'Fn::GetAtt': [aclId, 'Arn'] }, { Ref: 'AWS::NoValue' }] },
      });
    });

    it('should serve the bucket through origin access control and /api/* from the HTTP API when synthesized', () => {
      // One for the site bucket, one for the files bucket's files/ (issue 24).
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: {
          DefaultRootObject: 'index.html',
          Origins: Match.arrayWith([
            Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: Match.anyValue() }),
            Match.objectLike({
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            }),
          ]),
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
          CacheBehaviors: Match.arrayWith([
            Match.objectLike({
              PathPattern: '/api/*',
              AllowedMethods: Match.arrayEquals(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
              CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
              OriginRequestPolicyId:
                cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            }),
          ]),
        },
      });
      const distribution = Object.values(
        template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>,
      )[0]!;
      const config = distribution.Properties.DistributionConfig as {
        Origins: Array<{ Id: string; DomainName: unknown }>;
        CacheBehaviors: Array<{ TargetOriginId: string; PathPattern: string }>;
        CustomErrorResponses?: unknown;
      };
      const apiBehavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
      const apiOrigin = config.Origins.find((o) => o.Id === apiBehavior.TargetOriginId)!;
      expect(joined(apiOrigin.DomainName)).toBe(
        `\${${logicalId(stack.api.httpApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`,
      );
      // SPA fallback is the CloudFront Function, not error responses that would also rewrite /api errors.
      expect(config.CustomErrorResponses).toBeUndefined();
    });

    it('should compress every behavior, cache hashed assets a year in brotli and gzip, revalidate HTML and config.json, and cache no API response when synthesized', () => {
      const config = distributionConfig();
      const behaviors = [
        { PathPattern: '(default)', ...config.DefaultCacheBehavior },
        ...config.CacheBehaviors,
      ];
      // CDK leaves Compress out when it is on (CloudFormation's default is off, so absent would mean off).
      for (const behavior of behaviors)
        expect({ [behavior.PathPattern]: behavior.Compress }).toEqual({ [behavior.PathPattern]: true });

      const byPath = (p: string) => behaviors.find((b) => b.PathPattern === p)!;
      const assets = cachePolicy(byPath(`${HASHED_ASSETS_PREFIX}*`).CachePolicyId);
      expect(assets).toMatchObject({
        MinTTL: HASHED_ASSET_MAX_AGE_SECONDS,
        DefaultTTL: HASHED_ASSET_MAX_AGE_SECONDS,
        MaxTTL: HASHED_ASSET_MAX_AGE_SECONDS,
      });
      expect(assets.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        EnableAcceptEncodingBrotli: true,
        EnableAcceptEncodingGzip: true,
      });

      // HTML and config.json: S3 says no-cache and the edge may not hold them longer than that.
      const documents = cachePolicy(byPath('(default)').CachePolicyId);
      expect(documents).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
      expect(documents.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        EnableAcceptEncodingBrotli: true,
        EnableAcceptEncodingGzip: true,
      });
      expect(byPath('/api/*').CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);

      // What the objects tell browsers: the shared declaration the local server sends too.
      const deployments = Object.values(
        template.findResources('Custom::CDKBucketDeployment') as Record<string, Resource>,
      );
      const cacheControls = deployments.map(
        (d) => (d.Properties.SystemMetadata as { 'cache-control'?: string } | undefined)?.['cache-control'],
      );
      expect(cacheControls.sort()).toEqual([CACHE_CONTROL.document, CACHE_CONTROL.hashedAsset].sort());
    });

    it.each([
      ['/', '/index.html'],
      ['/dashboard', '/app.html'],
      ['/jobsites/42', '/app.html'],
      ['/admin/', '/app.html'],
      ['/assets/index-abc123.js', '/assets/index-abc123.js'],
      ['/config.json', '/config.json'],
    ])('should have the CloudFront Function send %s to %s when a viewer asks for it', (uri, expected) => {
      const functions = Object.values(
        template.findResources('AWS::CloudFront::Function') as Record<string, Resource>,
      );
      expect(functions).toHaveLength(1);
      const code = functions[0]!.Properties.FunctionCode as string;
      const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => {
        uri: string;
      };
      expect(handler({ request: { uri } }).uri).toBe(expected);
    });

    it('should send a CSP allowing Cognito and Stripe, and HSTS, on every response when synthesized', () => {
      const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
        string,
        Resource
      >;
      const [policyId, policy] = Object.entries(policies)[0]!;
      const headers = (
        policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
      ).SecurityHeadersConfig;
      const csp = joined(
        (headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy,
      );
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...sources] = d.trim().split(/\s+/);
          return [name, sources];
        }),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(
        expect.arrayContaining(["'self'", 'https://cognito-idp.${AWS::Region}.amazonaws.com']),
      );
      expect(directives['img-src']).toEqual(["'self'", 'data:']);
      expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      // The only inline scripts: the prerendered landing page's two, by their hashes.
      expect(directives['script-src']).toEqual([
        "'self'",
        `'${COLOR_SCHEME_SCRIPT_HASH}'`,
        `'${EARLY_CLICKS_SCRIPT_HASH}'`,
        'https://js.stripe.com',
      ]);
      expect(directives['frame-src']).toContain('https://js.stripe.com');
      expect(headers.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 730 * 24 * 3600,
        IncludeSubdomains: true,
        Override: true,
      });

      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: {
          DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
          // The hashed assets, /api/*, /v1/* (the public API) and /files/* (logos): each sends the same headers.
          CacheBehaviors: [
            Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
            Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
            Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
            Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
          ],
        },
      });
    });

    it('should send exactly the headers of shared/security-headers.ts, which the local server also sends, when synthesized', () => {
      const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
        string,
        Resource
      >;
      expect(Object.keys(policies)).toHaveLength(1);
      const config = Object.values(policies)[0]!.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: number;
            IncludeSubdomains: boolean;
            Override: boolean;
          };
          ContentTypeOptions: { Override: boolean };
          FrameOptions: { FrameOption: string; Override: boolean };
          ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
        };
      };
      const h = config.SecurityHeadersConfig;
      const region = '${AWS::Region}';
      expect(joined(h.ContentSecurityPolicy.ContentSecurityPolicy)).toBe(contentSecurityPolicy(region));
      expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(HSTS.maxAgeSeconds);
      for (const header of Object.values(h)) expect(header.Override).toBe(true);

      // What CloudFront sends, as header lines, is what the local server sends (it adds HSTS on HTTPS only).
      const sentByCloudFront = {
        'content-security-policy': joined(h.ContentSecurityPolicy.ContentSecurityPolicy),
        'strict-transport-security': `max-age=${h.StrictTransportSecurity.AccessControlMaxAgeSec}${
          h.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''
        }`,
        'x-content-type-options': 'nosniff',
        'x-frame-options': h.FrameOptions.FrameOption,
        'referrer-policy': h.ReferrerPolicy.ReferrerPolicy,
      };
      expect(sentByCloudFront).toEqual(securityHeaders({ region, https: true }));
    });

    it('should deploy config.json for the AWS stage with the pool and client ids when synthesized', () => {
      const deployments = template.findResources('Custom::CDKBucketDeployment', {
        Properties: { SourceMarkers: Match.anyValue() },
      }) as Record<string, Resource>;
      const shell = Object.values(deployments)[0]!;
      const keys = shell.Properties.SourceObjectKeys as string[];
      const markers = shell.Properties.SourceMarkers as Array<Record<string, unknown>>;
      const configIndex = keys.findIndex((key) =>
        fs.existsSync(path.join(synthesis.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json')),
      );
      expect(configIndex).toBeGreaterThanOrEqual(0);
      const raw = fs.readFileSync(
        path.join(synthesis.assemblyDir, `asset.${keys[configIndex]!.replace(/\.zip$/, '')}`, 'config.json'),
        'utf8',
      );
      // Deploy-time values are markers the deployment replaces; resolve them to what they stand for.
      const config = JSON.parse(raw, (_key, value: unknown) =>
        typeof value === 'string' && markers[configIndex]![value]
          ? joined(markers[configIndex]![value])
          : value,
      ) as unknown;

      expect(runtimeConfigSchema.parse(config)).toEqual({
        stage: 'aws',
        region: '${AWS::Region}',
        userPoolId: `\${${logicalId(stack.auth.userPool)}}`,
        userPoolClientId: `\${${logicalId(stack.auth.userPoolClient)}}`,
        authFlow: 'USER_SRP_AUTH',
        apiOrigin: '',
        // Amazon Location's style with the map key read at deploy time (test/infra/location.test.ts).
        mapStyleUrl: expect.stringMatching(
          /^https:\/\/maps\.geo\.\$\{AWS::Region\}\.amazonaws\.com\/v2\/styles\/Standard\/descriptor\?key=\{"Fn::GetAtt":\["LocationMapKeyValue\w+","Key"\]\}&color-scheme=\{colorScheme\}$/,
        ),
      });
    });
  });

  it('should output the URL, user pool id, client id and table name when synthesized', () => {
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['Url', 'UserPoolId', 'UserPoolClientId', 'TableName']),
    );
  });
});

describe('cdk-nag AwsSolutions on RaincheckStack', () => {
  it('should report no unacknowledged finding when the stack is synthesized', () => {
    const findings = unacknowledgedFindings(synthesis.assemblyDir, 'AwsSolutions');

    // Fix the resource, or acknowledge the rule with a real reason next to it:
    // Validations.of(construct).acknowledge({ id: 'AwsSolutions-XXX', reason: '…' })
    expect(describeFindings(findings)).toBe('');
  });

  it('should report no unacknowledged CDK warning when the stack is synthesized', () => {
    const warnings = unacknowledgedFindings(synthesis.assemblyDir).filter((f) => f.plugin !== 'AwsSolutions');

    expect(describeFindings(warnings)).toBe('');
  });
});

describe('SMS (End User Messaging SMS)', () => {
  it('should text from a two-way US toll-free number whose replies and delivery events reach the sms-events Lambda', () => {
    template.hasResourceProperties('AWS::SMSVOICE::PhoneNumber', {
      IsoCountryCode: 'US',
      NumberType: 'TOLL_FREE',
      TwoWay: { Enabled: true, ChannelArn: { Ref: logicalId(stack.sms.eventsTopic) } },
    });
    template.hasResourceProperties('AWS::SMSVOICE::ConfigurationSet', {
      EventDestinations: [
        Match.objectLike({ SnsDestination: { TopicArn: { Ref: logicalId(stack.sms.eventsTopic) } } }),
      ],
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: logicalId(stack.sms.eventsTopic) },
      Endpoint: { 'Fn::GetAtt': [functionLogicalId('sms-events'), 'Arn'] },
    });
  });

  it("should cap the month's SMS spend with a spend limit set at deploy", () => {
    const calls = Object.values(template.findResources('Custom::AWS')).map((r) =>
      JSON.stringify(r.Properties?.Create ?? ''),
    );
    expect(
      calls.some((c) => c.includes('SetTextMessageSpendLimitOverride') && c.includes('MonthlyLimit')),
    ).toBe(true);
  });

  it("should let only the Lambdas that text send from the stack's number and configuration set", () => {
    const texting = LAMBDA_ENTRIES.filter((e) => e.access.includes('sendSms')).map((e) => e.name);
    // public-api: a worker created with SMS on through /v1 gets the one-time "Reply YES" text too.
    expect(texting.sort()).toEqual(['api', 'dispatch', 'dispatch-worker', 'public-api', 'sms-events']);
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[],
    );
    const sends = statements.filter((st) => st.Action === 'sms-voice:SendTextMessage');
    expect(sends).toHaveLength(texting.length);
    for (const st of sends) expect(st.Resource).toHaveLength(2);
    for (const st of sends)
      expect(st.Resource).toEqual(
        expect.arrayContaining([
          { 'Fn::GetAtt': [stack.getLogicalId(stack.sms.phoneNumber), 'Arn'] },
          { 'Fn::GetAtt': [stack.getLogicalId(stack.sms.configurationSet), 'Arn'] },
        ]),
      );
  });
});

describe('file storage (issue 24)', () => {
  const filesBucketId = () => logicalId(stack.files.bucket);

  it('should keep uploads a day, allow browser POSTs and serve only files/ at /files/* through origin access control', () => {
    const bucket = template.toJSON().Resources[filesBucketId()] as Resource;
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      ]),
    });
    expect(bucket.Properties.CorsConfiguration).toEqual({
      CorsRules: [expect.objectContaining({ AllowedMethods: ['POST'] })],
    });
    const files = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === '/files/*') as
      (Behavior & { TargetOriginId: string; AllowedMethods: string[] }) | undefined;
    expect(files).toBeDefined();
    expect(files!.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(distributionConfig().CacheBehaviors.map((b) => b.PathPattern)).not.toContain('/uploads/*');
    // CloudFront reads the bucket as its origin access control principal, nobody else.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: filesBucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
          }),
        ]),
      },
    });
  });

  it('should let only the api Lambda sign uploads into uploads/ and write checked copies under files/', () => {
    const arn = { 'Fn::GetAtt': [filesBucketId(), 'Arn'] };
    const put = policyStatementsOf('api').find((s) => s.Action === 's3:PutObject');
    expect(put?.Resource).toEqual(
      expect.arrayContaining([
        { 'Fn::Join': ['', [arn, '/uploads/*']] },
        { 'Fn::Join': ['', [arn, '/files/*']] },
      ]),
    );
    expect(put?.Resource).toHaveLength(2);
    const get = policyStatementsOf('api').find((s) => s.Action === 's3:GetObject');
    expect(get?.Resource).toEqual({ 'Fn::Join': ['', [arn, '/uploads/*']] });
    for (const entry of LAMBDA_ENTRIES.filter((e) => e.name !== 'api' && e.name !== 'reports'))
      expect(actionsOf(entry.name).filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('should let only the reports Lambda keep and read report documents, under report-documents/ alone, for 90 days', () => {
    const arn = { 'Fn::GetAtt': [filesBucketId(), 'Arn'] };
    const s3 = policyStatementsOf('reports').filter((s) => JSON.stringify(s.Action).includes('s3:'));
    expect(s3).toEqual([
      expect.objectContaining({
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: { 'Fn::Join': ['', [arn, '/report-documents/*']] },
      }),
    ]);
    const bucket = template.toJSON().Resources[filesBucketId()] as Resource;
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        expect.objectContaining({ Prefix: 'report-documents/', ExpirationInDays: 90, Status: 'Enabled' }),
      ]),
    });
  });

  it('should let the SPA post uploads to the bucket’s regional endpoint', () => {
    expect(contentSecurityPolicy('us-east-1')).toContain('https://*.s3.us-east-1.amazonaws.com');
  });
});
