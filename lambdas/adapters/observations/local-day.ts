import { localClock } from '../../../shared/notice-slots';

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The UTC dates that hold every hour of a local day, whatever the zone (UTC−12 … UTC+14). */
export function utcDatesOf(date: string): { start: string; end: string } {
  return { start: shift(date, -1), end: shift(date, 1) };
}

/** True when the hour starting at `ms` (UTC) falls on the local `date` in `timezone`. */
export function onLocalDate(ms: number, date: string, timezone: string): boolean {
  return localClock(new Date(ms), timezone).date === date;
}
