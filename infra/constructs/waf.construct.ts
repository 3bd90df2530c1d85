import { Aws, CfnCondition, Fn } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Edge protection with AWS WAF (docs/operations.md "Edge protection"). HTTP APIs cannot take a web
 * ACL (WAF protects REST APIs, not API Gateway v2), so the API is protected where every browser
 * request reaches it: CloudFront's `/api/*` and `/v1/*` behaviours. Sign-in goes from the SPA straight to Cognito,
 * so its rate limits sit on a REGIONAL web ACL associated with the user pool.
 */

/** The guest checkout (public, creates a payment session per call). */
export const GUEST_CHECKOUT_PATH = '/api/consolidated/stripe/create-guest-checkout';
/** The public routes that trade a checkout session for the email it paid with. */
export const GUEST_EMAIL_PATH_PREFIX = '/api/consolidated/stripe/guest-checkout-';

/** Every path the distribution sends to the HTTP API: the SPA's `/api/*` and the public `/v1/*`. */
export const API_PATH_PREFIXES = ['/api/', '/v1/'] as const;

/** Requests per IP per 5 minutes before WAF blocks (WAF's rate rules count over a 300 s window). */
export const WAF_RATE_LIMITS = {
  guestCheckout: 20,
  guestEmail: 60,
  api: 3000,
  /** InitiateAuth and RespondToAuthChallenge: wrong passwords and TOTP codes. */
  signIn: 100,
  /** SignUp, ForgotPassword, ConfirmForgotPassword, ResendConfirmationCode, ConfirmSignUp: emailed codes. */
  accountCodes: 30,
} as const;

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

function managedRuleGroup(
  name: string,
  priority: number,
  overrides: { name: string }[] = [],
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(overrides.length
          ? { ruleActionOverrides: overrides.map((o) => ({ name: o.name, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDown: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', scopeDownStatement: scopeDown } },
    visibilityConfig: visibility(name),
  };
}

const lowercase = [{ priority: 0, type: 'LOWERCASE' }];
const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: lowercase,
  },
});
const cognitoTargets = (targets: string[]): wafv2.CfnWebACL.StatementProperty => {
  const one = (target: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
      positionalConstraint: 'EXACTLY',
      searchString: `AWSCognitoIdentityProviderService.${target}`,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  });
  return targets.length === 1 ? one(targets[0]!) : { orStatement: { statements: targets.map(one) } };
};

/**
 * The CloudFront web ACL: AWS's common and known-bad-inputs rule groups, then rate limits per IP on the
 * guest checkout, the guest paid-email lookups and the whole API (`/api/` and `/v1/`, one budget per IP). A CLOUDFRONT web ACL exists only in
 * us-east-1, so it is created (and attached) when the stack is deployed there; `webAclArn` is empty
 * elsewhere (docs/operations.md says how to deploy it from us-east-1 then).
 */
export class CloudFrontWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The ARN to hand the distribution: the ACL's in us-east-1, no value elsewhere. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const inUsEast1 = new CfnCondition(this, 'InUsEast1', {
      expression: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('raincheck-cloudfront'),
      rules: [
        // The API's own body caps (64 KB; larger for the workers CSV import) govern body size: WAF's
        // 8 KB body rule only counts, so an import is not blocked at the edge.
        managedRuleGroup('AWSManagedRulesCommonRuleSet', 0, [{ name: 'SizeRestrictions_BODY' }]),
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 1),
        rateRule('GuestCheckoutRate', 2, WAF_RATE_LIMITS.guestCheckout, pathStartsWith(GUEST_CHECKOUT_PATH)),
        rateRule('GuestEmailRate', 3, WAF_RATE_LIMITS.guestEmail, pathStartsWith(GUEST_EMAIL_PATH_PREFIX)),
        rateRule('ApiRate', 4, WAF_RATE_LIMITS.api, {
          orStatement: { statements: API_PATH_PREFIXES.map(pathStartsWith) },
        }),
      ],
    });
    this.webAcl.cfnOptions.condition = inUsEast1;
    this.webAclArn = Fn.conditionIf(inUsEast1.logicalId, this.webAcl.attrArn, Aws.NO_VALUE).toString();
  }
}

/**
 * The user pool's REGIONAL web ACL: rate limits per IP on sign-in (passwords, TOTP codes) and on the
 * operations that email codes, plus AWS's known-bad-inputs group. (WAF sees the operation, never the
 * username or password.)
 */
export class UserPoolWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPoolArn: string }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('raincheck-user-pool'),
      rules: [
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 0),
        rateRule(
          'SignInRate',
          1,
          WAF_RATE_LIMITS.signIn,
          cognitoTargets(['InitiateAuth', 'RespondToAuthChallenge']),
        ),
        rateRule(
          'AccountCodesRate',
          2,
          WAF_RATE_LIMITS.accountCodes,
          cognitoTargets([
            'SignUp',
            'ConfirmSignUp',
            'ResendConfirmationCode',
            'ForgotPassword',
            'ConfirmForgotPassword',
          ]),
        ),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
