/**
 * The proof that lambdas/config.ts, read by lambdas/env-reader.ts without zod (issue 26 item 8), reads
 * every environment as the zod/mini schema it replaced did: the same success, the same data (defaults,
 * coercions, trimmed URLs, what stays `undefined`, key order) and, when it fails, the same error word for
 * word (each variable named with zod's English reason). The schema below is that schema, copied as it was
 * (its doc comments aside); it lives here only, as the reference.
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import { en as english } from 'zod/v4/locales';
import {
  ConfigError,
  loadTriggerConfig,
  parseConfig,
  type LambdaConfig,
  type TriggerConfig,
} from '../../../lambdas/config';

type Env = Record<string, string | undefined>;

const optionalUrl = z.optional(z.url());
const nonEmpty = () => z.string().check(z.minLength(1));
const boundedInt = (min: number, max: number) =>
  z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)));

const referenceSchema = z.object({
  AWS_REGION: z._default(nonEmpty(), 'us-east-1'),
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
  TABLE_NAME: nonEmpty(),
  USER_POOL_ID: nonEmpty(),
  USER_POOL_CLIENT_ID: nonEmpty(),
  DYNAMODB_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
  COGNITO_ISSUER: optionalUrl,
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Raincheck <alerts@raincheck.local>'),
  SES_CONFIGURATION_SET: z.optional(z.string()),
  SMS_ORIGINATION_IDENTITY: z.optional(z.string()),
  SMS_CONFIGURATION_SET: z.optional(z.string()),
  SMS_ENDPOINT: optionalUrl,
  UNSUBSCRIBE_SECRET: z.optional(z.string().check(z.minLength(32))),
  UNSUBSCRIBE_SECRET_PREVIOUS: z.optional(z.string()),
  UNSUBSCRIBE_MAILTO: z.optional(z.email()),
  SES_SEND_RATE: z.optional(z.coerce.number().check(z.positive(), z.maximum(1000))),
  DISPATCH_QUEUE_URL: z.optional(z.string()),
  DISPATCH_WORKERS: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(1000))),
  WEBHOOK_QUEUE_URL: z.optional(z.string()),
  WEBHOOKS_ALLOW_LOOPBACK: z.optional(z.enum(['true', 'false'])),
  WEBHOOK_RETRY_SCALE: z.optional(z.coerce.number().check(z.positive(), z.lte(1))),
  FILES_BUCKET: z.optional(nonEmpty()),
  S3_ENDPOINT: optionalUrl,
  STRIPE_SECRET_ARN: z.optional(z.string()),
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.startsWith('sk_'))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.startsWith('whsec_'))),
  STRIPE_API_BASE: optionalUrl,
  WEATHER_API_KEY_PARAM: z.optional(z.string()),
  RAINCHECK_GEOCODING_URL: optionalUrl,
  RAINCHECK_ADDRESS_LOOKUP: z._default(z.enum(['amazon-location', 'off']), 'off'),
  RAINCHECK_GEO_PLACES_URL: optionalUrl,
  APP_ORIGIN: z.optional(z.string()),
  SSO_LOGIN_URL: optionalUrl,
  RAINCHECK_SSO_TRUST_DOMAINS: z.optional(z.enum(['true', 'false'])),
  RAINCHECK_WEATHER_PROVIDER: z.optional(z.enum(['open-meteo', 'simulated'])),
  RAINCHECK_OPEN_METEO_URL: optionalUrl,
  OPEN_METEO_API_KEY: z.optional(nonEmpty()),
  RAINCHECK_NWS_URL: z._default(z.url(), 'https://api.weather.gov'),
  NWS_USER_AGENT: z._default(z.string().check(z.minLength(3)), 'Raincheck (ops@raincheck.example)'),
  RAINCHECK_WEATHER_TIMEOUT_MS: boundedInt(100, 120_000),
  RAINCHECK_WEATHER_MAX_ATTEMPTS: boundedInt(1, 10),
  RAINCHECK_NCEI_URL: z._default(z.url(), 'https://www.ncei.noaa.gov'),
  RAINCHECK_OPEN_METEO_ARCHIVE_URL: optionalUrl,
  RAINCHECK_OBSERVATIONS: z._default(z.enum(['on', 'off']), 'on'),
});

const referenceTriggerSchema = z.omit(referenceSchema, { USER_POOL_ID: true, USER_POOL_CLIENT_ID: true });

/**
 * Mutual sameness of two types, so the table's `LambdaConfig` cannot drift from the schema's: a variable
 * added to lambdas/config.ts fails the typecheck here until its zod twin is added above, and from then on
 * every test below compares the two.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const configTypeIsTheSchemas: Same<LambdaConfig, z.infer<typeof referenceSchema>> = true;
const triggerTypeIsTheSchemas: Same<TriggerConfig, z.infer<typeof referenceTriggerSchema>> = true;

const NAMES = Object.keys(referenceSchema.shape);
/** zod's English messages given per parse (zod/mini registers no locale; the error words must match). */
const inEnglish = { error: english().localeError };

