import { cancelsOn } from '../../../shared/billing';
import { isPaidPlan, priceCents } from '../../../shared/plans';
import { grantsPlan, type Subscription } from '../../../shared/subscription';
import { sendAccountEmail, type AccountEmail } from '../email/account-emails';
import type { Mailer } from '../email/email.ports';
import type { Clock } from '../ports';
import type {
  BillingEvent,
  BillingStore,
  CustomerLink,
  EventCommit,
  InvoiceSnapshot,
  PaymentsGateway,
  SubscriptionSnapshot,
  VersionedSubscription,
} from './billing.ports';
import { guestOwnerId, toBillingEntry, toSubscriptionRecord } from './subscription-record';

export interface ApplyEventDeps {
  gateway: PaymentsGateway;
  store: BillingStore;
  clock: Clock;
  /** Structured warnings (one JSON line each); default console.warn. */
  warn?: (message: string, fields: Record<string, unknown>) => void;
  /** Account emails (purchase, plan change, cancellation, failed payment); none are sent without it. */
  mailer?: Mailer;
  /** Links in those emails point here. */
  appOrigin?: string;
}

export type ApplyResult = 'applied' | 'duplicate' | 'ignored';

/** Receipts outlive Stripe's 3-day retry window by a margin (DESIGN §4: ≥ 4 days). */
export const RECEIPT_RETENTION_MS = 5 * 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 4;

/** Concurrent writers kept winning; the webhook answers non-2xx and Stripe delivers again later. */
export class EventConflictError extends Error {}

/**
 * Applies one verified Stripe event exactly once, whatever the order of delivery:
 *   1. an event whose receipt exists (and has not expired) is a duplicate;
 *   2. the subscription and invoice are re-read from Stripe, so the record equals Stripe's current
 *      state rather than the (possibly stale) event payload;
 *   3. the record, the billing entry, the customer link and the receipt are written in one
 *      transaction — a failure anywhere leaves nothing written and the error reaches the caller;
 *   4. a concurrent write to the same record is a conflict: read again and retry.
 */
export async function applyStripeEvent(event: BillingEvent, deps: ApplyEventDeps): Promise<ApplyResult> {
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    if (await deps.store.hasReceipt(event.id, now)) return 'duplicate';
    const planned = await planCommit(event, deps, now);
    const result = await deps.store.commitEvent(planned.commit);
    if (result === 'committed') {
      if (planned.duplicate) await cancelDuplicate(planned.duplicate, event, deps);
      await sendNotices(planned.notices, event, deps);
      return planned.outcome;
    }
    if (result === 'duplicate') return 'duplicate';
    if (attempt >= MAX_ATTEMPTS) {
      throw new EventConflictError(`Event ${event.id} kept conflicting after ${attempt} attempts`);
    }
  }
}

interface Planned {
  commit: EventCommit;
  outcome: 'applied' | 'ignored';
  /** Two live subscriptions for one owner: the one kept in the record, and the one to cancel. */
  duplicate?: { ownerId: string; keptId: string; cancelId: string };
  /** Account emails this event causes, sent once the commit (and its receipt) is written. */
  notices: { to: string; email: AccountEmail }[];
}

function warner(deps: ApplyEventDeps) {
  return (
    deps.warn ??
    ((message: string, fields: Record<string, unknown>) =>
      console.warn(JSON.stringify({ level: 'warn', message, ...fields })))
  );
}

/**
 * Sent after the commit, so at most once per event: the receipt written with the change makes any
 * redelivery a duplicate before it gets here. A failed send is logged, never retried by failing the
 * webhook (that would apply nothing new and send nothing either).
 */
async function sendNotices(notices: Planned['notices'], event: BillingEvent, deps: ApplyEventDeps) {
  if (!deps.mailer || notices.length === 0) return;
  const mailer = deps.mailer;
  for (const notice of notices) {
    try {
      await sendAccountEmail(notice.to, notice.email, { mailer, appOrigin: deps.appOrigin ?? '' });
    } catch (err) {
      warner(deps)('Account email not sent', {
        eventId: event.id,
        kind: notice.email.kind,
        error: String(err),
      });
    }
  }
}

/**
 * What the account owner is told when the record moves from `previous` to `next`. Decided on the
 * records, not the event type, so whichever event brings a change first (Stripe's order varies)
 * sends its one email, and the events after it see no change.
 */
