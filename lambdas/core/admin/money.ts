import { priceCents } from '../../../shared/plans';
import { grantsPlan } from '../../../shared/subscription';
import {
  SES_THRESHOLDS,
  type AdminInvoiceRow,
  type AdminSubscriptionRow,
  type DeliveryHealthState,
  type EmailHealth,
  type InvoiceState,
  type Page,
  type RevenueMonth,
} from '../../../shared/admin-money';
import {
  dedupe,
  isLive,
  monthlyValueCents,
  ms,
  type MetricsAccount,
  type MetricsInvoice,
  type MetricsSubscription,
} from './metrics';
import type { DirectoryUser } from './people.ports';

/**
 * The admin money screens' figures beyond /api/admin/metrics: the 12-month MRR and revenue series,
 * the subscription and invoice lists, email delivery health and the CSV reports. Pure functions over
 * the same stored records as the metrics; definitions in docs/metrics.md.
 */

const monthKey = (y: number, m: number) => {
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Whether a subscription was live at instant `t` in the past, rebuilt from today's record: created
 * before `t` on a paid plan, and either live now or canceled with a recorded end after `t`.
 */
export function wasLiveAt(sub: MetricsSubscription, t: number): boolean {
  const created = ms(sub.createdAt);
  if (sub.plan === 'none' || created === null || created >= t) return false;
  if (grantsPlan(sub.status)) return true;
  if (sub.status !== 'canceled') return false;
  const ended = ms(sub.endDate ?? sub.canceledAt);
  return ended !== null && ended >= t;
}

/**
 * The last `count` UTC months, oldest first: MRR at the end of each past month and now for the
 * current one (equal to /api/admin/metrics' `mrr`), and paid revenue dated in each month.
 */
export function revenueSeries(
  subscriptionsIn: MetricsSubscription[],
  invoicesIn: MetricsInvoice[],
  now: Date,
  count = 12,
): RevenueMonth[] {
  const subscriptions = dedupe(subscriptionsIn, (s) => s.id);
  const paid = dedupe(invoicesIn, (i) => i.id).filter((i) => i.status === 'paid');
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const months: RevenueMonth[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const start = Date.UTC(y, m - back, 1);
    const end = Date.UTC(y, m - back + 1, 1);
    const live = back === 0 ? subscriptions.filter(isLive) : subscriptions.filter((s) => wasLiveAt(s, end));
    months.push({
      month: monthKey(y, m - back),
      mrr: live.reduce((total, s) => total + monthlyValueCents(s.plan, s.billingCycle), 0),
      revenue: paid
        .filter((i) => {
          const t = ms(i.date);
          return t !== null && t >= start && t < end && t <= now.getTime();
        })
        .reduce((total, i) => total + i.amount, 0),
    });
  }
  return months;
}

/**
 * The email of each owner: the profile's, else the Stripe customer's of the owner's subscription
 * (accounts that never saved a profile, and guests).
 */
export function emailsOf(
  accounts: MetricsAccount[],
  subscriptions: MetricsSubscription[] = [],
  customerEmails: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const emails = new Map<string, string>();
  for (const s of subscriptions) {
    const email = s.customerId ? customerEmails.get(s.customerId) : undefined;
    if (email) emails.set(s.ownerId, email);
  }
  for (const a of accounts) if (a.email) emails.set(a.userId, a.email);
  return emails;
}

/** One row per record id, led by its id, its owner and the owner's email, in `order`. */
function ownerRows<T extends { id: string | null; ownerId: string }, R>(
  records: T[],
  emails: ReadonlyMap<string, string>,
  row: (record: T) => R,
  order: (a: R & Pick<T, 'id'>, b: R & Pick<T, 'id'>) => number,
) {
  return dedupe(records, (r) => r.id)
    .map((r): Pick<T, 'id' | 'ownerId'> & { email: string | null } & R => ({
      id: r.id,
      ownerId: r.ownerId,
      email: emails.get(r.ownerId) ?? null,
      ...row(r),
    }))
    .sort(order);
}

/** Every subscription record (one per subscription id), newest first. */
export function subscriptionRows(
  subscriptions: MetricsSubscription[],
  emails: ReadonlyMap<string, string>,
): AdminSubscriptionRow[] {
  return ownerRows(
    subscriptions,
    emails,
    (s) => ({
      plan: s.plan,
      billingCycle: s.billingCycle,
      status: s.status,
      // A live subscription with an end date is one set to cancel when its period ends.
      cancelAtPeriodEnd: isLive(s) && !!s.endDate,
      currentPeriodEnd: s.currentPeriodEnd ?? null,
      amount: s.plan === 'none' ? 0 : priceCents(s.plan, s.billingCycle),
      createdAt: s.createdAt,
    }),
    (a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  );
}

/** The list state of an invoice, by the same rules as the billing summary's counts. */
export function invoiceState(invoice: Pick<MetricsInvoice, 'status' | 'paymentFailed'>): InvoiceState {
  switch (invoice.status) {
    case 'paid':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'uncollectible':
      return 'failed';
    case 'draft':
    case 'open':
      return invoice.paymentFailed ? 'failed' : 'pending';
    default:
      return 'void';
  }
}

/** Every invoice (one per invoice id), newest first. */
export function invoiceRows(
  invoices: MetricsInvoice[],
  emails: ReadonlyMap<string, string>,
): AdminInvoiceRow[] {
  return ownerRows(
    invoices,
    emails,
    (i) => ({
      date: i.date,
      description: i.description ?? '',
      amount: i.amount,
      state: invoiceState(i),
      invoiceNumber: i.invoiceNumber ?? null,
    }),
    (a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id),
  );
}

/** One page (1-based) of a list. */
export function pageOf<T>(items: T[], page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize };
}

/** One UTC day of the delivery counters kept by the mailers and the SES event handler. */
export interface DeliveryDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  sent: number;
  bounced: number;
  complained: number;
}

