import type { AccountProfile } from '../../../shared/account';
import type { Subscription } from '../../../shared/subscription';
import type { AccountRepo } from '../../core/ports';
import { toSubscription } from './billing.repo';
import { profileFromItem, profileItem } from './profile-item';
import type { RaincheckService } from './service';
import { batchGet } from './batch-get';

const byUser = (_: unknown, item: { userId: string }) => item.userId;

export class DynamoAccountRepo implements AccountRepo {
  constructor(private readonly db: RaincheckService) {}

  async getProfile(userId: string): Promise<AccountProfile | null> {
    const { data } = await this.db.entities.profile.get({ userId }).go();
    return data ? profileFromItem(data) : null;
  }

  async putProfile(profile: AccountProfile): Promise<void> {
    await this.db.entities.profile.put(profileItem(profile)).go();
  }

  getProfiles(userIds: readonly string[]): Promise<Map<string, AccountProfile>> {
    const keys = userIds.map((userId) => ({ userId }));
    return batchGet('profiles', keys, (k) => this.db.entities.profile.get(k).go(), profileFromItem, byUser);
  }

  getSubscriptions(userIds: readonly string[]): Promise<Map<string, Subscription>> {
    const keys = userIds.map((userId) => ({ userId }));
    const read = (k: { userId: string }[]) => this.db.entities.subscription.get(k).go();
    return batchGet('subscriptions', keys, read, toSubscription, byUser);
  }

  async getSubscription(userId: string): Promise<Subscription | null> {
    const { data } = await this.db.entities.subscription.get({ userId }).go();
    return data ? toSubscription(data) : null;
  }
}
