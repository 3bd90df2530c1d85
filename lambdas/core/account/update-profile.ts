import type { AccountProfile } from '../../../shared/account';
import { profileBodySchema, profileUpdateSchema, type ProfileBody } from '../../../shared/profile';
import { TEAM_MESSAGES } from '../../../shared/team-roles';
import type { AccountRepo, Caller, Clock, ProfileReplacer } from '../ports';
import { tenantOf } from '../caller';
import { ForbiddenError } from '../errors';
import { parseWith } from '../validate';
import { profileOrDefault } from './get-me';
import { replaceOr409, saveProfile } from './save-profile';

type ProfileDeps = { accounts: AccountRepo & ProfileReplacer; clock: Clock };

/** What a profile save answers: the account's profile and the caller's own name. */
export interface ProfileSaved {
  profile: AccountProfile;
  name: string | null;
}

/**
 * Saves the caller's profile; the body can never name another account. The name is the caller's own,
 * kept on their own profile (their `sub`; the founder's is the account's), so the team list, the audit
 * log and ledger marks show it. The company and units are the account's and the owner's alone
 * (issue 22): a manager or a viewer sends only a name, and a body naming them is refused (403).
 */
export async function updateProfile(
  caller: Caller,
  body: ProfileBody,
  deps: ProfileDeps,
): Promise<ProfileSaved> {
  const tenant = tenantOf(caller);
  const owner = (caller.role ?? 'owner') === 'owner';
  if (!owner && (body.company !== undefined || body.units !== undefined))
    throw new ForbiddenError(TEAM_MESSAGES.ownerOnlyProfileFields);
  // The owner's body is the whole form: company and units are required (400 naming the field).
  const update = owner ? parseWith(profileUpdateSchema, body) : null;
  const name = (update ?? parseWith(profileBodySchema, body)).name || null;
  const founder = caller.userId === tenant;
  if (!founder) await saveOwnName(caller, name, deps);
  if (!update) return { profile: profileOrDefault(caller, await deps.accounts.getProfile(tenant)), name };
  const profile = await saveProfile(
    caller,
    // A member's name is their own (saved above); the account's stays the founder's.
    { ...(founder ? { name } : {}), company: update.company || null, units: update.units },
    deps,
  );
  return { profile, name };
}

/** A member's own profile (made at sign-up; made here if it is missing) with their new name. */
async function saveOwnName(caller: Caller, name: string | null, deps: ProfileDeps): Promise<void> {
  await replaceOr409(deps.accounts, caller.userId, (own) =>
    own
      ? { ...own, name }
      : {
          userId: caller.userId,
          email: caller.email.toLowerCase(),
          name,
          company: null,
          units: 'us',
          createdAt: deps.clock.now().toISOString(),
        },
  );
}
