import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { LambdaConfig } from '../../config';
import type { StripeKeys } from './stripe.client';
import { objectOnFirstUse } from '../../../shared/object-on-first-use';

const secretSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  secretKey: z.string().startsWith('sk_', 'secretKey must be a Stripe secret key (sk_…)'),
  webhookSecret: z.string().startsWith('whsec_', 'webhookSecret must be a webhook signing secret (whsec_…)'),
  priceIds: z.record(z.string(), z.string()).optional(),
}));

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
      const parsed = secretSchema.safeParse(JSON.parse(out.SecretString ?? '{}'));
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
