import type { Ledger, LedgerDay, LedgerDayInput, LedgerMonth } from '../../../shared/ledger';
import { toCsv } from '../../../shared/csv';
import { workingWindow } from '../../../shared/weather/compile-site';

/** Length of the working day in hours, from "HH:MM" start and end (a night shift runs past midnight). */
export function workingHoursLength(hours: { start: string; end: string }): number {
  const window = workingWindow(hours);
  return (window.end - window.start) / 60;
}

/**
 * A delay day: the forecast called `full`, or `partial` with at least half the working day lost,
 * and the contractor has not marked the day as worked.
 */
export function isDelayDay(day: Pick<LedgerDayInput, 'verdict' | 'hoursLost' | 'worked'>, dayHours: number) {
  if (day.worked === true) return false;
  if (day.verdict === 'full') return true;
  return day.verdict === 'partial' && dayHours > 0 && day.hoursLost >= dayHours / 2;
}

/** Every month "YYYY-MM" from `from` to `to` (dates YYYY-MM-DD), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The weather-day ledger of one jobsite over [from, to]: every decided working day, and per month
 * the delay days, the hours lost on them and the days beyond the contract's anticipated allowance
 * (`anticipated[0]` is January). Months without an allowance count it as 0.
 */
export function computeLedger(input: {
  from: string;
  to: string;
  days: LedgerDayInput[];
  anticipated: number[] | null;
  workingHours: { start: string; end: string };
}): Ledger {
  const dayHours = workingHoursLength(input.workingHours);
  const days = input.days
    .filter((d) => d.date >= input.from && d.date <= input.to)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => ({ ...d, delayDay: !d.holiday && isDelayDay(d, dayHours), beyondAllowance: false }));
  const allowanceOf = (month: string) => input.anticipated?.[Number(month.slice(5, 7)) - 1] ?? 0;
  const usedIn = new Map<string, number>();
  for (const d of days) {
    if (!d.delayDay) continue;
    const month = d.date.slice(0, 7);
    const used = (usedIn.get(month) ?? 0) + 1;
    usedIn.set(month, used);
    d.beyondAllowance = used > allowanceOf(month);
  }
  const months = monthsBetween(input.from, input.to).map((month): LedgerMonth => {
    const delays = days.filter((d) => d.delayDay && d.date.startsWith(month));
    const anticipated = allowanceOf(month);
    const delayDays = delays.length;
    return {
      month,
      delayDays,
      hoursLost: round1(delays.reduce((sum, d) => sum + d.hoursLost, 0)),
      anticipated,
      beyondAllowance: Math.max(0, delayDays - anticipated),
    };
  });
  return {
    days,
    months,
    totals: {
      delayDays: months.reduce((s, m) => s + m.delayDays, 0),
      hoursLost: round1(months.reduce((s, m) => s + m.hoursLost, 0)),
      beyondAllowance: months.reduce((s, m) => s + m.beyondAllowance, 0),
    },
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The ledger as CSV: a header row and one row per working day. */
export function ledgerCsv(days: LedgerDay[]): string {
  return toCsv(
    ['date', 'verdict', 'hours lost', 'worked', 'reasons', 'note'],
    days.map((d) => [
      d.date,
      d.verdict,
      d.hoursLost,
      d.worked === null ? '' : d.worked ? 'yes' : 'no',
      d.reasons.join('; '),
      d.note ?? '',
    ]),
  );
}
