import type { MetricsAccount, MetricsInvoice, MetricsSubscription } from './metrics';

/** Where the admin metrics read their records; each list comes from one query on an index, never a scan. */
export interface MetricsStore {
  /** Every saved profile (account id and creation date). */
  listProfiles(): Promise<MetricsAccount[]>;
  /** Every subscription record, guests' included. */
  listSubscriptions(): Promise<MetricsSubscription[]>;
  /** Every billing history entry (one per invoice and owner). */
  listInvoices(): Promise<MetricsInvoice[]>;
}
