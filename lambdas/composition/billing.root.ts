import type { StripeKeys } from '../adapters/stripe/stripe.client';
import { createStripeBilling } from '../adapters/stripe/stripe.billing';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoBillingStore } from '../adapters/dynamo/billing.repo';
import type { AccountRepo } from '../core/account/account.ports';
import type { DataRoot } from './data.root';

export interface BillingRootOptions {
  /** Where the Stripe keys come from (tests); default: config (env or Secrets Manager). */
  stripeKeys?: () => Promise<StripeKeys>;
  /** The account repository, when the caller already built one. */
  accounts?: AccountRepo;
}

/**
 * Billing: the Stripe gateway and webhook verification over the billing store. Only the Lambdas
 * that serve billing routes (billing, checkout, stripe-webhook) import this module, so only their
 * bundles hold the Stripe SDK. The Stripe client itself is created on first use (lazy keys).
 */
export function createBillingDeps(data: DataRoot, opts: BillingRootOptions = {}) {
  const stripe = createStripeBilling(data.config, opts.stripeKeys);
  return {
    store: new DynamoBillingStore(data.db),
    accounts: opts.accounts ?? new DynamoAccountRepo(data.db),
    gateway: stripe.gateway,
    clock: data.clock,
    appOrigin: (data.config.APP_ORIGIN ?? '').replace(/\/$/, ''),
    verifyEvent: stripe.verifyEvent,
  };
}

export type BillingDeps = ReturnType<typeof createBillingDeps>;
