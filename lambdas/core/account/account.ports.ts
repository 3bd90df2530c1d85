import type { AccountProfile } from '../../../shared/account';
import type { Subscription } from '../../../shared/subscription';

export interface AccountRepo {
  getProfile(userId: string): Promise<AccountProfile | null>;
  putProfile(profile: AccountProfile): Promise<void>;
  getSubscription(userId: string): Promise<Subscription | null>;
}

/** Writes an account's first record; never overwrites one (a conditional write, safe to repeat). */
export interface AccountCreator {
  /** Stores the profile unless the account already has one; answers whether it stored it. */
  createProfile(profile: AccountProfile): Promise<boolean>;
}

/** The identity provider's second factor of one user. */
export interface AuthenticatorSettings {
  /** Turns the user's authenticator app (TOTP) off: after a reset by email, a lost phone is no lost account. */
  turnOffTotp(user: { userPoolId: string; username: string }): Promise<void>;
}
