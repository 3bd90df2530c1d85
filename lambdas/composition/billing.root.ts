import type { StripeKeys } from '../adapters/stripe/stripe.client';
import { createStripeBilling } from '../adapters/stripe/stripe.billing';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoBillingStore } from '../adapters/dynamo/billing.repo';
import { SesMailer, createSesClient } from '../adapters/ses/ses.mailer';
import type { AccountRepo } from '../core/account/account.ports';
import type { Mailer } from '../core/email/email.ports';
import { GuestEmailTokens } from '../core/billing/guest-email-token';
import type { DataRoot } from './data.root';
import { builtOnFirstUse } from './built-on-first-use';

export interface BillingRootOptions {
  /** Where the Stripe keys come from (tests); default: config (env or Secrets Manager). */
  stripeKeys?: () => Promise<StripeKeys>;
  /** The account repository, when the caller already built one. */
  accounts?: AccountRepo;
  /** The account-email mailer, when the caller already built one (one SES client per runtime). */
  mailer?: Mailer;
  /** The signing secret (tests); default config's UNSUBSCRIBE_SECRET, from which a separate key is derived. */
  unsubscribeSecret?: string;
}

/** Issuing guest-email tokens without a key would make them forgeable. */
function missingSecret(): never {
  throw new Error('UNSUBSCRIBE_SECRET is not set: guest checkout email tokens cannot be signed');
}

/**
 * Billing: the Stripe gateway and webhook verification over the billing store. Only the Lambdas
 * that serve billing routes (billing, checkout, stripe-webhook) import this module, so only their
 * bundles hold the Stripe SDK. The Stripe client itself is created on first use (lazy keys).
 */
export function createBillingDeps(data: DataRoot, opts: BillingRootOptions = {}) {
  const stripe = createStripeBilling(data.config, opts.stripeKeys);
  // Read on first use, as the unsubscribe signer: the webhook and billing Lambdas never sign these.
  let tokens: GuestEmailTokens | undefined;
  const guestEmailTokens = () =>
    (tokens ??= new GuestEmailTokens(
      opts.unsubscribeSecret ?? data.config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (data.config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
    ));
  return {
    store: new DynamoBillingStore(data.db),
    accounts: opts.accounts ?? new DynamoAccountRepo(data.db),
    gateway: stripe.gateway,
    clock: data.clock,
    appOrigin: (data.config.APP_ORIGIN ?? '').replace(/\/$/, ''),
    verifyEvent: stripe.verifyEvent,
    guestEmailTokens,
    // Account emails (purchase, plan change, cancellation, failed payment, password change) go through
    // the same SES path as every other email: the SES emulator locally.
    mailer:
      opts.mailer ??
      new SesMailer(
        builtOnFirstUse(() =>
          createSesClient({ region: data.config.AWS_REGION, endpoint: data.config.SES_ENDPOINT }),
        ),
        data.config.MAIL_FROM,
        data.config.SES_CONFIGURATION_SET,
      ),
  };
}

export type BillingDeps = ReturnType<typeof createBillingDeps>;