export function noticesFor(previous: Subscription | null, next: Subscription, now: Date): AccountEmail[] {
  const wasLive = !!previous?.id && grantsPlan(previous.status);
  const isLive = !!next.id && grantsPlan(next.status);
  if (isLive && (!wasLive || previous?.id !== next.id)) {
    return [
      {
        kind: 'purchase',
        plan: next.plan,
        billingCycle: next.billing_cycle,
        amountCents: isPaidPlan(next.plan) ? priceCents(next.plan, next.billing_cycle) : null,
      },
    ];
  }
  if (!previous || previous.id !== next.id) return [];
  if (wasLive && !isLive && next.status === 'canceled') {
    return [{ kind: 'ended', plan: previous.plan, endedOn: next.end_date ?? now.toISOString() }];
  }
  if (!wasLive || !isLive) return [];
  const notices: AccountEmail[] = [];
  if (previous.plan !== next.plan || previous.billing_cycle !== next.billing_cycle) {
    notices.push({
      kind: 'planChanged',
      fromPlan: previous.plan,
      fromCycle: previous.billing_cycle,
      plan: next.plan,
      billingCycle: next.billing_cycle,
    });
  }
  const wasCancelling = cancelsOn(previous);
  const cancelling = cancelsOn(next);
  if (!wasCancelling && cancelling) {
    notices.push({ kind: 'cancellationScheduled', plan: next.plan, endsOn: cancelling });
  } else if (wasCancelling && !cancelling && next.next_billing_date) {
    notices.push({ kind: 'resumed', plan: next.plan, renewsOn: next.next_billing_date });
  }
  return notices;
}

/**
 * Second line of defence against double billing (checkout expires the other open sessions first):
 * after the commit, the older of two live subscriptions is canceled at Stripe. Its
 * `customer.subscription.deleted` then keeps the survivor (see `shouldReplace`). Canceling is
 * idempotent, and every later event of the older subscription detects it again while it is live,
 * so a failed cancel is retried by those; the event itself stays applied.
 */
async function cancelDuplicate(
  duplicate: NonNullable<Planned['duplicate']>,
  event: BillingEvent,
  deps: ApplyEventDeps,
): Promise<void> {
  const warn = warner(deps);
  const fields = {
    eventId: event.id,
    ownerId: duplicate.ownerId,
    keptSubscriptionId: duplicate.keptId,
    canceledSubscriptionId: duplicate.cancelId,
  };
  try {
    await deps.gateway.cancelSubscription(duplicate.cancelId);
    warn('Second live subscription for one account; canceled the older one at Stripe', fields);
  } catch (err) {
    warn('Second live subscription for one account; cancel failed, retried on its next event', {
      ...fields,
      error: String(err),
    });
  }
}

function idsOf(event: BillingEvent): { subscriptionId: string | null; invoiceId: string | null } {
  switch (event.type) {
    case 'checkout.session.completed':
      return { subscriptionId: event.mode === 'subscription' ? event.subscriptionId : null, invoiceId: null };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.subscriptionId, invoiceId: null };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { subscriptionId: event.subscriptionId, invoiceId: event.invoiceId };
    default:
      return { subscriptionId: null, invoiceId: null };
  }
}

