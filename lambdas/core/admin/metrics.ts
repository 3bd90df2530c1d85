import { PAID_PLAN_IDS, priceCents, type BillingCycle, type PlanId } from '../../../shared/plans';
import type { AdminMetrics } from '../../../shared/admin-money';
import { grantsPlan, type SubscriptionStatus } from '../../../shared/subscription';

/**
 * The admin figures of `GET /api/admin/metrics`, computed from stored records by one pure function.
 * Every definition and formula is in docs/metrics.md; keep the two in step.
 */

/** One subscription record (one per owner), as the webhook last wrote it. */
export interface MetricsSubscription {
  ownerId: string;
  id: string | null;
  plan: PlanId;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  /** When the subscription was created at Stripe. */
  createdAt: string | null;
  /** When it ended or ends (Stripe's ended_at, cancel_at or the period end of a scheduled cancel). */
  endDate: string | null;
  /** When it was canceled (Stripe's canceled_at). */
  canceledAt: string | null;
  /** End of the period paid for (the admin subscriptions list). */
  currentPeriodEnd?: string | null;
  /** The Stripe customer (its email names an account without a profile, or a guest). */
  customerId?: string | null;
}

/** One billing history entry: one invoice, amount in integer cents. */
export interface MetricsInvoice {
  id: string;
  ownerId: string;
  /** Paid date when paid, otherwise the invoice's creation date. */
  date: string;
  amount: number;
  /** Stripe's invoice status (`draft`, `open`, `paid`, `uncollectible`, `void`), or `refunded`/`failed`. */
  status: string;
  /** A payment attempt failed (Stripe leaves such an invoice `open`). */
  paymentFailed?: boolean;
  /** For the admin invoice list and exports. */
  description?: string;
  invoiceNumber?: string | null;
}

export interface MetricsAccount {
  userId: string;
  createdAt: string | null;
  /** The profile's fields, for the admin lists and exports (absent for an owner without a profile). */
  email?: string;
  name?: string;
  company?: string;
}

export interface MetricsInput {
  subscriptions: MetricsSubscription[];
  invoices: MetricsInvoice[];
  accounts: MetricsAccount[];
  now: Date;
}

const PENDING = new Set(['draft', 'open']);
const FAILED = new Set(['failed', 'uncollectible']);
const NEVER_STARTED = new Set<SubscriptionStatus>(['incomplete', 'incomplete_expired']);

/** Percent with one decimal. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/** This month against last month, in percent (one decimal); from nothing to something is 100. */
export function growth(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return percent(current - previous, previous);
}

/** What one subscription adds to MRR: its monthly price, or a twelfth of its annual price rounded half up. */
export function monthlyValueCents(plan: PlanId, cycle: BillingCycle): number {
  if (cycle === 'monthly') return priceCents(plan, 'monthly');
  // Integer arithmetic: floor(annual / 12 + 1/2) without floating-point error.
  return Math.floor((2 * priceCents(plan, 'annual') + 12) / 24);
}

/** A live subscription: it grants a paid plan now (active, trialing or past due). */
export function isLive(sub: Pick<MetricsSubscription, 'plan' | 'status'>): boolean {
  return sub.plan !== 'none' && grantsPlan(sub.status);
}

export const isGuest = (ownerId: string) => ownerId.startsWith('guest_');

/**
 * A linked guest purchase leaves its guest records beside the copies under the account: keep one
 * per id, the account's.
 */
export function dedupe<T extends { ownerId: string }>(items: T[], idOf: (t: T) => string | null): T[] {
  const byId = new Map<string, T>();
  const withoutId: T[] = [];
  for (const item of items) {
    const id = idOf(item);
    if (id === null) {
      withoutId.push(item);
      continue;
    }
    const seen = byId.get(id);
    if (!seen || (isGuest(seen.ownerId) && !isGuest(item.ownerId))) byId.set(id, item);
  }
  return [...byId.values(), ...withoutId];
}

/** [start of this UTC month, start of last UTC month] in epoch ms. */
function monthBounds(now: Date): { thisMonth: number; lastMonth: number } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { thisMonth: Date.UTC(y, m, 1), lastMonth: Date.UTC(y, m - 1, 1) };
}

export const ms = (iso: string | null): number | null => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/**
 * The accounts: every profile, plus every owner of a subscription record who never saved one
 * (created when their subscription was). Guest purchases are not accounts until linked.
 */
