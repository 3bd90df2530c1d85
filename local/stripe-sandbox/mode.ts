import { randomBytes } from 'node:crypto';
import { SANDBOX_SECRET_KEY_FILE, SANDBOX_TOKEN_FILE } from './sandbox-secrets';

/**
 * Real Stripe test mode when both keys are in the environment; otherwise the local sandbox.
 * (The local stack's only reader of the Stripe variables.)
 */
export type StripeMode =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string }
  | {
      kind: 'sandbox';
      /** The sandbox's own secret key: its `/v1` API accepts no other. */
      secretKey: string;
      /** The token of its control routes (`x-sandbox-token`), kept in `<data folder>/sandbox-token`. */
      controlToken: string;
      webhookSecret: string;
      port: number | null;
    };

export const DEFAULT_SANDBOX_PORT = 4242;

export function stripeModeFromEnv(
  env: NodeJS.ProcessEnv,
  opts: {
    persistent: boolean;
    /** A random secret kept in the data folder under `name`, made on first use. */
    localSecret: (name: string) => string;
  },
): StripeMode {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return { kind: 'stripe', secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
  }
  const fromEnv = env.RAINCHECK_STRIPE_SANDBOX_PORT ? Number(env.RAINCHECK_STRIPE_SANDBOX_PORT) : null;
  return {
    kind: 'sandbox',
    secretKey: `sk_test_${opts.localSecret(SANDBOX_SECRET_KEY_FILE)}`,
    controlToken: opts.localSecret(SANDBOX_TOKEN_FILE),
    webhookSecret: `whsec_sandbox_${randomBytes(16).toString('hex')}`,
    // A fixed port for `npm start` (links in stored sessions stay valid); a free one for tests.
    port: fromEnv ?? (opts.persistent ? DEFAULT_SANDBOX_PORT : null),
  };
}
