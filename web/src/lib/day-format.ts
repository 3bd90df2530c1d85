/** Dates of a decided working day, as the evidence and notice pages write them. */

/** "Mon, Nov 30, 2026" for a jobsite's local date `YYYY-MM-DD`. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A UTC instant on the jobsite's clock, "Nov 30, 2026, 5:00 AM CST"; "—" for none. */
export function atSite(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
