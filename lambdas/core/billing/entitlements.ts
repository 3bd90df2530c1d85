import { entitlementLimitMessage, type EntitlementKind } from '../../../shared/billing';
import { PLANS, withinLimit } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo, Caller } from '../ports';
import { EntitlementError } from './billing.errors';

export interface EntitlementDeps {
  accounts: Pick<AccountRepo, 'getSubscription'>;
  /** How many of `kind` the account has now. */
  count: (kind: EntitlementKind, userId: string) => Promise<number>;
}

const FEATURE = { jobsite: 'maxJobsites', emailTemplate: 'maxEmailTemplates' } as const;

/**
 * Refuses (403) adding one more jobsite or email template beyond the caller's effective plan; the
 * message names the limit and the plan that lifts it. The plan comes from the stored subscription
 * (only active, trialing and past_due grant one), never from the client.
 */
export async function assertCanAdd(
  kind: EntitlementKind,
  caller: Caller,
  deps: EntitlementDeps,
): Promise<void> {
  const [subscription, current] = await Promise.all([
    deps.accounts.getSubscription(caller.userId),
    deps.count(kind, caller.userId),
  ]);
  const plan = subscription ? effectivePlan(subscription) : 'none';
  const limit = PLANS[plan].features[FEATURE[kind]];
  if (!withinLimit(limit, current)) throw new EntitlementError(entitlementLimitMessage(kind, plan));
}
