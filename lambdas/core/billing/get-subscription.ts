import type { SubscriptionResponse } from '../../../shared/billing';
import { defaultSubscription, resolveCurrentPeriodEnd } from '../../../shared/subscription';
import type { AccountRepo, Caller, Clock } from '../ports';
import type { BillingStore } from './billing.ports';
import { sortHistory } from './subscription-record';

/**
 * GET /api/subscription: the caller's own record and billing history, newest first. The route links
 * guest purchases first (quietly: a failed link must not hide the page).
 */
export async function getSubscription(
  caller: Caller,
  deps: { store: BillingStore; accounts: AccountRepo; clock: Clock },
): Promise<SubscriptionResponse> {
  const [stored, history] = await Promise.all([
    deps.accounts.getSubscription(caller.userId),
    deps.store.listBillingHistory(caller.userId),
  ]);
  const subscription = stored ?? defaultSubscription(caller.userId);
  return {
    subscription: { ...subscription, currentPeriodEnd: resolveCurrentPeriodEnd(subscription) },
    billingHistory: sortHistory(history),
  };
}
