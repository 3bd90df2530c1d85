import type Stripe from 'stripe';
import type { BillingEvent } from '../../core/billing/billing.ports';

/** Stripe's default and the most we accept: an older signature timestamp is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class InvalidSignatureError extends Error {}

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
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (err) {
    throw new InvalidSignatureError((err as Error).message);
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The verified event as the core sees it; the payload is only a pointer, state is re-read. */
export function toBillingEvent(event: Stripe.Event): BillingEvent {
  const created = new Date(event.created * 1000).toISOString();
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      return {
        id: event.id,
        type: event.type,
        created,
        sessionId: s.id,
        mode: s.mode,
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        clientReferenceId: s.client_reference_id ?? null,
        metadataUserId: s.metadata?.userId ?? null,
        email: (s.customer_details?.email ?? s.customer_email ?? null)?.toLowerCase() ?? null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return {
        id: event.id,
        type: event.type,
        created,
        subscriptionId: sub.id,
        customerId: idOf(sub.customer)!,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      return {
        id: event.id,
        type: event.type,
        created,
        invoiceId: inv.id!,
        subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
        customerId: idOf(inv.customer)!,
      };
    }
    default:
      return { id: event.id, type: 'ignored', stripeType: event.type, created };
  }
}