type Answer = { ok: true; config: unknown; names: string[] } | { ok: false; message: string };

function referenceAnswer(schema: z.ZodMiniType, env: Env): Answer {
  const result = schema.safeParse(env, inEnglish);
  if (result.success) return { ok: true, config: result.data, names: Object.keys(result.data as object) };
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return { ok: false, message: `Invalid Lambda configuration: ${problems}` };
}

function answerOf(read: () => object): Answer {
  try {
    const config = read();
    return { ok: true, config, names: Object.keys(config) };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { ok: false, message: err.message };
  }
}

/** The trigger config reads process.env itself: given `env` for the call only. */
function withProcessEnv<T>(env: Env, read: () => T): T {
  const saved = process.env;
  process.env = { ...env } as NodeJS.ProcessEnv;
  try {
    return read();
  } finally {
    process.env = saved;
  }
}

function expectSameAnswers(env: Env): void {
  expect(answerOf(() => parseConfig(env))).toStrictEqual(referenceAnswer(referenceSchema, env));
  expect(answerOf(() => withProcessEnv(env, loadTriggerConfig))).toStrictEqual(
    referenceAnswer(referenceTriggerSchema, env),
  );
}

/** What the local stack sets (local/lambda-config.ts), emulators on 127.0.0.1. */
const LOCAL_ENV: Env = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'raincheck-local',
  USER_POOL_ID: 'local_5cbvI1Gb',
  USER_POOL_CLIENT_ID: '7ngqa2c4k1b2kmm3w1dbbz9tb',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
  SES_ENDPOINT: 'http://127.0.0.1:8005',
  COGNITO_ISSUER: 'http://127.0.0.1:9229/local_5cbvI1Gb',
  COGNITO_ENDPOINT: 'http://127.0.0.1:9230',
  MAIL_FROM: 'Raincheck <no-reply@raincheck.local>',
  APP_ORIGIN: 'http://127.0.0.1:5173',
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
  STRIPE_API_BASE: 'http://127.0.0.1:12111',
  SMS_ENDPOINT: 'http://127.0.0.1:8006',
  SMS_ORIGINATION_IDENTITY: '+15555550100',
  SMS_CONFIGURATION_SET: 'raincheck-local',
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
  UNSUBSCRIBE_SECRET: 'local-unsubscribe-secret-0123456789abcdef',
  FILES_BUCKET: 'raincheck-files',
  S3_ENDPOINT: 'http://127.0.0.1:4569',
  RAINCHECK_WEATHER_PROVIDER: 'simulated',
  RAINCHECK_OPEN_METEO_URL: undefined,
  RAINCHECK_NWS_URL: undefined,
  SSO_LOGIN_URL: 'http://127.0.0.1:9231',
  RAINCHECK_SSO_TRUST_DOMAINS: 'true',
};

