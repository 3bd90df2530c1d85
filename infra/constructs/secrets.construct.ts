import { ArnFormat, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface SecretsConstructProps {
  /** Name of the existing SSM SecureString parameter with the weather API key. */
  readonly weatherApiKeyParam: string;
}

/**
 * Where the Lambdas find their secrets. The template never holds a secret value: the Stripe secret is
 * created with a random placeholder and filled by an operator (docs/operations.md); the weather API key is
 * an SSM SecureString that CloudFormation cannot create, so the stack only names it.
 */
export class SecretsConstruct extends Construct {
  /** JSON `{ secretKey, webhookSecret, priceIds: {...} }`, filled after the first deploy. */
  readonly stripeSecret: secretsmanager.Secret;
  /** Signs the unsubscribe links of notices (HMAC); generated at deploy, never in the template. */
  readonly unsubscribeSecret: secretsmanager.Secret;
  readonly weatherApiKeyParamName: string;
  private readonly weatherApiKeyParamArn: string;

  constructor(scope: Construct, id: string, props: SecretsConstructProps) {
    super(scope, id);

    this.stripeSecret = new secretsmanager.Secret(this, 'StripeSecret', {
      description:
        'Raincheck Stripe keys as JSON {"secretKey":"sk_…","webhookSecret":"whsec_…","priceIds":{…}}; ' +
        'see docs/operations.md',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe API keys and webhook signing secrets are rolled in the Stripe dashboard, which has no ' +
        'Secrets Manager rotation integration; the runbook (docs/operations.md) covers rolling them by hand.',
    });

    this.unsubscribeSecret = new secretsmanager.Secret(this, 'UnsubscribeSecret', {
      description: 'Raincheck: HMAC key of the unsubscribe links in notice emails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.unsubscribeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating it would invalidate the unsubscribe links of every email already sent; the runbook rotates ' +
        'it by hand with UNSUBSCRIBE_SECRET_PREVIOUS keeping old links valid.',
    });

    this.weatherApiKeyParamName = props.weatherApiKeyParam;
    this.weatherApiKeyParamArn = Stack.of(this).formatArn({
      service: 'ssm',
      resource: 'parameter',
      // The ARN holds the name without its leading slash: arn:…:parameter/raincheck/weather-api-key
      resourceName: props.weatherApiKeyParam.replace(/^\//, ''),
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /** ssm:GetParameter on the one parameter. The default aws/ssm key decrypts it for callers in the account. */
  grantReadWeatherApiKey(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['ssm:GetParameter'],
      resourceArns: [this.weatherApiKeyParamArn],
    });
  }
}
