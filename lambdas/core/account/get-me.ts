import type { AccountProfile, MeResponse } from '../../../shared/account';
import { defaultSubscription, resolveCurrentPeriodEnd } from '../../../shared/subscription';
import type { AccountRepo, Caller } from '../ports';
import { tenantOf } from '../caller';

export const ADMINS_GROUP = 'admins';

/** The account's stored profile, or the one it reads as before any save (the token's email). */
export function profileOrDefault(caller: Caller, stored: AccountProfile | null): AccountProfile {
  return (
    stored ?? {
      userId: tenantOf(caller),
      email: caller.email,
      name: null,
      company: null,
      units: 'us',
      createdAt: null,
    }
  );
}

/**
 * The signed-in account: its profile (created from the token's email the first time) and its
 * subscription, which reads as the spec's default when no record exists.
 */
export async function getMe(caller: Caller, accounts: AccountRepo): Promise<MeResponse> {
  const founder = caller.userId === tenantOf(caller);
  const [storedProfile, storedSubscription, ownProfile] = await Promise.all([
    accounts.getProfile(tenantOf(caller)),
    accounts.getSubscription(tenantOf(caller)),
    // A member's own name lives on their own profile (issue 22); the founder's is the account's.
    founder ? null : accounts.getProfile(caller.userId),
  ]);
  const profile = profileOrDefault(caller, storedProfile);
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
      name: (founder ? profile.name : ownProfile?.name) ?? null,
    },
  };
}
