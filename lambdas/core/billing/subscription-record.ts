import { planFromLookupKey, type BillingHistoryEntry } from '../../../shared/billing';
import { PLANS } from '../../../shared/plans';
import {
  SUBSCRIPTION_STATUSES,
  grantsPlan,
  type Subscription,
  type SubscriptionStatus,
} from '../../../shared/subscription';
import type { InvoiceSnapshot, SubscriptionSnapshot } from './billing.ports';

/** Owner id of records bought by a guest, until an account with that email claims them. */
export function guestOwnerId(customerId: string): string {
  return `guest_${customerId}`;
}

export function isGuestOwner(ownerId: string): boolean {
  return ownerId.startsWith('guest_');
}

/** Stripe statuses we do not list (e.g. `paused`) read as `incomplete`, which grants nothing. */
export function toStatus(stripeStatus: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(stripeStatus)
    ? (stripeStatus as SubscriptionStatus)
    : 'incomplete';
}

/**
 * The spec §3 record for a subscription exactly as Stripe reports it now. Pure: the same snapshot
 * gives the same record whatever order the events came in; only `updated_at` is the write time.
 */
export function toSubscriptionRecord(
  snapshot: SubscriptionSnapshot,
  ownerId: string,
  now: Date,
): Subscription {
  const fromKey = planFromLookupKey(snapshot.priceLookupKey);
  const plan = fromKey?.plan ?? 'none';
  const billingCycle = fromKey?.billingCycle ?? (snapshot.priceInterval === 'year' ? 'annual' : 'monthly');
  const status = toStatus(snapshot.status);
  const ended = snapshot.endedAt !== null || status === 'canceled' || status === 'incomplete_expired';
  const renews = grantsPlan(status) && !ended && !snapshot.cancelAtPeriodEnd && snapshot.cancelAt === null;
  const endDate =
    snapshot.endedAt ?? snapshot.cancelAt ?? (snapshot.cancelAtPeriodEnd ? snapshot.currentPeriodEnd : null);
  return {
    id: snapshot.id,
    user_id: ownerId,
    plan,
    status,
    billing_cycle: billingCycle,
    price_id: snapshot.priceId,
    customer_id: snapshot.customerId,
    start_date: snapshot.startDate,
    end_date: endDate,
    trial_end: snapshot.trialEnd,
    next_billing_date: renews ? snapshot.currentPeriodEnd : null,
    cancellation_date: snapshot.canceledAt,
    payment_method: snapshot.paymentMethod,
    features: { ...PLANS[plan].features },
    created_at: snapshot.created,
    updated_at: now.toISOString(),
    currentPeriodEnd: snapshot.currentPeriodEnd,
  };
}

const MAX_DESCRIPTION = 500;
/** A subscription invoice has a handful of lines; more are cut so an entry stays far below 400 KB. */
const MAX_LINES = 20;

/** One billing history entry per invoice id: replays overwrite it with the same values. */
export function toBillingEntry(invoice: InvoiceSnapshot): BillingHistoryEntry {
  return {
    id: invoice.id,
    date: invoice.paidAt ?? invoice.created,
    description: invoice.description.slice(0, MAX_DESCRIPTION),
    amount: invoice.amountCents,
    currency: invoice.currency,
    status: invoice.status,
    invoice: invoice.number,
    invoiceUrl: invoice.hostedInvoiceUrl,
    lines: invoice.lines.slice(0, MAX_LINES).map((line) => ({
      ...line,
      description: line.description.slice(0, MAX_DESCRIPTION),
    })),
  };
}

/**
 * Newest first (spec §3). Stripe dates have one-second resolution, so invoices of the same second
 * are ordered by invoice number (sequential per customer), then id, to keep the order stable.
 */
export function sortHistory(entries: BillingHistoryEntry[]): BillingHistoryEntry[] {
  return [...entries].sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      (b.invoice ?? '').localeCompare(a.invoice ?? '', 'en', { numeric: true }) ||
      b.id.localeCompare(a.id),
  );
}