async function planCommit(event: BillingEvent, deps: ApplyEventDeps, now: Date): Promise<Planned> {
  const receipt = {
    eventId: event.id,
    type: event.type === 'ignored' ? event.stripeType : event.type,
    receivedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RECEIPT_RETENTION_MS).toISOString(),
  };
  const receiptOnly: Planned = {
    outcome: 'ignored',
    notices: [],
    commit: {
      receipt,
      ownerId: '',
      customer: null,
      subscription: null,
      subscriptionIdToMap: null,
      billingEntry: null,
    },
  };

  const ids = idsOf(event);
  // Reads first, all of them; nothing is written until the single transaction at the end.
  const invoice: InvoiceSnapshot | null = ids.invoiceId
    ? await deps.gateway.retrieveInvoice(ids.invoiceId)
    : null;
  const subscriptionId = ids.subscriptionId ?? invoice?.subscriptionId ?? null;
  const snapshot: SubscriptionSnapshot | null = subscriptionId
    ? await deps.gateway.retrieveSubscription(subscriptionId)
    : null;

  const eventCustomer = 'customerId' in event ? event.customerId : null;
  const customerId = snapshot?.customerId ?? invoice?.customerId ?? eventCustomer ?? null;
  if (!customerId || (!snapshot && !invoice)) return receiptOnly;

  const existingLink = await deps.store.getCustomer(customerId);
  const checkoutUser =
    event.type === 'checkout.session.completed' ? (event.clientReferenceId ?? event.metadataUserId) : null;
  const userId =
    existingLink?.userId ?? checkoutUser ?? snapshot?.metadataUserId ?? snapshot?.customerUserId ?? null;
  const email =
    existingLink?.email ??
    snapshot?.customerEmail ??
    invoice?.customerEmail ??
    (event.type === 'checkout.session.completed' ? event.email : null) ??
    '';
  const ownerId = userId ?? guestOwnerId(customerId);

  let customer: EventCommit['customer'] = null;
  if (!existingLink) {
    const link: CustomerLink = { customerId, userId, email: email.toLowerCase() };
    customer = { link, isNew: true };
  } else if (!existingLink.userId) {
    // A guest's records: commit only while the customer is still unlinked (linking moves them).
    customer = { link: existingLink, isNew: false };
  }

  let subscription: EventCommit['subscription'] = null;
  let duplicate: Planned['duplicate'];
  const notices: Planned['notices'] = [];
  if (snapshot) {
    const current = await deps.store.getSubscriptionForSync(ownerId);
    const next = toSubscriptionRecord(snapshot, ownerId, now);
    let currentRecord = current?.record ?? null;
    if (
      currentRecord?.id &&
      currentRecord.id !== next.id &&
      grantsPlan(currentRecord.status) &&
      grantsPlan(next.status)
    ) {
      // Our record may lag Stripe: ask Stripe whether the recorded subscription is really still live.
      const recorded = await deps.gateway.retrieveSubscription(currentRecord.id);
      const recordedStatus = recorded ? toSubscriptionRecord(recorded, ownerId, now).status : 'canceled';
      if (grantsPlan(recordedStatus)) {
        const keepNext = shouldReplace(currentRecord, next);
        duplicate = {
          ownerId,
          keptId: keepNext ? next.id! : currentRecord.id,
          cancelId: keepNext ? currentRecord.id : next.id!,
        };
      } else {
        // Ended at Stripe; its own event is on the way. Decide as Stripe sees it now.
        currentRecord = { ...currentRecord, status: recordedStatus };
      }
    }
    if (shouldReplace(currentRecord, next)) {
      subscription = { record: next, expectedVersion: current ? (current.version ?? null) : null };
      for (const notice of noticesFor(current?.record ?? null, next, now))
        notices.push({ to: '', email: notice });
    } else if (current) {
      // Keep the current record, but still fail over to a retry if it changes under us.
      subscription = { record: current.record, expectedVersion: current.version ?? null };
    }
  }

  if (event.type === 'invoice.payment_failed' && invoice && invoice.status !== 'paid') {
    notices.push({
      to: '',
      email: {
        kind: 'paymentFailed',
        amountCents: invoice.amountCents,
        invoiceNumber: invoice.number,
        invoiceUrl: invoice.hostedInvoiceUrl,
      },
    });
  }

  return {
    outcome: 'applied',
    duplicate,
    // Every notice goes to the customer's email (the account's, or the guest's until linked).
    notices: email ? notices.map((n) => ({ ...n, to: email.toLowerCase() })) : [],
    commit: {
      receipt,
      ownerId,
      customer,
      subscription,
      subscriptionIdToMap: snapshot?.id ?? null,
      billingEntry: invoice
        ? {
            ...toBillingEntry(invoice),
            // Re-read from Stripe: a paid invoice is never marked, whatever order the events came in.
            ...(event.type === 'invoice.payment_failed' && invoice.status !== 'paid'
              ? { paymentFailed: true as const }
              : {}),
          }
        : null,
    },
  };
}

/**
 * One record per account. A record for another subscription replaces the current one unless that
 * would hide a subscription that still grants a plan behind one that does not (a late event for an
 * old, canceled subscription must not take features away from the live one).
 */
export function shouldReplace(current: Subscription | null, next: Subscription): boolean {
  if (!current || current.id === null || current.id === next.id) return true;
  const currentGrants = grantsPlan(current.status);
  const nextGrants = grantsPlan(next.status);
  if (currentGrants !== nextGrants) return nextGrants;
  const nextCreated = next.created_at ?? '';
  const currentCreated = current.created_at ?? '';
  // Ties (same second) break on the id, so every event of either subscription picks the same one.
  if (nextCreated !== currentCreated) return nextCreated > currentCreated;
  return (next.id ?? '') > current.id;
}

export type { VersionedSubscription };
