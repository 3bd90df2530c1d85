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
  const gateway: PaymentsGateway = {
    priceIdFor: async (k) => (await stripeContext()).gateway.priceIdFor(k),
    findOrCreateCustomer: async (i) => (await stripeContext()).gateway.findOrCreateCustomer(i),
    createCheckoutSession: async (i) => (await stripeContext()).gateway.createCheckoutSession(i),
    listOpenCheckoutSessions: async (c) => (await stripeContext()).gateway.listOpenCheckoutSessions(c),
    retrieveCheckoutSession: async (id) => (await stripeContext()).gateway.retrieveCheckoutSession(id),
    expireCheckoutSession: async (id) => (await stripeContext()).gateway.expireCheckoutSession(id),
    cancelSubscription: async (id) => (await stripeContext()).gateway.cancelSubscription(id),
    createPortalSession: async (i) => (await stripeContext()).gateway.createPortalSession(i),
    changeSubscriptionPrice: async (i) => (await stripeContext()).gateway.changeSubscriptionPrice(i),
    previewPriceChange: async (i) => (await stripeContext()).gateway.previewPriceChange(i),
    setCancelAtPeriodEnd: async (i) => (await stripeContext()).gateway.setCancelAtPeriodEnd(i),
    retrieveSubscription: async (id) => (await stripeContext()).gateway.retrieveSubscription(id),
    retrieveInvoice: async (id) => (await stripeContext()).gateway.retrieveInvoice(id),
  };
  return {
    gateway,
    verifyEvent: async (rawBody, signature) => {
      const { stripe, webhookSecret } = await stripeContext();
      return verifyStripeEvent(stripe, rawBody, signature, webhookSecret);
    },
  };
}
