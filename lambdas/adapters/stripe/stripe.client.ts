import Stripe from 'stripe';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  /** Optional explicit price ids by lookup key (the Secrets Manager JSON may carry them). */
  priceIds?: Record<string, string>;
  /** Local only: base URL of the payments sandbox (`http://127.0.0.1:PORT`). Unset → api.stripe.com. */
  apiBase?: string;
}

/**
 * The real Stripe SDK. Pointed at the local payments sandbox when `apiBase` is set, so the product's
 * code path is the same in tests, locally and in AWS.
 */
export function createStripeClient(keys: Pick<StripeKeys, 'secretKey' | 'apiBase'>): Stripe {
  const base = keys.apiBase ? new URL(keys.apiBase) : null;
  return new Stripe(keys.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'raincheck' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
