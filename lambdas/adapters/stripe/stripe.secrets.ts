import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { en as english } from 'zod/v4/locales';
import type { LambdaConfig } from '../../config';
import type { StripeKeys } from './stripe.client';
import { builtOnFirstCall, builtOnFirstUse } from '../../../shared/built-on-first-use';

/**
 * The Secrets Manager JSON, in zod/mini as lambdas/config.ts is: the Stripe Lambdas bundle zod/mini for
 * their config anyway, and stripe-webhook parses with no other schema, so it leaves zod's classic API
 * out (issue 26 item 8). The same schema as it was in zod's classic API, message for message
 * (test/unit/lambdas/stripe-secret-schema.test.ts).
 */
export const stripeSecretSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.object({
    secretKey: z.string().check(z.startsWith('sk_', 'secretKey must be a Stripe secret key (sk_…)')),
    webhookSecret: z
      .string()
      .check(z.startsWith('whsec_', 'webhookSecret must be a webhook signing secret (whsec_…)')),
    priceIds: z.optional(z.record(z.string(), z.string())),
  }),
);

/**
 * zod's English messages for the issues the schema does not word itself: zod's classic API registers
 * them on its first schema, zod/mini leaves them to the caller (given per parse, not set globally).
 */
const inEnglish = /* @__PURE__ */ builtOnFirstCall(() => ({ error: english().localeError }));

/** The secret's JSON checked, or each problem in English. */
export function parseStripeSecret(json: unknown) {
  return stripeSecretSchema.safeParse(json, inEnglish());
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
