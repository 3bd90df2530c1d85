import { readEnv, type ConfigOf, type VariableTable } from './env-reader';

/**
 * The only module that reads process.env. Each Lambda (and the local stack, which sets the same
 * variables) checks its configuration once at start-up and fails loudly when something is missing.
 * One entry per variable, read by lambdas/env-reader.ts without zod: every Lambda loads this module,
 * and zod/mini with this table as its schema cost ~4–5 ms of every cold start (issue 26 item 8; the
 * schema it replaces stays in test/unit/lambdas/config-equivalence.test.ts as the reference).
 */
const CONFIG_VARIABLES = {
  AWS_REGION: { kind: 'nonEmpty', default: 'us-east-1' },
  /** Set by the Lambda runtime: logs are Powertools JSON there, and silent or readable lines elsewhere. */
  AWS_LAMBDA_FUNCTION_NAME: { kind: 'string', optional: true },
  TABLE_NAME: { kind: 'nonEmpty' },
  USER_POOL_ID: { kind: 'nonEmpty' },
  USER_POOL_CLIENT_ID: { kind: 'nonEmpty' },
  /** Local only: endpoints of the emulators. Unset in AWS. */
  DYNAMODB_ENDPOINT: { kind: 'url', optional: true },
  SES_ENDPOINT: { kind: 'url', optional: true },
  /** Local only: cognito-local's endpoint for the admin API (users, groups). Unset in AWS. */
  COGNITO_ENDPOINT: { kind: 'url', optional: true },
  /** Local only: the token issuer of cognito-local (in AWS it is derived from the pool id). */
  COGNITO_ISSUER: { kind: 'url', optional: true },
  MAIL_FROM: { kind: 'minLength', min: 3, default: 'Raincheck <alerts@raincheck.local>' },
  SES_CONFIGURATION_SET: { kind: 'string', optional: true },
  /** SMS (End User Messaging): the number texts come from, and the configuration set of its events. */
  SMS_ORIGINATION_IDENTITY: { kind: 'string', optional: true },
  SMS_CONFIGURATION_SET: { kind: 'string', optional: true },
  /** Local only: the local SMS server (local/sms-server). Unset in AWS. */
  SMS_ENDPOINT: { kind: 'url', optional: true },
  /** Signs the unsubscribe links of notices (HMAC-SHA256); at least 32 characters. */
  UNSUBSCRIBE_SECRET: { kind: 'minLength', min: 32, optional: true },
  /** Earlier unsubscribe secrets, comma-separated, so links signed before a rotation keep working. */
  UNSUBSCRIBE_SECRET_PREVIOUS: { kind: 'string', optional: true },
  /** The `mailto:` alternative of the List-Unsubscribe header (optional). */
  UNSUBSCRIBE_MAILTO: { kind: 'email', optional: true },
  /** Notice emails per second this process allows itself (under the account's SES rate). */
  SES_SEND_RATE: { kind: 'number', above: 0, atMost: 1000, optional: true },
  DISPATCH_QUEUE_URL: { kind: 'string', optional: true },
  /** Worker Lambdas that take the queue's batches at once: the planner sizes batches in whole rounds of them. */
  DISPATCH_WORKERS: { kind: 'int', above: 0, atMost: 1000, optional: true },
  /** The webhook delivery queue (issue 23 §6); unset: deliveries run in process (the local stack). */
  WEBHOOK_QUEUE_URL: { kind: 'string', optional: true },
  /**
   * Local only: `true` lets webhooks reach http://localhost and 127.0.0.1 (a developer's receiver).
   * Ignored inside Lambda (AWS_LAMBDA_FUNCTION_NAME set): in AWS loopback is always refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: { kind: 'enum', values: ['true', 'false'], optional: true },
  /** Local tests only: multiplies the webhook retry delays (e.g. 0.001), so retries happen within a test. */
  WEBHOOK_RETRY_SCALE: { kind: 'number', above: 0, atMost: 1, optional: true },
  /** File storage (issue 24 item 5): the bucket logos are uploaded to and served from (`files/*`). */
  FILES_BUCKET: { kind: 'nonEmpty', optional: true },
  /** Local only: the S3 front (local/s3-front) in front of s3rver, path style. Unset in AWS. */
  S3_ENDPOINT: { kind: 'url', optional: true },
  STRIPE_SECRET_ARN: { kind: 'string', optional: true },
  /** Without STRIPE_SECRET_ARN: Stripe keys given directly (real test mode, or the local sandbox). */
  STRIPE_SECRET_KEY: { kind: 'prefix', prefix: 'sk_', optional: true },
  STRIPE_WEBHOOK_SECRET: { kind: 'prefix', prefix: 'whsec_', optional: true },
  /** Local only: the payments sandbox's base URL; unset means api.stripe.com. */
  STRIPE_API_BASE: { kind: 'url', optional: true },
  WEATHER_API_KEY_PARAM: { kind: 'string', optional: true },
  /** Open-Meteo's geocoding API base URL (address lookup in the jobsite form). */
  RAINCHECK_GEOCODING_URL: { kind: 'url', optional: true },
  /**
   * Street-address lookup (the jobsite form's address field): `amazon-location` (Amazon Location
   * Places, signed with the Lambda's role; the CDK app sets it) or `off` (the default: the field says
   * lookup is unavailable and the map pin or typed coordinates place the site).
   */
  RAINCHECK_ADDRESS_LOOKUP: { kind: 'enum', values: ['amazon-location', 'off'], default: 'off' },
  /** Amazon Location Places' endpoint; unset means AWS's regional one (a test points it at a stand-in). */
  RAINCHECK_GEO_PLACES_URL: { kind: 'url', optional: true },
  APP_ORIGIN: { kind: 'string', optional: true },
  /**
   * Single sign-on (issue 24): the user pool's managed login domain (`https://<prefix>.auth.<region>.amazoncognito.com`;
   * locally the stack's federation front). Unset: the SSO routes answer that sign-in through a provider is off.
   */
  SSO_LOGIN_URL: { kind: 'url', optional: true },
  /**
   * Local development only: `true` counts every email domain as proven (a laptop has no public DNS zone to
   * publish a TXT record in). Refused inside Lambda: in AWS a domain is proven by its TXT record only.
   */
  RAINCHECK_SSO_TRUST_DOMAINS: { kind: 'enum', values: ['true', 'false'], optional: true },
  /**
   * Weather (lambdas/adapters/weather/weather.factory.ts). Which forecast provider to use:
   * `open-meteo` (the default when unset) or `simulated` (no network; the local stack sets it when
   * Open-Meteo cannot be reached, see local/weather-provider-choice.ts).
   */
  RAINCHECK_WEATHER_PROVIDER: { kind: 'enum', values: ['open-meteo', 'simulated'], optional: true },
  /**
   * Open-Meteo's base URL (scheme and host; `/v1/forecast` is added). Unset: the public host
   * https://api.open-meteo.com, or https://customer-api.open-meteo.com when OPEN_METEO_API_KEY is set.
   */
  RAINCHECK_OPEN_METEO_URL: { kind: 'url', optional: true },
  /** Open-Meteo's paid-plan key, sent as `apikey` (the free host is for non-commercial use only). */
  OPEN_METEO_API_KEY: { kind: 'nonEmpty', optional: true },
  /** The US National Weather Service API's base URL (official alerts). */
  RAINCHECK_NWS_URL: { kind: 'url', default: 'https://api.weather.gov' },
  /** NWS refuses requests without an identifying User-Agent: product name and a contact address. */
  NWS_USER_AGENT: { kind: 'minLength', min: 3, default: 'Raincheck (ops@raincheck.example)' },
  /** Per-attempt timeout of weather calls, in ms (default 10 s). */
  RAINCHECK_WEATHER_TIMEOUT_MS: { kind: 'int', atLeast: 100, atMost: 120_000, optional: true },
  /** Attempts per weather call, the first included (default 3; 1 disables retries). */
  RAINCHECK_WEATHER_MAX_ATTEMPTS: { kind: 'int', atLeast: 1, atMost: 10, optional: true },
  /** NOAA NCEI's base URL (station search and Global Hourly data; keyless). Observed weather, issue 25. */
  RAINCHECK_NCEI_URL: { kind: 'url', default: 'https://www.ncei.noaa.gov' },
  /**
   * Open-Meteo's historical weather API base URL (`/v1/archive`). Unset: the public archive host, or the
   * customer archive host when OPEN_METEO_API_KEY is set.
   */
  RAINCHECK_OPEN_METEO_ARCHIVE_URL: { kind: 'url', optional: true },
  /** `off` skips observed weather altogether (the evidence then reads pending, then unavailable). */
  RAINCHECK_OBSERVATIONS: { kind: 'enum', values: ['on', 'off'], default: 'on' },
} as const satisfies VariableTable;

export type LambdaConfig = ConfigOf<typeof CONFIG_VARIABLES>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): LambdaConfig {
  return readOrThrow(CONFIG_VARIABLES, env);
}

function readOrThrow<T extends VariableTable>(
  table: T,
  env: Record<string, string | undefined>,
): ConfigOf<T> {
  const reading = readEnv(table, env);
  if (!reading.ok) throw new ConfigError(`Invalid Lambda configuration: ${reading.problems.join('; ')}`);
  return reading.config;
}

/**
 * The user pool's own triggers (lambdas/post-confirmation) are not told the pool's id: the pool refers to
 * them, so CloudFormation would see a cycle. Their events name the pool.
 */
const triggerVariables = () => {
  const { USER_POOL_ID: _pool, USER_POOL_CLIENT_ID: _client, ...rest } = CONFIG_VARIABLES;
  return rest;
};
export type TriggerConfig = ConfigOf<ReturnType<typeof triggerVariables>>;

export function loadTriggerConfig(): TriggerConfig {
  return readOrThrow(triggerVariables(), process.env);
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
