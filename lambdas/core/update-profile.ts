import type { AccountProfile } from '../../shared/account';
import { profileUpdateSchema } from '../../shared/profile';
import { ValidationError } from './errors';
import type { AccountRepo, Caller, Clock } from './ports';

/** Updates the caller's own profile; the body can never name another account. */
export async function updateProfile(
  caller: Caller,
  body: unknown,
  deps: { accounts: AccountRepo; clock: Clock },
): Promise<AccountProfile> {
  const parsed = profileUpdateSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(String(issue?.path[0] ?? 'body'), issue?.message ?? 'Invalid request');
  }
  const existing = await deps.accounts.getProfile(caller.userId);
  const profile: AccountProfile = {
    userId: caller.userId,
    email: caller.email,
    name: parsed.data.name || null,
    company: parsed.data.company || null,
    units: parsed.data.units,
    createdAt: existing?.createdAt ?? deps.clock.now().toISOString(),
  };
  await deps.accounts.putProfile(profile);
  return profile;
}
