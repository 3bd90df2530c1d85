import type { AccountRepo } from '../account/account.ports';
import type { Caller } from '../caller';

/**
 * Who did a thing, as stored on the write (issue 22 §4): the member's `sub`, and the name on their
 * profile at the time ("Dana Ortiz"), else their email, so the account reads "Marked worked by Dana
 * Ortiz" rather than "you". A missing or failing profile lookup falls back to the email.
 */
export async function actingMember(
  caller: Caller,
  profiles?: Pick<AccountRepo, 'getProfile'>,
): Promise<{ by: string; byId: string }> {
  const profile = profiles ? await profiles.getProfile(caller.userId).catch(() => null) : null;
  const name = profile?.name?.trim();
  return { by: name || caller.email, byId: caller.userId };
}
