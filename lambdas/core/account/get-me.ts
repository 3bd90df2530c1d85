import type { MeResponse } from '../../../shared/account';
import { defaultSubscription, resolveCurrentPeriodEnd } from '../../../shared/subscription';
import type { AccountRepo, Caller } from '../ports';
import { tenantOf } from '../caller';

export const ADMINS_GROUP = 'admins';

/**
 * The signed-in account: its profile (created from the token's email the first time) and its
 * subscription, which reads as the spec's default when no record exists.
 */
export async function getMe(caller: Caller, accounts: AccountRepo): Promise<MeResponse> {
  const [storedProfile, storedSubscription] = await Promise.all([
    accounts.getProfile(tenantOf(caller)),
    accounts.getSubscription(tenantOf(caller)),
  ]);
  const profile = storedProfile ?? {
    userId: tenantOf(caller),
    email: caller.email,
    name: null,
    company: null,
    units: 'us' as const,
    createdAt: null,
  };
  const subscription = storedSubscription ?? defaultSubscription(tenantOf(caller));
  return {
    profile,
    subscription: { ...subscription, currentPeriodEnd: resolveCurrentPeriodEnd(subscription) },
    isAdmin: caller.groups.includes(ADMINS_GROUP),
    account: {
      id: tenantOf(caller),
      role: caller.role ?? 'owner',
      userId: caller.userId,
      email: caller.email,
    },
  };
}