export function accountsOf(
  profiles: MetricsAccount[],
  subscriptions: MetricsSubscription[],
): MetricsAccount[] {
  const accounts = new Map(profiles.map((p) => [p.userId, p]));
  for (const sub of subscriptions) {
    if (!isGuest(sub.ownerId) && !accounts.has(sub.ownerId)) {
      accounts.set(sub.ownerId, { userId: sub.ownerId, createdAt: sub.createdAt });
    }
  }
  return [...accounts.values()];
}

export function computeMetrics(input: MetricsInput): AdminMetrics {
  const now = input.now.getTime();
  const { thisMonth, lastMonth } = monthBounds(input.now);
  const inThisMonth = (t: number | null) => t !== null && t >= thisMonth && t <= now;
  const inLastMonth = (t: number | null) => t !== null && t >= lastMonth && t < thisMonth;

  // Billing summary: invoices.
  const invoices = dedupe(input.invoices, (i) => i.id);
  const paid = invoices.filter((i) => i.status === 'paid');
  const sum = (list: MetricsInvoice[]) => list.reduce((total, i) => total + i.amount, 0);
  const currentMonthRevenue = sum(paid.filter((i) => inThisMonth(ms(i.date))));
  const lastMonthRevenue = sum(paid.filter((i) => inLastMonth(ms(i.date))));
  const failed = (i: MetricsInvoice) => FAILED.has(i.status) || (PENDING.has(i.status) && !!i.paymentFailed);

  // Subscription analytics: one record per subscription id.
  const subscriptions = dedupe(input.subscriptions, (s) => s.id);
  const live = subscriptions.filter(isLive);
  const endedAt = (s: MetricsSubscription) => ms(s.endDate ?? s.canceledAt);
  const canceled = subscriptions.filter((s) => s.status === 'canceled');
  const canceledThisMonth = canceled.filter((s) => inThisMonth(endedAt(s))).length;
  const activeAtStartOfMonth = subscriptions.filter((s) => {
    const created = ms(s.createdAt);
    if (s.plan === 'none' || NEVER_STARTED.has(s.status) || created === null || created >= thisMonth) {
      return false;
    }
    if (s.status === 'canceled') {
      const ended = endedAt(s);
      return ended === null || ended >= thisMonth;
    }
    return grantsPlan(s.status);
  }).length;

  // Plan distribution and conversion: per account.
  const livePlanOf = new Map(live.map((s) => [s.ownerId, s.plan]));
  const planDistribution: Record<PlanId, number> = { basic: 0, premium: 0, enterprise: 0, none: 0 };
  for (const account of input.accounts) planDistribution[livePlanOf.get(account.userId) ?? 'none'] += 1;
  const payingAccounts = PAID_PLAN_IDS.reduce((total, plan) => total + planDistribution[plan], 0);
  const newUsersThisMonth = input.accounts.filter((a) => inThisMonth(ms(a.createdAt))).length;
  const newUsersLastMonth = input.accounts.filter((a) => inLastMonth(ms(a.createdAt))).length;

  return {
    billingSummary: {
      totalRevenue: sum(paid),
      currentMonthRevenue,
      revenueGrowth: growth(currentMonthRevenue, lastMonthRevenue),
      paidInvoices: paid.length,
      pendingInvoices: invoices.filter((i) => PENDING.has(i.status) && !failed(i)).length,
      failedInvoices: invoices.filter(failed).length,
      refundedAmount: invoices
        .filter((i) => i.status === 'refunded')
        .reduce((total, i) => total + Math.abs(i.amount), 0),
    },
    subscriptionAnalytics: {
      mrr: live.reduce((total, s) => total + monthlyValueCents(s.plan, s.billingCycle), 0),
      activeSubscriptions: live.length,
      canceledSubscriptions: canceled.length,
      churnRate: percent(canceledThisMonth, activeAtStartOfMonth),
      totalSubscriptions: subscriptions.length,
      planDistribution,
    },
    userGrowth: {
      totalUsers: input.accounts.length,
      newUsersThisMonth,
      userGrowthRate: growth(newUsersThisMonth, newUsersLastMonth),
      conversionRate: percent(payingAccounts, input.accounts.length),
    },
  };
}
