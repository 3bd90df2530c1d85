import type {
  AccountSummaries,
  AccountSummary,
  AdminSettingsStore,
  StoredAdminSettings,
} from '../../core/admin/people.ports';
import { isConditionFailure } from './conditions';
import type { RaincheckService } from './service';

/** The admin users list's join: subscription and last sign-in of a page of users, by key (BatchGet). */
export class DynamoAccountSummaries implements AccountSummaries {
  constructor(private readonly db: RaincheckService) {}

  async summaries(userIds: string[]): Promise<Map<string, AccountSummary>> {
    const out = new Map<string, AccountSummary>();
    if (userIds.length === 0) return out;
    const keys = userIds.map((userId) => ({ userId }));
    const [subscriptions, signIns] = await Promise.all([
      this.db.entities.subscription.get(keys).go({ attributes: ['userId', 'plan', 'status'] }),
      this.db.entities.signIn.get(keys).go(),
    ]);
    const lastSignIn = new Map(signIns.data.map((s) => [s.userId, s.lastSignInAt]));
    const subscription = new Map(subscriptions.data.map((s) => [s.userId, s]));
    for (const userId of userIds) {
      const s = subscription.get(userId);
      out.set(userId, {
        plan: s?.plan ?? 'none',
        subscriptionStatus: s?.status ?? 'incomplete',
        lastSignInAt: lastSignIn.get(userId) ?? null,
      });
    }
    return out;
  }

  async recordSignIn(userId: string, at: string): Promise<void> {
    try {
      // Written once per session: a later /api/me with the same auth_time fails the condition cheaply.
      await this.db.entities.signIn
        .put({ userId, lastSignInAt: at })
        .where((a, op) => `${op.notExists(a.lastSignInAt)} OR ${op.lt(a.lastSignInAt, at)}`)
        .go({ response: 'none' });
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}

const SCOPE = 'product';

export class DynamoAdminSettingsStore implements AdminSettingsStore {
  constructor(private readonly db: RaincheckService) {}

  async get(): Promise<StoredAdminSettings | null> {
    const { data } = await this.db.entities.adminSettings.get({ scope: SCOPE }).go();
    if (!data) return null;
    const { scope: _scope, ...settings } = data;
    return { ...settings, defaultNoticeTimes: settings.defaultNoticeTimes.map((n) => ({ ...n })) };
  }

  async put(settings: StoredAdminSettings): Promise<void> {
    await this.db.entities.adminSettings.put({ scope: SCOPE, ...settings }).go({ response: 'none' });
  }
}
