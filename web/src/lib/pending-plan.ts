import { isBillingCycle, isPaidPlan, type BillingCycle, type PaidPlanId } from '../../../shared/plans';
import { takePendingJoin } from './pending-join';

/**
 * A plan chosen while signed out (spec §4) is kept in localStorage and resumed after login: the user
 * lands on the subscription screen with the plan in the query, and the stored choice is cleared.
 */
export const PENDING_PLAN_KEY = 'raincheck.pendingPlan';

export interface PendingPlan {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

export function savePendingPlan(choice: PendingPlan): void {
  try {
    window.localStorage.setItem(PENDING_PLAN_KEY, JSON.stringify(choice));
  } catch {
    // Blocked storage: the choice is lost and the user picks the plan again after login.
  }
}

export function readPendingPlan(): PendingPlan | null {
  try {
    const raw = window.localStorage.getItem(PENDING_PLAN_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingPlan> | null;
    if (value && isPaidPlan(value.plan) && isBillingCycle(value.billingCycle)) {
      return { plan: value.plan, billingCycle: value.billingCycle };
    }
    return null;
  } catch {
    return null;
  }
}

export function clearPendingPlan(): void {
  try {
    window.localStorage.removeItem(PENDING_PLAN_KEY);
  } catch {
    // Nothing to clear.
  }
}

export function subscriptionPath(choice: PendingPlan): string {
  const query = new URLSearchParams({ plan: choice.plan, cycle: choice.billingCycle });
  return `/subscription?${query.toString()}`;
}

/**
 * Where a user goes right after signing in: the pending plan (consumed here), else the page they were
 * sent away from, else the dashboard.
 */
export function takePostLoginPath(fallback = '/dashboard'): string {
  // A team invite opened while signed out comes first: the invitee joins, then the plan is the owner's.
  const join = takePendingJoin();
  if (join) return join;
  const pending = readPendingPlan();
  clearPendingPlan();
  return pending ? subscriptionPath(pending) : fallback;
}
