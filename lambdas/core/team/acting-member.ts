import type { AccountRepo } from '../account/account.ports';
import type { Caller } from '../caller';

/** Who did a thing: their name as shown (`by`) and their id (`byId`). */
export interface ActingMember {
  by: string;
  byId: string;
}

/**
 * The name the caller gave themselves (their own profile's, which a member sets on /settings), or the
 * API key's ("API key “Sync”"); null when they gave none or the lookup fails.
 */
export async function nameOfCaller(
  caller: Caller,
  profiles?: Pick<AccountRepo, 'getProfile'>,
): Promise<string | null> {
  if (caller.actorName) return caller.actorName;
  const profile = profiles ? await profiles.getProfile(caller.userId).catch(() => null) : null;
  return profile?.name?.trim() || null;
}

/**
 * Who did a thing, as stored on the write (issue 22 §4): the member's `sub`, and the name on their
 * profile at the time ("Dana Ortiz"), else their email, so the account reads "Marked worked by Dana
 * Ortiz" rather than "you". A missing or failing profile lookup falls back to the email.
 */
export async function actingMember(
  caller: Caller,
  profiles?: Pick<AccountRepo, 'getProfile'>,
): Promise<ActingMember> {
  return { by: (await nameOfCaller(caller, profiles)) ?? caller.email, byId: caller.userId };
}
