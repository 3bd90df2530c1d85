import type { BillingHistoryEntry } from '../../../../shared/billing';

/**
 * Newest first (spec §3). The API already sorts; the screen sorts again so the order never depends on
 * the server. Same-second invoices fall back to the invoice number (sequential), then the id.
 */
export function sortHistoryNewestFirst(entries: readonly BillingHistoryEntry[]): BillingHistoryEntry[] {
  return [...entries].sort(
    (a, b) =>
      Date.parse(b.date) - Date.parse(a.date) ||
      (b.invoice ?? '').localeCompare(a.invoice ?? '', 'en', { numeric: true }) ||
      b.id.localeCompare(a.id),
  );
}

/** "Jun 3, 2025" in the browser's locale and timezone. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** "Paid", "Past due", … from Stripe's snake_case statuses. */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
