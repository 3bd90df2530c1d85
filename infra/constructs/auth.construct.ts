import { createHash } from 'node:crypto';
import { Aws, CustomResource, Duration, Fn, Lazy, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PASSWORD_POLICY } from '../../shared/password-policy';
import { SSO_CALLBACK_PATH } from '../../shared/sso-names';
import type { UserPoolTrigger } from '../lambda-entries';
import { UserPoolWebAcl } from './waf.construct';

/** Cognito group whose members see the admin pages; checked on the server from `cognito:groups`. */
export const ADMINS_GROUP = 'admins';

const TRIGGER_OPERATIONS: Record<UserPoolTrigger, cognito.UserPoolOperation> = {
  postConfirmation: cognito.UserPoolOperation.POST_CONFIRMATION,
  preSignUp: cognito.UserPoolOperation.PRE_SIGN_UP,
  preAuthentication: cognito.UserPoolOperation.PRE_AUTHENTICATION,
  preTokenGeneration: cognito.UserPoolOperation.PRE_TOKEN_GENERATION,
};

export interface AuthConstructProps {
  /** Plus feature plan with threat protection enforced (see RaincheckSettings.threatProtection). */
  readonly threatProtection: boolean;
}

/**
 * Cognito user pool (email is the username, self sign-up, email verified by code), the SPA's app client
 * (public: no secret; SRP + refresh only) and the `admins` group.
 */
export class AuthConstruct extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthConstructProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(7) },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Any user may add an authenticator app (TOTP, no SMS); admins must (checked by the API, per request).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: props.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(props.threatProtection
        ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }
        : {}),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. USER_PASSWORD_AUTH is used only against the local
      // emulator, which lacks SRP. Refresh-token auth is always allowed by Cognito.
      authFlows: { userSrp: true },
      // The SPA signs in with its own forms through Amplify; the only OAuth redirect is single sign-on's
      // code flow through the managed login domain (enableSingleSignOn).
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // What the SPA writes through Cognito: `email` at sign-up (Amplify sends it as a user attribute; real
      // Cognito refuses a SignUp that writes an attribute the client may not write, with
      // NotAuthorizedException "A client attempted to write unauthorized attribute"), and nothing else.
      // Never `email_verified`: it gates the linking of guest purchases, and only Cognito's own code
      // verification may set it. Profile fields live in our table behind the API. A later email change
      // (UpdateUserAttributes) stays pending until its code is confirmed (keepOriginal below).
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // Rate limits per IP on sign-in and on the operations that email codes (AWS WAF, REGIONAL).
    new UserPoolWebAcl(this, 'Waf', { userPoolArn: this.userPool.userPoolArn });

    this.userPool.addGroup('AdminsGroup', {
      groupName: ADMINS_GROUP,
      description: 'Raincheck administrators: revenue, subscription and user figures, email and rule tests',
    });

    const pool = Validations.of(this.userPool);
    pool.acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'Password rules are min 8 characters with upper case, lower case and a digit, as the product requires ' +
        '(the SPA shows them); symbols are not required, following NIST SP 800-63B, which advises against ' +
        'composition rules in favour of length.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP only) for contractors, whose accounts hold jobsite schedules and weather records, ' +
        'not payment data (cards stay with Stripe); every admin must have TOTP, which the API enforces on each ' +
        'admin request from the live user status (lambdas/core/auth/user-status.ts).',
    });
    if (!props.threatProtection) {
      pool.acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection) is billed per monthly active user; it is one context ' +
          'switch away (raincheck:threatProtection=true) and will be turned on once the paying user base grows.',
      });
    }
  }

  /**
   * One of the pool's Lambda triggers (infra/lambda-entries.ts `userPoolTriggers`): post confirmation
   * (lambdas/post-confirmation), and single sign-on's pre sign-up, pre authentication and pre token
   * generation (lambdas/sso-triggers). Cognito may invoke them from this pool only (each permission
   * names the pool as source). The functions get no pool id: the pool refers to them (a cycle).
   */
  addTrigger(trigger: UserPoolTrigger, fn: lambda.IFunction): void {
    this.userPool.addTrigger(TRIGGER_OPERATIONS[trigger], fn);
  }

  /**
   * Single sign-on (issue 24): the managed login domain, where the SPA sends an SSO address (its
   * `/oauth2/authorize` with the account's identity provider named) and redeems the code with PKCE,
   * and the web client's code flow back to `<app>/auth/sso-callback`. The identity providers
   * themselves are made per account at run time by the API (CreateIdentityProvider), which also adds
   * them to the client's SupportedIdentityProviders (ADR 0011: a deploy that changes this client
   * must keep them). Answers the domain's base URL (the API's SSO_LOGIN_URL).
   */
  enableSingleSignOn(appOrigin: string): string {
    const domain = this.userPool.addDomain('ManagedLogin', {
      // Unique per account, region and stage: the stack's name and the account id.
      cognitoDomain: { domainPrefix: Fn.join('-', [Stack.of(this).stackName.toLowerCase(), Aws.ACCOUNT_ID]) },
      managedLoginVersion: cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    const client = this.userPoolClient.node.defaultChild as cognito.CfnUserPoolClient;
    client.allowedOAuthFlowsUserPoolClient = true;
    client.allowedOAuthFlows = ['code'];
    client.allowedOAuthScopes = ['openid', 'email', 'profile'];
    client.callbackUrLs = [`${appOrigin}${SSO_CALLBACK_PATH}`];
    client.supportedIdentityProviders = ['COGNITO'];
    return domain.baseUrl();
  }

  /**
   * Keeps single sign-on across deploys (ADR 0011): CloudFormation sends the web client's whole settings
   * on each update, which resets its SupportedIdentityProviders to `COGNITO` and drops every account's
   * provider. This custom resource runs the `sso-client-providers` Lambda after each such update (its
   * properties carry a fingerprint of the client's settings, so any change to the client changes it), and
   * the Lambda puts back every identity provider of the pool.
   */
  keepClientProviders(fn: lambda.IFunction): CustomResource {
    const client = this.userPoolClient.node.defaultChild as cognito.CfnUserPoolClient;
    const stack = Stack.of(this);
    const resource = new CustomResource(this, 'ClientIdentityProviders', {
      serviceToken: fn.functionArn,
      resourceType: 'Custom::ClientIdentityProviders',
      properties: {
        UserPoolId: this.userPool.userPoolId,
        ClientId: this.userPoolClient.userPoolClientId,
        ClientSettings: Lazy.string({
          produce: () =>
            createHash('sha256')
              .update(JSON.stringify(stack.resolve(client._toCloudFormation())))
              .digest('hex'),
        }),
      },
    });
    resource.node.addDependency(client);
    return resource;
  }
}
