import type { AccountProfile } from '../../../shared/account';
import type { QuietHours } from '../../../shared/quiet-hours';
import { ACCOUNT_MESSAGES } from '../../../shared/messages';
import type { Caller, Clock, ProfileReplacer } from '../ports';
import { tenantOf } from '../caller';
import { ConflictError } from '../errors';

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
 * always the caller's own: the body can never name another. Only the fields of `change` are written,
 * over the profile as stored when the save lands: the quiet hours and the profile form saved at once
 * both land, and of two saves of one field the later wins, as one after the other would (409 only
 * when the retries all lost).
 */
export async function saveProfile(
  caller: Caller,
  change: Partial<ProfileFields>,
  deps: { accounts: ProfileReplacer; clock: Clock },
): Promise<AccountProfile> {
  return replaceOr409(deps.accounts, tenantOf(caller), (existing) => ({
    userId: tenantOf(caller),
    // A manager saving the account's profile keeps the owner's address on it.
    email: existing?.email ?? caller.email,
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
    ...keptFields(existing),
    ...change,
  }));
}

/** `replaceProfile`, or the 409 of a save that lost every retry. */
export async function replaceOr409(
  profiles: ProfileReplacer,
  userId: string,
  change: (current: AccountProfile | null) => AccountProfile,
): Promise<AccountProfile> {
  const saved = await profiles.replaceProfile(userId, change);
  if (!saved) throw new ConflictError(ACCOUNT_MESSAGES.profileChanged);
  return saved;
}
