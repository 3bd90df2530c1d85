import type { RuntimeConfig } from './runtime-config';

/**
 * The SPA's check of `/config.json`, written out by hand: it runs before anything else on every page,
 * and even zod/mini costs ~15 KB gzipped there (see docs/benchmarks.md). It accepts exactly what
 * `runtimeConfigSchema` in runtime-config.ts accepts; test/unit/shared/runtime-config-parse.test.ts holds
 * the two together, and the schema stays the declaration the server side and the infra tests use.
 */
export type RuntimeConfigParse =
  { success: true; data: RuntimeConfig } | { success: false; issue: { path: string; message: string } };

const STAGES = ['local', 'aws'] as const;
const AUTH_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const;

type Check = (value: unknown) => string | null;

const string: Check = (v) => (typeof v === 'string' ? null : 'expected a string');
const nonEmpty: Check = (v) => string(v) ?? ((v as string).length > 0 ? null : 'must not be empty');
const oneOf =
  (options: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && options.includes(v) ? null : `expected one of ${options.join(', ')}`;
const positiveInt: Check = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? null : 'expected a positive integer';
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined ? null : check(v);

const FIELDS: Record<keyof RuntimeConfig, Check> = {
  stage: oneOf(STAGES),
  region: nonEmpty,
  userPoolId: nonEmpty,
  userPoolClientId: nonEmpty,
  userPoolEndpoint: optional(string),
  authFlow: oneOf(AUTH_FLOWS),
  apiOrigin: string,
  mailboxUrl: optional(string),
  tokenCookieSyncUrl: optional(string),
  tokenCookieMaxAgeSeconds: optional(positiveInt),
  mapStyleUrl: optional(nonEmpty),
};

export function parseRuntimeConfig(value: unknown): RuntimeConfigParse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { success: false, issue: { path: '', message: 'expected an object' } };
  }
  const input = value as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(FIELDS)) {
    const message = check(input[key]);
    if (message) return { success: false, issue: { path: key, message } };
    // Like the zod object schema: unknown keys are dropped, absent optional keys stay absent.
    if (input[key] !== undefined) data[key] = input[key];
  }
  return { success: true, data: data as RuntimeConfig };
}