/** What the CDK app sets (infra/): AWS endpoints left to the SDK, the managed login domain. */
const AWS_ENV: Env = {
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'raincheck-api',
  TABLE_NAME: 'RaincheckStack-Table',
  USER_POOL_ID: 'us-east-1_AbCdEf123',
  USER_POOL_CLIENT_ID: '1h57kf5cpq17m0eml12EXAMPLE',
  MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
  SES_CONFIGURATION_SET: 'raincheck-events',
  DISPATCH_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-dispatch',
  DISPATCH_WORKERS: '4',
  WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-webhooks',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:raincheck/stripe-AbCdEf',
  RAINCHECK_ADDRESS_LOOKUP: 'amazon-location',
  RAINCHECK_GEO_PLACES_URL: 'https://places.geo.us-east-1.amazonaws.com',
  SSO_LOGIN_URL: 'https://raincheck-prod.auth.us-east-1.amazoncognito.com',
  UNSUBSCRIBE_MAILTO: 'unsubscribe@raincheck.example',
  SES_SEND_RATE: '14',
  APP_ORIGIN: 'https://app.raincheck.example',
  NWS_USER_AGENT: 'Raincheck (ops@raincheck.example)',
};

const URLS = [
  'http://127.0.0.1:8000',
  'http://127.0.0.1:9229/local_5cbvI1Gb',
  'http://localhost:3000/',
  'https://dynamodb.us-east-1.amazonaws.com',
  'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
  'https://x.auth.us-east-1.amazoncognito.com',
  'https://[::1]:3000/path?q=1#f',
  'http://ü.example',
  ' https://padded.example ',
  '\thttps://tabbed.example\n',
  'https://exa\nmple.com',
  // Odd, but the URL parser takes them and so did zod: the test decides, not taste.
  'localhost:8000',
  'http:example.com',
  'mailto:ops@raincheck.example',
  'javascript:alert(1)',
  'file:///tmp/x',
  // Junk.
  'not a url',
  '127.0.0.1:8000',
  'http://',
  '//example.com',
  'https://exa mple.com',
  'https://a.example:99999',
  'https://[::1',
];

const EMAILS = [
  'unsubscribe@raincheck.example',
  'a.b+c-d_e@mail.example.co',
  "o'brien@x.io",
  "x'@x.io",
  '.a@x.io',
  'a.@x.io',
  'a..b@x.io',
  'a@x',
  'a@x.c',
  'a@x.i0',
  'a@-x.io',
  'a@x-.io',
  'a@x..io',
  'a@.x.io',
  '@x.io',
  'a@@x.io',
  'a@b@x.io',
  'mailto:a@x.io',
  ' a@x.io',
  'a@x.io ',
  'A@X.IO',
  'a@1.io',
  'a@x.io\n',
];

const NUMBERS = [
  ...['0', '-0', '1', '-1', '2', '3', '9', '10', '11', '99', '100', '101', '999', '1000', '1001'],
  ...['119999', '120000', '120001', '0.001', '0.5', '1.0', '1.5', '1000.0001', '0.9999999', '1.0000001'],
  ...['1e3', '1e20', '-1e20', '9007199254740993', '0x10', '0b11', ' 5 ', '5 ms', 'NaN', 'Infinity'],
  ...['-Infinity', '1,000', '1_000', '+7', '.5', '5.'],
];

/** 31–33 characters, some of them made of two UTF-16 units (an emoji counts once). */
const LENGTHS = [
  'x'.repeat(31),
  'x'.repeat(32),
  'x'.repeat(33),
  '\u{1F600}'.repeat(16),
  '\u{1F600}'.repeat(31),
  '\u{1F600}'.repeat(32),
  'x'.repeat(30) + '\u{1F600}',
  'x'.repeat(31) + '\u{1F600}',
  '\uD83D'.repeat(32),
  'ab',
  'abc',
  '\u{1F600}\u{1F600}',
  '\u{1F600}\u{1F600}\u{1F600}',
];

const WORDS = [
  '',
  ' ',
  'x',
  'true',
  'false',
  'TRUE',
  'on',
  'off',
  'amazon-location',
  'open-meteo',
  'simulated',
  'darksky',
  'sk_',
  'sk_test_1',
  'sk',
  'pk_test_1',
  'whsec_',
  'whsec_1',
  ' whsec_1',
  'us-east-1',
  'toString',
  '__proto__',
];

