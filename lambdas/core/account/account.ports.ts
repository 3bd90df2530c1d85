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
