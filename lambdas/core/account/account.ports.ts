import type { AccountProfile } from '../../../shared/account';
import type { Subscription } from '../../../shared/subscription';

export interface AccountRepo {
  getProfile(userId: string): Promise<AccountProfile | null>;
  putProfile(profile: AccountProfile): Promise<void>;
  getSubscription(userId: string): Promise<Subscription | null>;
  /**
   * Many accounts' profiles and subscriptions in as few reads as the store allows (DynamoDB:
   * BatchGetItem, 100 keys a call), keyed by account; absent ones are absent. Optional: the dispatch
   * reads a batch's accounts so, and one at a time where a store has no batch read.
   */
  getProfiles?(userIds: readonly string[]): Promise<Map<string, AccountProfile>>;
  getSubscriptions?(userIds: readonly string[]): Promise<Map<string, Subscription>>;
}

/**
 * Saves a profile as `change` makes it from the stored one, only if nobody saved it in between (a
 * conditional write on what was read), reading it again and retrying a few times when someone did:
 * two saves of different fields at once then both land.
 */
export interface ProfileReplacer {
  /** The profile saved (`change` of the stored one, null when none yet); null when every try lost. */
  replaceProfile(
    userId: string,
    change: (current: AccountProfile | null) => AccountProfile,
  ): Promise<AccountProfile | null>;
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
