import { z } from 'zod';

/**
 * The only module that reads process.env. Each Lambda (and the local stack, which sets the same
 * variables) validates its configuration once at start-up and fails loudly when something is missing.
 */
const optionalUrl = z.string().url().optional();

const configSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Local only: endpoints of the emulators. Unset in AWS. */
  DYNAMODB_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  /** Local only: the token issuer of cognito-local (in AWS it is derived from the pool id). */
  COGNITO_ISSUER: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Raincheck <alerts@raincheck.local>'),
  SES_CONFIGURATION_SET: z.string().optional(),
  DISPATCH_QUEUE_URL: z.string().optional(),
  STRIPE_SECRET_ARN: z.string().optional(),
  /** Without STRIPE_SECRET_ARN: Stripe keys given directly (real test mode, or the local sandbox). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Local only: the payments sandbox's base URL; unset means api.stripe.com. */
  STRIPE_API_BASE: optionalUrl,
  WEATHER_API_KEY_PARAM: z.string().optional(),
  APP_ORIGIN: z.string().optional(),
});

export type LambdaConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): LambdaConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid Lambda configuration: ${problems}`);
  }
  return result.data;
}

let cached: LambdaConfig | undefined;
export function loadConfig(): LambdaConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The issuer API Gateway's JWT authorizer checks; cognito-local issues its own. */
export function tokenIssuer(config: LambdaConfig): string {
  return (
    config.COGNITO_ISSUER ?? `https://cognito-idp.${config.AWS_REGION}.amazonaws.com/${config.USER_POOL_ID}`
  );
}
