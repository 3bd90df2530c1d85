import type { MetricsAccount, MetricsInvoice, MetricsSubscription } from './metrics';
import type { DeliveryDay } from './money';

/** Where the admin metrics read their records; each list comes from one query on an index, never a scan. */
export interface MetricsStore {
  /** Every saved profile (account id and creation date). */
  listProfiles(): Promise<MetricsAccount[]>;
  /** Every subscription record, guests' included. */
  listSubscriptions(): Promise<MetricsSubscription[]>;
  /** Every billing history entry (one per invoice and owner). */
  listInvoices(): Promise<MetricsInvoice[]>;
  /** The email of each of these Stripe customers that has one (a batch read by key, no scan). */
  customerEmails?(customerIds: string[]): Promise<Map<string, string>>;
}

/** Daily email delivery counters (UTC days): kept up to date by the mailers and the SES event handler. */
export interface DeliveryStats {
  /** Adds to one day's counters (creating the day). */
  add(date: string, counts: { sent?: number; bounced?: number; complained?: number }): Promise<void>;
  /** The days from `from` to `to` (YYYY-MM-DD, inclusive) that have counters, by date. */
  listDays(from: string, to: string): Promise<DeliveryDay[]>;
}
