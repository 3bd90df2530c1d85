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
  /**
   * Weather (lambdas/adapters/weather/weather.factory.ts). Which forecast provider to use:
   * `open-meteo` (the default when unset) or `simulated` (no network; the local stack sets it when
   * Open-Meteo cannot be reached, see local/weather-provider-choice.ts).
   */
  RAINCHECK_WEATHER_PROVIDER: z.enum(['open-meteo', 'simulated']).optional(),
  /**
   * Open-Meteo's base URL (scheme and host; `/v1/forecast` is added). Unset: the public host
   * https://api.open-meteo.com, or https://customer-api.open-meteo.com when OPEN_METEO_API_KEY is set.
   */
  RAINCHECK_OPEN_METEO_URL: optionalUrl,
  /** Open-Meteo's paid-plan key, sent as `apikey` (the free host is for non-commercial use only). */
  OPEN_METEO_API_KEY: z.string().min(1).optional(),
  /** The US National Weather Service API's base URL (official alerts). */
  RAINCHECK_NWS_URL: z.string().url().default('https://api.weather.gov'),
  /** NWS refuses requests without an identifying User-Agent: product name and a contact address. */
  NWS_USER_AGENT: z.string().min(3).default('Raincheck (ops@raincheck.example)'),
  /** Per-attempt timeout of weather calls, in ms (default 10 s). */
  RAINCHECK_WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  /** Attempts per weather call, the first included (default 3; 1 disables retries). */
  RAINCHECK_WEATHER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).optional(),
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
