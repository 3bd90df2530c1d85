import type { AccountProfile } from '../../../shared/account';
import type { Subscription } from '../../../shared/subscription';
import type { AccountRepo, ProfileReplacer } from '../../core/ports';
import { writtenUnlessConditionFails } from './conditions';
import { toSubscription } from './billing.repo';
import { profileFromItem, profileItem } from './profile-item';
import type { RaincheckService } from './service';
import { batchGet } from './batch-get';

const byUser = (_: unknown, item: { userId: string }) => item.userId;

/** Reads and conditional writes of one profile save before it answers 409 (see `replaceProfile`). */
const PROFILE_SAVE_ATTEMPTS = 8;

export class DynamoAccountRepo implements AccountRepo, ProfileReplacer {
  constructor(private readonly db: RaincheckService) {}

  async getProfile(userId: string): Promise<AccountProfile | null> {
    const { data } = await this.db.entities.profile.get({ userId }).go();
    return data ? profileFromItem(data) : null;
  }

  async putProfile(profile: AccountProfile): Promise<void> {
    await this.db.entities.profile.put(profileItem(profile)).go();
  }

  async replaceProfile(
    userId: string,
    change: (current: AccountProfile | null) => AccountProfile,
  ): Promise<AccountProfile | null> {
    for (let attempt = 1; attempt <= PROFILE_SAVE_ATTEMPTS; attempt++) {
      const { data } = await this.db.entities.profile.get({ userId }).go({ consistent: true });
      const next = change(data ? profileFromItem(data) : null);
      // A profile saved before revisions existed (or by `putProfile`) reads as revision 0.
      const seen = data ? (data.revision ?? 0) : null;
      const written = await writtenUnlessConditionFails(() =>
        this.db.entities.profile
          .put({ ...profileItem(next), userId, revision: (seen ?? 0) + 1 })
          .where((a, op) =>
            seen === null
              ? op.notExists(a.email)
              : seen === 0
                ? `${op.exists(a.email)} AND ${op.notExists(a.revision)}`
                : op.eq(a.revision, seen),
          )
          .go(),
      );
      if (written) return next;
      // Spread the saves that lost together, so the next round is not the same race again.
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
    return null;
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
