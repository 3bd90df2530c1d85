import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { LambdaConfig } from '../../config';
import type { StripeKeys } from './stripe.client';
import { isJsonObject } from '../../../shared/json-object';

/** One problem of the secret's JSON: where (`[]` is the whole secret) and, in English, what. */
export interface StripeSecretIssue {
  readonly code: 'invalid_type' | 'invalid_format';
  readonly path: readonly string[];
  readonly message: string;
}

/** As zod's safe parse answers: `data` on success, else `error`, each `undefined` on the other side. */
export type StripeSecretReading =
  | {
      readonly success: true;
      readonly data: Pick<StripeKeys, 'secretKey' | 'webhookSecret' | 'priceIds'>;
      readonly error?: undefined;
    }
  | {
      readonly success: false;
      readonly data?: undefined;
      readonly error: { readonly issues: StripeSecretIssue[] };
    };

/**
 * The Secrets Manager JSON {secretKey, webhookSecret, priceIds?} checked by hand, without zod: the Stripe
 * Lambdas read their config without it (lambdas/env-reader.ts), so stripe-webhook, which parses no other
 * schema, bundles no zod at all (issue 26 item 8, seventh round). It answers as the zod schema it
 * replaces did, issue for issue (code, path, message; test/unit/lambdas/stripe-secret-schema.test.ts):
 * names it does not read are dropped, and so is a price id named `__proto__`.
 */
export function parseStripeSecret(json: unknown): StripeSecretReading {
  if (!isJsonObject(json)) return { success: false, error: { issues: [wrongType('object', json, [])] } };
  const issues: StripeSecretIssue[] = [];
  const secretKey = prefixed(
    json,
    'secretKey',
    'sk_',
    'secretKey must be a Stripe secret key (sk_…)',
    issues,
  );
  const webhookSecret = prefixed(
    json,
    'webhookSecret',
    'whsec_',
    'webhookSecret must be a webhook signing secret (whsec_…)',
    issues,
  );
  const data: { secretKey: string; webhookSecret: string; priceIds?: Record<string, string> } = {
    secretKey,
    webhookSecret,
  };
  if ('priceIds' in json)
    data.priceIds = json.priceIds === undefined ? undefined : priceIdsOf(json.priceIds, issues);
  return issues.length ? { success: false, error: { issues } } : { success: true, data };
}

function prefixed(
  json: Record<string, unknown>,
  name: string,
  prefix: string,
  message: string,
  issues: StripeSecretIssue[],
): string {
  const value = json[name];
  if (typeof value !== 'string') issues.push(wrongType('string', value, [name]));
  else if (!value.startsWith(prefix)) issues.push({ code: 'invalid_format', path: [name], message });
  return value as string;
}

/** Lookup key → price id, each a string. */
function priceIdsOf(value: unknown, issues: StripeSecretIssue[]): Record<string, string> {
  if (!isJsonObject(value)) {
    issues.push(wrongType('record', value, ['priceIds']));
    return {};
  }
  const priceIds: Record<string, string> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue; // an own key JSON.parse makes; as a property it would be the prototype
    const id = value[key];
    if (typeof id !== 'string') issues.push(wrongType('string', id, ['priceIds', key]));
    priceIds[key] = id as string;
  }
  return priceIds;
}

function wrongType(expected: string, value: unknown, path: string[]): StripeSecretIssue {
  const received = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return { code: 'invalid_type', path, message: `Invalid input: expected ${expected}, received ${received}` };
}

export class StripeNotConfiguredError extends Error {}

/**
 * Where the Stripe keys come from: Secrets Manager in AWS (`STRIPE_SECRET_ARN`, JSON
 * {secretKey, webhookSecret, priceIds?}), else `STRIPE_SECRET_KEY` + `STRIPE_WEBHOOK_SECRET`
 * (real test mode, or the local sandbox when `STRIPE_API_BASE` is set). Loaded once per container.
 */
export function stripeKeysLoader(config: LambdaConfig): () => Promise<StripeKeys> {
  let loading: Promise<StripeKeys> | undefined;
  const load = async (): Promise<StripeKeys> => {
    if (config.STRIPE_SECRET_ARN) {
      const client = new SecretsManagerClient({ region: config.AWS_REGION });
      const out = await client.send(new GetSecretValueCommand({ SecretId: config.STRIPE_SECRET_ARN }));
      const parsed = parseStripeSecret(JSON.parse(out.SecretString ?? '{}'));
      if (!parsed.success) {
        throw new StripeNotConfiguredError(
          `The Stripe secret is not filled in yet: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
        );
      }
      return parsed.data;
    }
    if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
      return {
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiBase: config.STRIPE_API_BASE,
      };
    }
    throw new StripeNotConfiguredError(
      'Stripe is not configured: set STRIPE_SECRET_ARN, or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  };
  return () => {
    loading ??= load().catch((err) => {
      loading = undefined; // a transient failure is retried on the next request
      throw err;
    });
    return loading;
  };
}
