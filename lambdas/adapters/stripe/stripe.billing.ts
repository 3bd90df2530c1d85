import type Stripe from 'stripe';
import type { LambdaConfig } from '../../config';
import type { PaymentsGateway } from '../../core/billing/billing.ports';
import { createStripeClient, type StripeKeys } from './stripe.client';
import { verifyStripeEvent } from './stripe.events';
import { StripePaymentsGateway } from './stripe.gateway';
import { stripeKeysLoader } from './stripe.secrets';

export interface StripeBilling {
  gateway: PaymentsGateway;
  /** Verifies a webhook's signature over its raw bytes; throws InvalidSignatureError. */
  verifyEvent: (rawBody: Buffer, signature: string | undefined) => Promise<Stripe.Event>;
}

/**
 * The Stripe side of billing. Keys may come from Secrets Manager, so the Stripe client is created
 * on first use (and again after a failed load), once per container.
 */
export function createStripeBilling(config: LambdaConfig, keys?: () => Promise<StripeKeys>): StripeBilling {
  const loadKeys = keys ?? stripeKeysLoader(config);
  let ready: Promise<{ stripe: Stripe; gateway: StripePaymentsGateway; webhookSecret: string }> | undefined;
  const stripeContext = () => {
    ready ??= loadKeys()
      .then((k) => {
        const stripe = createStripeClient(k);
        return {
          stripe,
          gateway: new StripePaymentsGateway(stripe, k.priceIds),
          webhookSecret: k.webhookSecret,
        };
      })
      .catch((err) => {
        ready = undefined;
        throw err;
      });
    return ready;
  };
  const gateway = deferredGateway(async () => (await stripeContext()).gateway);

  return {
    gateway,
    verifyEvent: async (rawBody, signature) => {
      const { stripe, webhookSecret } = await stripeContext();
      return verifyStripeEvent(stripe, rawBody, signature, webhookSecret);
    },
  };
}

/** Every method of the payments port, named once so the compiler checks that none is missing. */
const GATEWAY_METHODS = {
  priceIdFor: true,
  findOrCreateCustomer: true,
  createCheckoutSession: true,
  listOpenCheckoutSessions: true,
  retrieveCheckoutSession: true,
  expireCheckoutSession: true,
  cancelSubscription: true,
  createPortalSession: true,
  changeSubscriptionPrice: true,
  previewPriceChange: true,
  setCancelAtPeriodEnd: true,
  retrieveSubscription: true,
  retrieveInvoice: true,
} as const satisfies Record<keyof PaymentsGateway, true>;

/** A gateway whose every call first waits for the real one (the Stripe client, made on first use). */
function deferredGateway(load: () => Promise<PaymentsGateway>): PaymentsGateway {
  const methods = Object.keys(GATEWAY_METHODS) as (keyof PaymentsGateway)[];
  return Object.fromEntries(
    methods.map((name) => [
      name,
      async (...args: unknown[]) => {
        const real = await load();
        return (real[name] as (...a: unknown[]) => Promise<unknown>).apply(real, args);
      },
    ]),
  ) as unknown as PaymentsGateway;
}
