import type { AccountProfile } from '../../../shared/account';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';

/** What a save sets; the rest (the account, the owner's address, the creation) is kept or filled in. */
export type ProfileFields = Pick<AccountProfile, 'name' | 'company' | 'units' | 'quietHours'>;

/**
 * Saves the caller's account's profile, creating it the first time, with `fieldsOf` the stored one.
 * The account is always the caller's own: the body can never name another.
 */
export async function saveProfile(
  caller: Caller,
  fieldsOf: (existing: AccountProfile | null) => ProfileFields,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  const existing = await deps.accounts.getProfile(tenantOf(caller));
  const profile: AccountProfile = {
    userId: tenantOf(caller),
    // A manager saving the account's profile keeps the owner's address on it.
    email: existing?.email ?? caller.email,
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
    ...fieldsOf(existing),
  };
  await deps.accounts.putProfile(profile);
  return profile;
}
