import { takePendingJoin } from './pending-join';
import { planChoiceStore, type PlanChoice } from './plan-choice-store';

/**
 * A plan chosen while signed out (spec §4) is kept in localStorage and resumed after login: the user
 * lands on the subscription screen with the plan in the query, and the stored choice is cleared.
 */
export const PENDING_PLAN_KEY = 'raincheck.pendingPlan';

export type PendingPlan = PlanChoice;

// Blocked storage: the choice is lost and the user picks the plan again after login.
export const pendingPlan = planChoiceStore(() => window.localStorage, PENDING_PLAN_KEY);

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
  const pending = pendingPlan.read();
  pendingPlan.clear();
  return pending ? subscriptionPath(pending) : fallback;
}
