import type { AccountProfile } from '../../../shared/account';
import type { QuietHours } from '../../../shared/quiet-hours';
import type { AccountRepo, Caller, Clock } from '../ports';
import { saveProfile } from './save-profile';

/** Saves the caller's quiet hours on their profile (creating the profile the first time). */
export function updateQuietHours(
  caller: Caller,
  quietHours: QuietHours,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  return saveProfile(
    caller,
    (existing) => ({
      name: existing?.name ?? null,
      company: existing?.company ?? null,
      units: existing?.units ?? 'us',
      quietHours: { enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end },
    }),
    deps,
  );
}
