import type { AccountProfile } from '../../../shared/account';
import type { ProfileUpdate } from '../../../shared/profile';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';

/** Updates the caller's own profile; the body can never name another account. */
export async function updateProfile(
  caller: Caller,
  update: ProfileUpdate,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  const existing = await deps.accounts.getProfile(tenantOf(caller));
  const profile: AccountProfile = {
    userId: tenantOf(caller),
    // A manager saving the account's profile keeps the owner's address on it.
    email: existing?.email ?? caller.email,
    name: update.name || null,
    company: update.company || null,
    units: update.units,
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
    // Quiet hours are saved on their own (update-quiet-hours.ts); a profile save keeps them.
    ...(existing?.quietHours ? { quietHours: existing.quietHours } : {}),
  };
  await deps.accounts.putProfile(profile);
  return profile;
}
