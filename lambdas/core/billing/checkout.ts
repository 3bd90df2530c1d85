import {
  BILLING_MESSAGES,
  type CheckoutRequest,
  type GuestCheckoutRequest,
  priceLookupKey,
  type CheckoutSessionResponse,
} from '../../../shared/billing';
import { grantsPlan } from '../../../shared/subscription';
import { ForbiddenError, ValidationError } from '../errors';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';
import type { BillingStore, CheckoutSessionInput, PaymentsGateway } from './billing.ports';
import { AlreadySubscribedError, PaymentProviderError } from './billing.errors';
import { checkoutIdempotencyKey, customerIdempotencyKey, replacementCheckoutKey } from './idempotency';

export interface CheckoutDeps {
  gateway: PaymentsGateway;
  store: BillingStore;
  accounts: AccountRepo;
  clock: Clock;
  /** The SPA's origin: Stripe sends the browser back here. */
  appOrigin: string;
}

/**
 * The account's Stripe customer: the one recorded for it, else found or created at Stripe with an
 * idempotency key per account, then recorded once (a racing request's customer wins for both).
 */
export async function ensureAccountCustomer(
  caller: Caller,
  email: string,
  deps: CheckoutDeps,
): Promise<string> {
  const account = tenantOf(caller);
  const known = await deps.store.getCustomerIdForUser(account);
  if (known) return known;
  const customerId = await deps.gateway.findOrCreateCustomer({
    userId: account,
    email,
    idempotencyKey: customerIdempotencyKey(account),
  });
  return deps.store.saveAccountCustomer({ userId: account, customerId, email: email.toLowerCase() });
}

/**
 * POST /api/consolidated/stripe/create-checkout-session. The subscription belongs to the account
 * (`tenantOf`: after ownership is handed over, the new owner's `sub` is not the account's id); the
 * body's userId may name the signed-in person or the account, and anything else is refused rather
 * than silently ignored, so a confused client notices. Only an owner gets here (role rules).
 */
export async function createCheckoutSession(
  caller: Caller,
  request: CheckoutRequest,
  deps: CheckoutDeps,
): Promise<CheckoutSessionResponse> {
  const account = tenantOf(caller);
  if (request.userId !== caller.userId && request.userId !== account) {
    throw new ForbiddenError(BILLING_MESSAGES.userIdMismatch);
  }

  const current = await deps.accounts.getSubscription(account);
  if (current && current.id && grantsPlan(current.status)) {
    throw new AlreadySubscribedError(BILLING_MESSAGES.alreadySubscribed);
  }

  // The token's email when it has one (ID tokens); access tokens carry none, so the body's is used.
  const email = caller.email || request.email;
  const customerId = await ensureAccountCustomer(caller, email, deps);
  const priceId = await deps.gateway.priceIdFor(priceLookupKey(request.plan, request.billingCycle));
  const input: CheckoutSessionInput = {
    priceId,
    customerId,
    userId: account,
    plan: request.plan,
    billingCycle: request.billingCycle,
    successUrl: `${deps.appOrigin}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.appOrigin}/subscription?checkout=canceled`,
    idempotencyKey: checkoutIdempotencyKey({
      account,
      plan: request.plan,
      billingCycle: request.billingCycle,
      at: deps.clock.now(),
    }),
  };
  let session = await deps.gateway.createCheckoutSession(input);
  // A retry inside the idempotency window gets the same session back, but a checkout for another plan
  // may have expired it since: then a fresh one, keyed by the one it replaces so retries reuse it too.
  for (let replaced = 0; !session.open; replaced++) {
    if (replaced >= MAX_REPLACED_SESSIONS) {
      throw new PaymentProviderError('Stripe kept returning checkout sessions that can no longer be paid');
    }
    session = await deps.gateway.createCheckoutSession({
      ...input,
      idempotencyKey: replacementCheckoutKey(input.idempotencyKey, session.sessionId),
    });
  }
  await expireOtherOpenSessions(customerId, session.sessionId, deps);
  return { sessionId: session.sessionId, url: session.url };
}

/** Bounds the chain of replacements when one account keeps switching plans inside one window. */
const MAX_REPLACED_SESSIONS = 10;

/**
 * One payable checkout per account: every other open session of the customer (another plan opened
 * in another tab, an abandoned one) is expired, so it can no longer start a second subscription.
 * Done after this request's session exists, so two concurrent checkouts can at worst expire each
 * other (nothing payable, the user retries) but never leave two payable sessions. A failure here
 * fails the request (Stripe's error reaches the user); a retry reuses the session and expires again.
 */
async function expireOtherOpenSessions(customerId: string, keepSessionId: string, deps: CheckoutDeps) {
  const open = await deps.gateway.listOpenCheckoutSessions(customerId);
  for (const sessionId of open) {
    if (sessionId !== keepSessionId) await deps.gateway.expireCheckoutSession(sessionId);
  }
}

/**
 * POST /api/consolidated/stripe/create-guest-checkout (signed out). Stripe creates the customer from
 * the email typed on its page; the purchase waits for the account that signs in with that email.
 * `clientKey` tells retries of one visitor apart from other visitors (the SPA's Idempotency-Key
 * header, or a fingerprint of the connection when it sends none).
 */
export async function createGuestCheckout(
  request: GuestCheckoutRequest,
  clientKey: string,
  deps: Omit<CheckoutDeps, 'accounts' | 'store'>,
): Promise<CheckoutSessionResponse> {
  const priceId = await deps.gateway.priceIdFor(priceLookupKey(request.plan, request.billingCycle));
  const session = await deps.gateway.createCheckoutSession({
    priceId,
    customerId: null,
    userId: null,
    plan: request.plan,
    billingCycle: request.billingCycle,
    successUrl: `${deps.appOrigin}/register?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.appOrigin}/?checkout=canceled`,
    idempotencyKey: checkoutIdempotencyKey({
      account: `guest-${clientKey}`,
      plan: request.plan,
      billingCycle: request.billingCycle,
      at: deps.clock.now(),
    }),
  });
  return { sessionId: session.sessionId, url: session.url };
}

/** POST /api/consolidated/stripe/create-portal-session: Stripe's page for card and cancellation. */
export async function createPortalSession(
  caller: Caller,
  deps: Pick<CheckoutDeps, 'gateway' | 'store' | 'appOrigin'>,
): Promise<{ url: string }> {
  const customerId = await deps.store.getCustomerIdForUser(tenantOf(caller));
  if (!customerId) throw new ValidationError('customer', BILLING_MESSAGES.noBillingAccount);
  return deps.gateway.createPortalSession({ customerId, returnUrl: `${deps.appOrigin}/subscription` });
}
