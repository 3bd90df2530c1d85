import type { AccountProfile } from '../../../shared/account';
import type { QuietHours } from '../../../shared/quiet-hours';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';

/** Saves the caller's quiet hours on their profile (creating the profile the first time). */
export async function updateQuietHours(
  caller: Caller,
  quietHours: QuietHours,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  const existing = await deps.accounts.getProfile(tenantOf(caller));
  const profile: AccountProfile = {
    userId: tenantOf(caller),
    email: existing?.email ?? caller.email,
    name: existing?.name ?? null,
    company: existing?.company ?? null,
    units: existing?.units ?? 'us',
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
    quietHours: { enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end },
  };
  await deps.accounts.putProfile(profile);
  return profile;
}
