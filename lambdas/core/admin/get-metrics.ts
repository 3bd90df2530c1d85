import type { Clock } from '../runtime.ports';
import type { AdminMetrics } from '../../../shared/admin-money';
import { accountsOf, computeMetrics } from './metrics';
import type { MetricsStore } from './metrics.ports';
import { withPoolUsers } from './money';
import type { UserDirectory } from './people.ports';
import { everyUser } from './pool-users';

export interface MetricsDeps {
  store: MetricsStore;
  clock: Clock;
  /** The user pool: every user counts from the sign-up, profile or not; absent in apps built without it. */
  directory?: Pick<UserDirectory, 'listUsers'>;
}

/** The admin figures now, from the user pool, the stored profiles, subscription records and invoices. */
export async function getAdminMetrics(deps: MetricsDeps): Promise<AdminMetrics> {
  const [profiles, subscriptions, invoices, users] = await Promise.all([
    deps.store.listProfiles(),
    deps.store.listSubscriptions(),
    deps.store.listInvoices(),
    deps.directory ? everyUser(deps.directory) : Promise.resolve([]),
  ]);
  return computeMetrics({
    subscriptions,
    invoices,
    accounts: withPoolUsers(accountsOf(profiles, subscriptions), users),
    now: deps.clock.now(),
  });
}
