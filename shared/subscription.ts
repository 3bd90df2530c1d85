import { PLANS, type BillingCycle, type PlanFeatures, type PlanId } from './plans';

/** Stored as Stripe reports it (DESIGN §7). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PaymentMethod {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The subscription record of spec §3. Dates are UTC ISO-8601 strings. */
export interface Subscription {
  id: string | null;
  user_id: string;
  plan: PlanId;
  status: SubscriptionStatus;
  billing_cycle: BillingCycle;
  price_id: string | null;
  customer_id: string | null;
  start_date: string | null;
  end_date: string | null;
  trial_end: string | null;
  next_billing_date: string | null;
  cancellation_date: string | null;
  payment_method: PaymentMethod | null;
  features: PlanFeatures;
  created_at: string | null;
  updated_at: string | null;
  currentPeriodEnd: string | null;
}

/** Statuses that grant the plan's features; anything else reads as `none`. */
const GRANTING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export function grantsPlan(status: SubscriptionStatus): boolean {
  return GRANTING.includes(status);
}

/** The plan whose features apply now. */
export function effectivePlan(sub: Pick<Subscription, 'plan' | 'status'>): PlanId {
  return grantsPlan(sub.status) ? sub.plan : 'none';
}

/** currentPeriodEnd falls back to the next billing date, then to the end date (spec §3). */
export function resolveCurrentPeriodEnd(
  sub: Pick<Subscription, 'next_billing_date' | 'end_date'> & { currentPeriodEnd?: string | null },
): string | null {
  return sub.currentPeriodEnd ?? sub.next_billing_date ?? sub.end_date ?? null;
}

/** What a user with no subscription record has: plan none, status incomplete (spec §3). */
export function defaultSubscription(userId: string): Subscription {
  return {
    id: null,
    user_id: userId,
    plan: 'none',
    status: 'incomplete',
    billing_cycle: 'monthly',
    price_id: null,
    customer_id: null,
    start_date: null,
    end_date: null,
    trial_end: null,
    next_billing_date: null,
    cancellation_date: null,
    payment_method: null,
    features: { ...PLANS.none.features },
    created_at: null,
    updated_at: null,
    currentPeriodEnd: null,
  };
}
