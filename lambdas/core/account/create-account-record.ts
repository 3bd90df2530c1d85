import type { AccountProfile } from '../../../shared/account';
import type { Clock } from '../runtime.ports';
import type { AccountCreator } from './account.ports';

/** A user the identity provider has confirmed: its `sub` (the account's id) and email. */
export interface ConfirmedUser {
  userId: string;
  email: string;
  /** When the user signed up, when known (the back-fill reads it from the pool); else now. */
  signedUpAt?: string | null;
}

export interface CreateAccountRecordDeps {
  accounts: AccountCreator;
  clock: Clock;
}

/**
 * Writes the account record of a confirmed sign-up at once (a profile holding only the email), so the
 * user is in the table before any first sign-in: admin figures and reports count them from the start.
 * The write is conditional: when the account already has a record (a repeated trigger, the back-fill
 * running again, a profile the user saved), nothing changes. Answers whether it wrote one.
 */
export async function createAccountRecord(
  user: ConfirmedUser,
  deps: CreateAccountRecordDeps,
): Promise<boolean> {
  const profile: AccountProfile = {
    userId: user.userId,
    email: user.email.toLowerCase(),
    name: null,
    company: null,
    units: 'us',
    createdAt: user.signedUpAt ?? deps.clock.now().toISOString(),
  };
  return deps.accounts.createProfile(profile);
}
