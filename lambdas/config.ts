import * as z from 'zod/mini';

/**
 * The only module that reads process.env. Each Lambda (and the local stack, which sets the same
 * variables) validates its configuration once at start-up and fails loudly when something is missing.
 * zod/mini, not zod: every Lambda loads this module, and the dispatch Lambda needs nothing else of zod
 * (its bundle stays free of zod's classic API; see docs/benchmarks.md, Lambda bundles).
 */
const optionalUrl = z.optional(z.url());
const nonEmpty = () => z.string().check(z.minLength(1));
const boundedInt = (min: number, max: number) =>
  z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)));

const configSchema = z.object({
  AWS_REGION: z._default(nonEmpty(), 'us-east-1'),
  /** Set by the Lambda runtime: logs are Powertools JSON there, and silent or readable lines elsewhere. */
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
  TABLE_NAME: nonEmpty(),
  USER_POOL_ID: nonEmpty(),
  USER_POOL_CLIENT_ID: nonEmpty(),
  /** Local only: endpoints of the emulators. Unset in AWS. */
  DYNAMODB_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  /** Local only: cognito-local's endpoint for the admin API (users, groups). Unset in AWS. */
  COGNITO_ENDPOINT: optionalUrl,
  /** Local only: the token issuer of cognito-local (in AWS it is derived from the pool id). */
  COGNITO_ISSUER: optionalUrl,
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Raincheck <alerts@raincheck.local>'),
  SES_CONFIGURATION_SET: z.optional(z.string()),
  /** SMS (End User Messaging): the number texts come from, and the configuration set of its events. */
  SMS_ORIGINATION_IDENTITY: z.optional(z.string()),
  SMS_CONFIGURATION_SET: z.optional(z.string()),
  /** Local only: the local SMS server (local/sms-server). Unset in AWS. */
  SMS_ENDPOINT: optionalUrl,
  /** Signs the unsubscribe links of notices (HMAC-SHA256); at least 32 characters. */
  UNSUBSCRIBE_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** Earlier unsubscribe secrets, comma-separated, so links signed before a rotation keep working. */
  UNSUBSCRIBE_SECRET_PREVIOUS: z.optional(z.string()),
  /** The `mailto:` alternative of the List-Unsubscribe header (optional). */
  UNSUBSCRIBE_MAILTO: z.optional(z.email()),
  /** Notice emails per second this process allows itself (under the account's SES rate). */
  SES_SEND_RATE: z.optional(z.coerce.number().check(z.positive(), z.maximum(1000))),
  DISPATCH_QUEUE_URL: z.optional(z.string()),
  /** Worker Lambdas that take the queue's batches at once: the planner sizes batches in whole rounds of them. */
  DISPATCH_WORKERS: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(1000))),
  /** The webhook delivery queue (issue 23 §6); unset: deliveries run in process (the local stack). */
  WEBHOOK_QUEUE_URL: z.optional(z.string()),
  /**
   * Local only: `true` lets webhooks reach http://localhost and 127.0.0.1 (a developer's receiver).
   * Ignored inside Lambda (AWS_LAMBDA_FUNCTION_NAME set): in AWS loopback is always refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: z.optional(z.enum(['true', 'false'])),
  /** Local tests only: multiplies the webhook retry delays (e.g. 0.001), so retries happen within a test. */
  WEBHOOK_RETRY_SCALE: z.optional(z.coerce.number().check(z.positive(), z.lte(1))),
  /** File storage (issue 24 item 5): the bucket logos are uploaded to and served from (`files/*`). */
  FILES_BUCKET: z.optional(nonEmpty()),
  /** Local only: the S3 front (local/s3-front) in front of s3rver, path style. Unset in AWS. */
  S3_ENDPOINT: optionalUrl,
  STRIPE_SECRET_ARN: z.optional(z.string()),
  /** Without STRIPE_SECRET_ARN: Stripe keys given directly (real test mode, or the local sandbox). */
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.startsWith('sk_'))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.startsWith('whsec_'))),
  /** Local only: the payments sandbox's base URL; unset means api.stripe.com. */
  STRIPE_API_BASE: optionalUrl,
  WEATHER_API_KEY_PARAM: z.optional(z.string()),
  /** Open-Meteo's geocoding API base URL (address lookup in the jobsite form). */
  RAINCHECK_GEOCODING_URL: optionalUrl,
  /**
   * Street-address lookup (the jobsite form's address field): `amazon-location` (Amazon Location
   * Places, signed with the Lambda's role; the CDK app sets it) or `off` (the default: the field says
   * lookup is unavailable and the map pin or typed coordinates place the site).
   */
  RAINCHECK_ADDRESS_LOOKUP: z._default(z.enum(['amazon-location', 'off']), 'off'),
  /** Amazon Location Places' endpoint; unset means AWS's regional one (a test points it at a stand-in). */
  RAINCHECK_GEO_PLACES_URL: optionalUrl,
  APP_ORIGIN: z.optional(z.string()),
  /**
   * Single sign-on (issue 24): the user pool's managed login domain (`https://<prefix>.auth.<region>.amazoncognito.com`;
   * locally the stack's federation front). Unset: the SSO routes answer that sign-in through a provider is off.
   */
  SSO_LOGIN_URL: optionalUrl,
  /**
   * Local development only: `true` counts every email domain as proven (a laptop has no public DNS zone to
   * publish a TXT record in). Refused inside Lambda: in AWS a domain is proven by its TXT record only.
   */
  RAINCHECK_SSO_TRUST_DOMAINS: z.optional(z.enum(['true', 'false'])),
  /**
   * Weather (lambdas/adapters/weather/weather.factory.ts). Which forecast provider to use:
   * `open-meteo` (the default when unset) or `simulated` (no network; the local stack sets it when
   * Open-Meteo cannot be reached, see local/weather-provider-choice.ts).
   */
  RAINCHECK_WEATHER_PROVIDER: z.optional(z.enum(['open-meteo', 'simulated'])),
  /**
   * Open-Meteo's base URL (scheme and host; `/v1/forecast` is added). Unset: the public host
   * https://api.open-meteo.com, or https://customer-api.open-meteo.com when OPEN_METEO_API_KEY is set.
   */
  RAINCHECK_OPEN_METEO_URL: optionalUrl,
  /** Open-Meteo's paid-plan key, sent as `apikey` (the free host is for non-commercial use only). */
  OPEN_METEO_API_KEY: z.optional(nonEmpty()),
  /** The US National Weather Service API's base URL (official alerts). */
  RAINCHECK_NWS_URL: z._default(z.url(), 'https://api.weather.gov'),
  /** NWS refuses requests without an identifying User-Agent: product name and a contact address. */
  NWS_USER_AGENT: z._default(z.string().check(z.minLength(3)), 'Raincheck (ops@raincheck.example)'),
  /** Per-attempt timeout of weather calls, in ms (default 10 s). */
  RAINCHECK_WEATHER_TIMEOUT_MS: boundedInt(100, 120_000),
  /** Attempts per weather call, the first included (default 3; 1 disables retries). */
  RAINCHECK_WEATHER_MAX_ATTEMPTS: boundedInt(1, 10),
  /** NOAA NCEI's base URL (station search and Global Hourly data; keyless). Observed weather, issue 25. */
  RAINCHECK_NCEI_URL: z._default(z.url(), 'https://www.ncei.noaa.gov'),
  /**
   * Open-Meteo's historical weather API base URL (`/v1/archive`). Unset: the public archive host, or the
   * customer archive host when OPEN_METEO_API_KEY is set.
   */
  RAINCHECK_OPEN_METEO_ARCHIVE_URL: optionalUrl,
  /** `off` skips observed weather altogether (the evidence then reads pending, then unavailable). */
  RAINCHECK_OBSERVATIONS: z._default(z.enum(['on', 'off']), 'on'),
});

export type LambdaConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): LambdaConfig {
  return parseWith(configSchema, env);
}

function parseWith<S extends z.ZodMiniType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid Lambda configuration: ${problems}`);
  }
  return result.data;
}

/**
 * The user pool's own triggers (lambdas/post-confirmation) are not told the pool's id: the pool refers to
 * them, so CloudFormation would see a cycle. Their events name the pool.
 */
const triggerConfigSchema = z.omit(configSchema, { USER_POOL_ID: true, USER_POOL_CLIENT_ID: true });
export type TriggerConfig = z.infer<typeof triggerConfigSchema>;

export function loadTriggerConfig(): TriggerConfig {
  return parseWith(triggerConfigSchema, process.env);
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