const rate2 = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);

function stateOf(share: number, limits: { review: number; pause: number }): DeliveryHealthState {
  if (share >= limits.pause) return 'at-risk';
  if (share >= limits.review) return 'warning';
  return 'ok';
}

const SEVERITY: Record<DeliveryHealthState, number> = { ok: 0, warning: 1, 'at-risk': 2 };
const worse = (a: DeliveryHealthState, b: DeliveryHealthState) => (SEVERITY[b] > SEVERITY[a] ? b : a);

/** The first and last UTC dates of the trailing window of `days` days ending today. */
export function healthWindow(now: Date, days: number): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

/** Bounce and complaint rates over the window, against SES's review and pause thresholds. */
export function emailHealth(records: DeliveryDay[], now: Date, days = 30): EmailHealth {
  const { from, to } = healthWindow(now, days);
  const inWindow = records.filter((d) => d.date >= from && d.date <= to);
  const sent = inWindow.reduce((t, d) => t + d.sent, 0);
  const bounced = inWindow.reduce((t, d) => t + d.bounced, 0);
  const complained = inWindow.reduce((t, d) => t + d.complained, 0);
  const bounceState = sent === 0 ? 'ok' : stateOf(bounced / sent, SES_THRESHOLDS.bounce);
  const complaintState = sent === 0 ? 'ok' : stateOf(complained / sent, SES_THRESHOLDS.complaint);
  return {
    days,
    from,
    to,
    sent,
    bounced,
    complained,
    bounceRate: rate2(bounced, sent),
    complaintRate: rate2(complained, sent),
    bounceState,
    complaintState,
    state: worse(bounceState, complaintState),
  };
}

/**
 * The accounts the table knows, joined with the user pool's users: a user who signed up and never
 * saved a profile is listed too, and every user's "created at" is the sign-up (Cognito's creation
 * date), not the first profile save. Accounts whose user is gone from the pool keep their record.
 */
export function withPoolUsers(
  accounts: MetricsAccount[],
  users: readonly Pick<DirectoryUser, 'id' | 'email' | 'createdAt'>[],
): MetricsAccount[] {
  const byId = new Map(accounts.map((a) => [a.userId, a]));
  for (const u of users) {
    const stored = byId.get(u.id);
    byId.set(u.id, {
      ...stored,
      userId: u.id,
      email: stored?.email ?? u.email,
      createdAt: u.createdAt ?? stored?.createdAt ?? null,
    });
  }
  return [...byId.values()];
}
