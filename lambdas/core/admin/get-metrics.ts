import type { Clock } from '../runtime.ports';
import type { AdminMetrics } from '../../../shared/admin-money';
import { accountsOf, computeMetrics } from './metrics';
import type { MetricsStore } from './metrics.ports';

export interface MetricsDeps {
  store: MetricsStore;
  clock: Clock;
}

/** The admin figures now, from the stored profiles, subscription records and invoices. */
export async function getAdminMetrics(deps: MetricsDeps): Promise<AdminMetrics> {
  const [profiles, subscriptions, invoices] = await Promise.all([
    deps.store.listProfiles(),
    deps.store.listSubscriptions(),
    deps.store.listInvoices(),
  ]);
  return computeMetrics({
    subscriptions,
    invoices,
    accounts: accountsOf(profiles, subscriptions),
    now: deps.clock.now(),
  });
}
