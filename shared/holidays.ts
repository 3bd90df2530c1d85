import { DEFAULT_PRESET_HOLIDAYS } from './holidays-default.generated';

/**
 * The days nobody works (issue 20, item 5): an account's holiday calendar (a country and region
 * preset of public holidays, computed by `date-holidays` when the calendar is saved, plus the
 * account's own dates) and each jobsite's own non-working dates (a shutdown week). Dispatch sends
 * nothing for them, the ledger does not count them, the weather screen labels them.
 *
 * Only the holidays Lambda bundles `date-holidays` (its data is over a megabyte): the api and
 * dispatch Lambdas read the dates stored with the calendar, or DEFAULT_PRESET_HOLIDAYS when the
 * account has not set one.
 */

export interface HolidayDate {
  /** Local calendar date at the jobsite, "YYYY-MM-DD". */
  date: string;
  name: string;
}

export type HolidaySource = 'preset' | 'account';

/** `GET /api/holidays?year=2026`. */
export interface HolidayCalendarView {
  country: string;
  region: string | null;
  dates: (HolidayDate & { source: HolidaySource })[];
  /** Every date the account added, all years: what a PUT sends back whole. */
  extraDates: HolidayDate[];
}

/** `GET /api/holidays/countries`: the presets the calendar can use. */
export interface HolidayCountry {
  code: string;
  name: string;
  regions: { code: string; name: string }[];
}

/** What an account stores: its choice, and the preset's dates computed for a span of years. */
export interface HolidayCalendar {
  country: string;
  region: string | null;
  extraDates: HolidayDate[];
  presetDates: HolidayDate[];
  /** The years `presetDates` covers, inclusive. */
  presetYears: { from: number; to: number };
  updatedAt: string;
}

/**
 * An account with no calendar set gets the United States' federal public holidays: Raincheck is sold
 * in US dollars to US contractors and its units default to US customary. Another country is one save
 * in Settings away.
 */
export const DEFAULT_HOLIDAY_COUNTRY = 'US';

/** The preset's dates are stored for the year before the save through this many years after it. */
export const PRESET_YEARS_AHEAD = 5;

export const MAX_EXTRA_DATES = 200;

/** The calendar of an account that has not set one. */
export function defaultHolidayCalendar(): Omit<HolidayCalendar, 'updatedAt'> {
  const years = DEFAULT_PRESET_HOLIDAYS.map((d) => Number(d.date.slice(0, 4)));
  return {
    country: DEFAULT_HOLIDAY_COUNTRY,
    region: null,
    extraDates: [],
    presetDates: DEFAULT_PRESET_HOLIDAYS.map((d) => ({ ...d })),
    presetYears: { from: Math.min(...years), to: Math.max(...years) },
  };
}

/**
 * Every non-working date of a jobsite, date → name: the account's preset, then the account's own
 * dates, then the jobsite's (a later name for the same date wins: the one the contractor typed).
 */
export function nonWorkingDays(
  calendar: Pick<HolidayCalendar, 'presetDates' | 'extraDates'> | null,
  jobsite?: { nonWorkingDates?: readonly HolidayDate[] | null },
): Map<string, string> {
  const cal = calendar ?? defaultHolidayCalendar();
  const out = new Map<string, string>();
  for (const list of [cal.presetDates, cal.extraDates, jobsite?.nonWorkingDates ?? []])
    for (const d of list) out.set(d.date, d.name);
  return out;
}

/** "Holiday: Thanksgiving Day": how the weather screen and the dashboard show a day nobody works. */
export function holidayLabel(name: string): string {
  return `Holiday: ${name}`;
}
