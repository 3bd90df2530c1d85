import type { AccountProfile } from '../../../shared/account';
import type { ProfileUpdate } from '../../../shared/profile';
import type { AccountRepo, Caller, Clock } from '../ports';
import { saveProfile } from './save-profile';

/** Updates the caller's own profile; the body can never name another account. */
export function updateProfile(
  caller: Caller,
  update: ProfileUpdate,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  return saveProfile(
    caller,
    (existing) => ({
      name: update.name || null,
      company: update.company || null,
      units: update.units,
      // Quiet hours are saved on their own (update-quiet-hours.ts); a profile save keeps them.
      ...(existing?.quietHours ? { quietHours: existing.quietHours } : {}),
    }),
    deps,
  );
}
