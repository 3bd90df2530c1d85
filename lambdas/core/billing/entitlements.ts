import { entitlementLimitMessage, type EntitlementKind } from '../../../shared/billing';
import { PLANS, withinLimit, type Limit } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo, Caller } from '../ports';
import { tenantOf } from '../caller';
import { EntitlementError } from './billing.errors';

export interface EntitlementDeps {
  accounts: Pick<AccountRepo, 'getSubscription'>;
  /** How many of `kind` the account has now. */
  count: (kind: EntitlementKind, userId: string) => Promise<number>;
}

const FEATURE = { jobsite: 'maxJobsites', emailTemplate: 'maxEmailTemplates' } as const;

/**
 * The caller's limit of `kind` on their effective plan (null: unlimited) and the 403 to answer at
 * it, naming the limit and the plan that lifts it. The plan comes from the stored subscription
 * (only active, trialing and past_due grant one), never from the client. Stores enforce the limit
 * with a conditional write (a counter in the record's transaction), so parallel requests hold it.
 */
export async function planLimit(
  kind: EntitlementKind,
  caller: Caller,
  accounts: EntitlementDeps['accounts'],
): Promise<{ max: Limit; refusal: EntitlementError }> {
  const subscription = await accounts.getSubscription(tenantOf(caller));
  const plan = subscription ? effectivePlan(subscription) : 'none';
  return {
    max: PLANS[plan].features[FEATURE[kind]],
    refusal: new EntitlementError(entitlementLimitMessage(kind, plan)),
  };
}

/** Refuses (403) adding one more jobsite or email template beyond the caller's effective plan. */
export async function assertCanAdd(
  kind: EntitlementKind,
  caller: Caller,
  deps: EntitlementDeps,
): Promise<void> {
  const [{ max, refusal }, current] = await Promise.all([
    planLimit(kind, caller, deps.accounts),
    deps.count(kind, tenantOf(caller)),
  ]);
  if (!withinLimit(max, current)) throw refusal;
}
