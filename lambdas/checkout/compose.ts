import type Stripe from 'stripe';
import type { LambdaConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createEntities } from '../adapters/dynamo/entities';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoBillingStore } from '../adapters/dynamo/billing.repo';
import { createStripeClient, type StripeKeys } from '../adapters/stripe/stripe.client';
import { StripePaymentsGateway } from '../adapters/stripe/stripe.gateway';
import { stripeKeysLoader } from '../adapters/stripe/stripe.secrets';
import { verifyStripeEvent } from '../adapters/stripe/stripe.events';
import type { PaymentsGateway } from '../core/billing/billing.ports';
import type { Clock } from '../core/ports';

export interface BillingComposeOptions {
  /** Override where the keys come from (tests); default: config (env or Secrets Manager). */
  keys?: () => Promise<StripeKeys>;
  clock?: Clock;
}

/**
 * The billing adapters, built once per container and shared by the checkout, webhook and API
 * entries. Stripe keys may come from Secrets Manager, so the Stripe client is created on first use.
 */
export function composeBilling(config: LambdaConfig, opts: BillingComposeOptions = {}) {
  const db = createEntities(
    config.TABLE_NAME,
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  const loadKeys = opts.keys ?? stripeKeysLoader(config);
  let ready: Promise<{ stripe: Stripe; gateway: StripePaymentsGateway; webhookSecret: string }> | undefined;
  const stripeContext = () => {
    ready ??= loadKeys()
      .then((keys) => {
        const stripe = createStripeClient(keys);
        return {
          stripe,
          gateway: new StripePaymentsGateway(stripe, keys.priceIds),
          webhookSecret: keys.webhookSecret,
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
    expireCheckoutSession: async (id) => (await stripeContext()).gateway.expireCheckoutSession(id),
    cancelSubscription: async (id) => (await stripeContext()).gateway.cancelSubscription(id),
    createPortalSession: async (i) => (await stripeContext()).gateway.createPortalSession(i),
    changeSubscriptionPrice: async (i) => (await stripeContext()).gateway.changeSubscriptionPrice(i),
    retrieveSubscription: async (id) => (await stripeContext()).gateway.retrieveSubscription(id),
    retrieveInvoice: async (id) => (await stripeContext()).gateway.retrieveInvoice(id),
  };
  return {
    db,
    store: new DynamoBillingStore(db),
    accounts: new DynamoAccountRepo(db),
    gateway,
    clock: opts.clock ?? { now: () => new Date() },
    appOrigin: (config.APP_ORIGIN ?? '').replace(/\/$/, ''),
    /** Verifies a webhook's signature over its raw bytes; throws InvalidSignatureError. */
    verifyEvent: async (rawBody: Buffer, signature: string | undefined) => {
      const { stripe, webhookSecret } = await stripeContext();
      return verifyStripeEvent(stripe, rawBody, signature, webhookSecret);
    },
  };
}

export type BillingDeps = ReturnType<typeof composeBilling>;