const VALUES = [...URLS, ...EMAILS, ...NUMBERS, ...LENGTHS, ...WORDS];

describe('the configuration read without zod, against the zod/mini schema it replaced', () => {
  it('should have the same type and the same variables, in the same order', () => {
    expect([configTypeIsTheSchemas, triggerTypeIsTheSchemas]).toEqual([true, true]);
    const answer = answerOf(() => parseConfig(AWS_ENV));
    expect(answer.ok && answer.names).toEqual(NAMES.filter((n) => n in AWS_ENV || n in referenceDefaults()));
  });

  it.each([
    ['nothing set', {}],
    ['the local stack', LOCAL_ENV],
    ['the CDK app', AWS_ENV],
    ['the local stack with names it does not read', { ...LOCAL_ENV, PATH: '/usr/bin', HOME: '/root' }],
  ])('should read %s alike', (_name, env: Env) => {
    expectSameAnswers(env);
  });

  it.each(NAMES)('should read %s missing, undefined and with each kind of value alike', (name) => {
    for (const base of [LOCAL_ENV, AWS_ENV]) {
      const { [name]: _left, ...without } = base;
      expectSameAnswers(without);
      expectSameAnswers({ ...base, [name]: undefined });
      for (const value of VALUES) expectSameAnswers({ ...base, [name]: value });
    }
  });

  it('should read each URL the stack and the CDK app set, and junk, as z.url() did', () => {
    const accepted = URLS.filter((url) => answerOf(() => parseConfig({ ...LOCAL_ENV, S3_ENDPOINT: url })).ok);
    expect(accepted).toEqual(URLS.filter((url) => z.url().safeParse(url).success));
    expect(accepted).toEqual(
      expect.arrayContaining(['https://x.auth.us-east-1.amazoncognito.com', 'localhost:8000']),
    );
    expect(accepted).not.toContain('not a url');
    const padded = parseConfig({ ...LOCAL_ENV, S3_ENDPOINT: ' https://padded.example ' });
    expect(padded.S3_ENDPOINT).toBe('https://padded.example');
  });

  it('should read each address as z.email() did', () => {
    const accepted = EMAILS.filter(
      (email) => answerOf(() => parseConfig({ ...AWS_ENV, UNSUBSCRIBE_MAILTO: email })).ok,
    );
    expect(accepted).toEqual(EMAILS.filter((email) => z.email().safeParse(email).success));
    expect(accepted).toContain('unsubscribe@raincheck.example');
    expect(accepted).not.toContain('a@x');
  });

  it('should read random environments alike', () => {
    const char = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), maxLength: 40 });
    const value = fc.oneof(
      fc.constantFrom(...VALUES),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      char("ab.@-_+'1 "),
      char('hts:/.1[]: x\t'),
      fc.webUrl(),
      fc.emailAddress(),
      fc.double().map(String),
      fc.integer().map(String),
      fc.constant(undefined),
    );
    const env = fc.dictionary(fc.constantFrom(...NAMES, 'OTHER'), value, { maxKeys: NAMES.length });
    const withRequired = env.map((e) => ({
      TABLE_NAME: 't',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      ...e,
    }));
    fc.assert(
      fc.property(fc.oneof(env, withRequired), (e) => expectSameAnswers(e)),
      { numRuns: 1000 },
    );
  });
});

/** The variables with a default: present in every configuration read. */
function referenceDefaults(): Env {
  const answer = referenceAnswer(referenceSchema, {
    TABLE_NAME: 't',
    USER_POOL_ID: 'p',
    USER_POOL_CLIENT_ID: 'c',
  });
  if (!answer.ok) throw new Error(answer.message);
  const { TABLE_NAME: _t, USER_POOL_ID: _p, USER_POOL_CLIENT_ID: _c, ...defaults } = answer.config as Env;
  return defaults;
}
