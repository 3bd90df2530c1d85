/**
 * Dates of decided working days as people read them. Storage and the API keep ISO (`2026-11-28`,
 * `2026-11`); every screen writes them through these, so one day reads the same on the ledger, the
 * evidence, the reports and the holidays. A local date is a calendar day, not an instant: it is
 * formatted in UTC so no browser zone can move it to the day before.
 */

import { formatNoticeDate } from '../../../shared/email/format';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(date: Date, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f.format(date);
}

/** A `YYYY-MM-DD` as a UTC midnight; null for anything else (shown as typed, never "Invalid Date"). */
function dayOf(date: string): Date | null {
  const m = DAY.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) ? d : null;
}

/** "Mon, Nov 30, 2026" for a jobsite's local date `YYYY-MM-DD`. */
export function longDate(date: string): string {
  const d = dayOf(date);
  return d ? format(d, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }) : date;
}

/**
 * "Sat, Nov 28": a day in a list whose year is already on screen (a ledger range, a calendar year),
 * written as the notices write it.
 */
export function shortDate(date: string): string {
  return DAY.test(date) ? formatNoticeDate(date) : date;
}

/** A month `YYYY-MM` written with `year`; anything else as given. */
function monthIn(month: string, year: 'numeric' | '2-digit'): string {
  const m = MONTH.exec(month);
  if (!m) return month;
  return format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)), { month: 'short', year });
}

/** "Nov 2026" for a month `YYYY-MM`. */
export const monthLabel = (month: string): string => monthIn(month, 'numeric');

/** "Nov 26": a month under a chart's bar, where room is short. */
export const chartMonth = (month: string): string => monthIn(month, '2-digit');

/**
 * A range of local dates, its year written once when both ends share it: "Nov 1 – Dec 31, 2026",
 * "Dec 1, 2025 – Jan 31, 2026", "Nov 28, 2026" for a single day.
 */
export function dateRange(from: string, to: string): string {
  const a = dayOf(from);
  const b = dayOf(to);
  if (!a || !b) return `${from} – ${to}`;
  const full = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  if (from === to) return format(a, full);
  const sameYear = a.getUTCFullYear() === b.getUTCFullYear();
  return `${format(a, sameYear ? { month: 'short', day: 'numeric' } : full)} – ${format(b, full)}`;
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
