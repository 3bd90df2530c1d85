import type Stripe from 'stripe';
import type { BillingEvent } from '../../core/billing/billing.ports';
import { isJsonObject } from '../../../shared/json-object';

/** Stripe's default and the most we accept: an older signature timestamp is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class InvalidSignatureError extends Error {}
/**
 * A correctly signed payload that is not a Stripe event (no id, type, creation time or object). Stripe
 * never sends one; answering 500 would only make it redeliver the same bytes for days.
 */
export class MalformedEventError extends Error {}

/** Event types whose object the core reads by id (see toBillingEvent). */
const TYPES_READ_BY_ID = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const shortString = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 255;

function assertEventEnvelope(value: unknown): asserts value is Stripe.Event {
  const object = isJsonObject(value) && isJsonObject(value.data) ? value.data.object : undefined;
  const ok =
    isJsonObject(value) &&
    shortString(value.id) &&
    shortString(value.type) &&
    typeof value.created === 'number' &&
    Number.isFinite(value.created) &&
    value.created >= 0 &&
    value.created < 1e11 &&
    isJsonObject(object) &&
    (!TYPES_READ_BY_ID.has(value.type) || shortString(object.id));
  if (!ok) throw new MalformedEventError('The signed payload is not a Stripe event');
}

/**
 * Verifies the `Stripe-Signature` header over the exact raw bytes and returns the event. Throws
 * InvalidSignatureError for a missing header, a wrong secret, a changed byte or an old timestamp.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event {
  if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (err) {
    throw new InvalidSignatureError((err as Error).message);
  }
  assertEventEnvelope(event);
  return event;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What a completed checkout session points to: the session, its customer, subscription and buyer. */
const sessionPointers = (s: Stripe.Checkout.Session) => ({
  sessionId: s.id,
  mode: s.mode,
  customerId: idOf(s.customer),
  subscriptionId: idOf(s.subscription),
  clientReferenceId: s.client_reference_id ?? null,
  metadataUserId: s.metadata?.userId ?? null,
  email: (s.customer_details?.email ?? s.customer_email ?? null)?.toLowerCase() ?? null,
});

const subscriptionPointers = (sub: Stripe.Subscription) => ({
  subscriptionId: sub.id,
  customerId: idOf(sub.customer)!,
});

const invoicePointers = (inv: Stripe.Invoice) => ({
  invoiceId: inv.id!,
  subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
  customerId: idOf(inv.customer)!,
});

/** The verified event as the core sees it; the payload is only a pointer, state is re-read. */
export function toBillingEvent(event: Stripe.Event): BillingEvent {
  // Every event carries its id and time; the rest names what to re-read.
  const stamp = { id: event.id, created: new Date(event.created * 1000).toISOString() };
  switch (event.type) {
    case 'checkout.session.completed':
      return { ...stamp, type: event.type, ...sessionPointers(event.data.object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...stamp, type: event.type, ...subscriptionPointers(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...stamp, type: event.type, ...invoicePointers(event.data.object) };
    default:
      return { ...stamp, type: 'ignored', stripeType: event.type };
  }
}
