import { randomBytes } from 'node:crypto';

/**
 * Real Stripe test mode when both keys are in the environment; otherwise the local sandbox.
 * (The local stack's only reader of the Stripe variables.)
 */
export type StripeMode =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string }
  | { kind: 'sandbox'; secretKey: string; webhookSecret: string; port: number | null };

export const DEFAULT_SANDBOX_PORT = 4242;

export function stripeModeFromEnv(env: NodeJS.ProcessEnv, opts: { persistent: boolean }): StripeMode {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return { kind: 'stripe', secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
  }
  const fromEnv = env.RAINCHECK_STRIPE_SANDBOX_PORT ? Number(env.RAINCHECK_STRIPE_SANDBOX_PORT) : null;
  return {
    kind: 'sandbox',
    secretKey: 'sk_test_raincheck_sandbox',
    webhookSecret: `whsec_sandbox_${randomBytes(16).toString('hex')}`,
    // A fixed port for `npm start` (links in stored sessions stay valid); a free one for tests.
    port: fromEnv ?? (opts.persistent ? DEFAULT_SANDBOX_PORT : null),
  };
}
