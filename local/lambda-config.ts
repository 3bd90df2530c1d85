import { parseConfig, type LambdaConfig } from '../lambdas/config';
import type { RuntimeConfig } from '../shared/runtime-config';

export interface LocalLambdaConfigInput {
  /** What the weather provider choice sets (provider, URLs). */
  weatherEnv: Record<string, string | undefined>;
  unsubscribeSecret: string;
  region: string;
  tableName: string;
  pool: { userPoolId: string; userPoolClientId: string };
  dynamoUrl: string;
  sesUrl: string;
  cognitoUrl: string;
  /** cognito-local behind the endpoint that adds what Cognito answers (the Lambdas' admin client). */
  adminEndpointUrl: string;
  appUrl: string;
  stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string };
  smsUrl: string;
  smsNumber: string;
  filesBucket: string;
  s3Mount: string;
}

/**
 * The Lambdas' configuration on the local stack: the same `parseConfig` the Lambdas run, given the
 * emulators' endpoints instead of AWS's, and the few settings a developer may pass through.
 */
export function localLambdaConfig(i: LocalLambdaConfigInput): LambdaConfig {
  return parseConfig({
    ...i.weatherEnv,
    UNSUBSCRIBE_SECRET: i.unsubscribeSecret,
    RAINCHECK_OPEN_METEO_URL: process.env.RAINCHECK_OPEN_METEO_URL,
    RAINCHECK_GEOCODING_URL: process.env.RAINCHECK_GEOCODING_URL,
    RAINCHECK_ADDRESS_LOOKUP: process.env.RAINCHECK_ADDRESS_LOOKUP,
    RAINCHECK_GEO_PLACES_URL: process.env.RAINCHECK_GEO_PLACES_URL,
    RAINCHECK_NWS_URL: process.env.RAINCHECK_NWS_URL,
    // Observed weather (issue 25): the real services; offline they fail fast and the evidence says
    // observation is unavailable. Tests point these at local/observation-stand-in.ts.
    RAINCHECK_NCEI_URL: process.env.RAINCHECK_NCEI_URL,
    RAINCHECK_OPEN_METEO_ARCHIVE_URL: process.env.RAINCHECK_OPEN_METEO_ARCHIVE_URL,
    RAINCHECK_OBSERVATIONS: process.env.RAINCHECK_OBSERVATIONS,
    OPEN_METEO_API_KEY: process.env.OPEN_METEO_API_KEY,
    AWS_REGION: i.region,
    TABLE_NAME: i.tableName,
    USER_POOL_ID: i.pool.userPoolId,
    USER_POOL_CLIENT_ID: i.pool.userPoolClientId,
    DYNAMODB_ENDPOINT: i.dynamoUrl,
    SES_ENDPOINT: i.sesUrl,
    COGNITO_ISSUER: `${i.cognitoUrl}/${i.pool.userPoolId}`,
    COGNITO_ENDPOINT: i.adminEndpointUrl,
    MAIL_FROM: 'Raincheck <no-reply@raincheck.local>',
    APP_ORIGIN: i.appUrl,
    STRIPE_SECRET_KEY: i.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: i.stripe.webhookSecret,
    STRIPE_API_BASE: i.stripe.apiBase,
    SMS_ENDPOINT: i.smsUrl,
    SMS_ORIGINATION_IDENTITY: i.smsNumber,
    SMS_CONFIGURATION_SET: 'raincheck-local',
    // Webhooks to a receiver on this machine (http://localhost): the local stack only, never in AWS.
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_SCALE: process.env.RAINCHECK_WEBHOOK_RETRY_SCALE,
    // Single sign-on: the federation front stands for the managed login domain (local/federation).
    SSO_LOGIN_URL: `${i.appUrl}/__federation`,
    RAINCHECK_SSO_TRUST_DOMAINS: process.env.RAINCHECK_SSO_TRUST_DOMAINS,
    FILES_BUCKET: i.filesBucket,
    S3_ENDPOINT: `${i.appUrl}${i.s3Mount}`,
  });
}

/** What the SPA reads at start on the local stack: the pool behind the app's own /__cognito, password sign-in. */
export function localRuntimeConfig(i: {
  region: string;
  pool: { userPoolId: string; userPoolClientId: string };
  appUrl: string;
  sesPort: number;
}): RuntimeConfig {
  return {
    stage: 'local',
    region: i.region,
    userPoolId: i.pool.userPoolId,
    userPoolClientId: i.pool.userPoolClientId,
    userPoolEndpoint: `${i.appUrl}/__cognito`,
    authFlow: 'USER_PASSWORD_AUTH',
    apiOrigin: '',
    mailboxUrl: `http://localhost:${i.sesPort}`,
  };
}
