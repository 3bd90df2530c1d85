import type { AccountProfile } from '../../../shared/account';
import type { Subscription } from '../../../shared/subscription';

export interface AccountRepo {
  getProfile(userId: string): Promise<AccountProfile | null>;
  putProfile(profile: AccountProfile): Promise<void>;
  getSubscription(userId: string): Promise<Subscription | null>;
}
