import type { BillingCycle, PaidPlanId } from '../../../shared/plans';

/** A retried checkout inside this window returns the same Stripe session instead of a second one. */
export const CHECKOUT_BUCKET_MS = 5 * 60 * 1000;

/** Stripe keeps idempotency keys for at least 24 hours; keys are at most 255 characters. */
const MAX_KEY = 255;

function clean(part: string): string {
  return part.replace(/[^A-Za-z0-9_.@-]/g, '_');
}

function key(parts: string[]): string {
  return parts.map(clean).join(':').slice(0, MAX_KEY);
}

/** `checkout:<account>:<plan>:<cycle>:<bucket>` — same account, plan, cycle and 5 minutes → same key. */
export function checkoutIdempotencyKey(input: {
  account: string;
  plan: PaidPlanId;
  billingCycle: BillingCycle;
  at: Date;
}): string {
  const bucket = Math.floor(input.at.getTime() / CHECKOUT_BUCKET_MS);
  return key(['checkout', input.account, input.plan, input.billingCycle, String(bucket)]);
}

/**
 * The key of a fresh session that replaces `replacedSessionId` (which Stripe replayed for `key` but
 * can no longer be paid): retries of the replacement get the replacement back.
 */
export function replacementCheckoutKey(key: string, replacedSessionId: string): string {
  return `${key}:after:${clean(replacedSessionId)}`.slice(-MAX_KEY);
}

/** One Stripe customer per account, even when two first checkouts race. */
export function customerIdempotencyKey(userId: string): string {
  return key(['customer', userId]);
}

/**
 * A retried plan change does not apply twice, yet a later change to the same target (after the record
 * moved away and back) is a new request: the key names the state the change starts from.
 */
export function changeIdempotencyKey(input: {
  subscriptionId: string;
  plan: PaidPlanId;
  billingCycle: BillingCycle;
  /** The record's plan, cycle and updated_at as the caller saw them. */
  fromState: string;
}): string {
  return key(['change', input.subscriptionId, input.fromState, input.plan, input.billingCycle]);
}

/** Cancel or resume from one known state of the record: a retry does not flip it twice. */
export function cancelIdempotencyKey(input: {
  subscriptionId: string;
  cancel: boolean;
  fromState: string;
}): string {
  return key([input.cancel ? 'cancel' : 'resume', input.subscriptionId, input.fromState]);
}
