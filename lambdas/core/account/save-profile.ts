import type { AccountProfile } from '../../../shared/account';
import type { QuietHours } from '../../../shared/quiet-hours';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';

/** What a save sets; the rest (the account, the owner's address, the creation) is kept or filled in. */
export type ProfileFields = Pick<AccountProfile, 'name' | 'company' | 'units' | 'quietHours'>;

/** The quiet hours' save: only them. */
export const quietHoursChange = (quietHours: QuietHours): Partial<ProfileFields> => ({
  quietHours: { enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end },
});

/** What a save keeps of the stored profile, or a first save's defaults. */
const keptFields = (existing: AccountProfile | null): ProfileFields => ({
  name: existing?.name ?? null,
  company: existing?.company ?? null,
  units: existing?.units ?? 'us',
  ...(existing?.quietHours ? { quietHours: existing.quietHours } : {}),
});

/**
 * Saves `change` over the caller's account's profile, creating it the first time. The account is
 * always the caller's own: the body can never name another.
 */
export async function saveProfile(
  caller: Caller,
  change: Partial<ProfileFields>,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  const existing = await deps.accounts.getProfile(tenantOf(caller));
  const profile: AccountProfile = {
    userId: tenantOf(caller),
    // A manager saving the account's profile keeps the owner's address on it.
    email: existing?.email ?? caller.email,
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
    ...keptFields(existing),
    ...change,
  };
  await deps.accounts.putProfile(profile);
  return profile;
}
