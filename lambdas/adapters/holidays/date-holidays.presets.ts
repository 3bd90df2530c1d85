import type { HolidayCountry, HolidayDate } from '../../../shared/holidays';
import type { HolidayPresets } from '../../core/holidays/holidays.ports';
import { requiredOnFirstUse } from '../required-on-first-use';

type DateHolidays = typeof import('date-holidays');

/**
 * date-holidays, with its rules for every country and moment-timezone's zones (~25 ms of module
 * evaluation), loaded on the first holiday lookup rather than at the holidays Lambda's load (issue 26
 * item 8). In the holidays Lambda the package is bundled apart, beside the bundle, where this literal
 * `require` finds it: not even parsed at load (FIRST_USE_PACKAGES in infra/bundling/lambda-bundling.ts).
 */
const dateHolidays = requiredOnFirstUse<DateHolidays>(
  'date-holidays',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('date-holidays'),
);

/**
 * The country and region presets, from `date-holidays` (maintained, 200+ countries). Only public
 * holidays count (type 'public': days off by law), not observances, optional or bank days. Names are in
 * the country's English (or English). Only the holidays Lambda bundles this module: the library's data is over a megabyte.
 */
export class DateHolidaysPresets implements HolidayPresets {
  private all: InstanceType<DateHolidays['default']> | undefined;

  /** Every country's names and regions, from one calendar built on the first lookup. */
  private get lib() {
    return (this.all ??= new (holidaysClass())());
  }

  hasCountry(country: string): boolean {
    return Object.hasOwn(this.lib.getCountries('en'), country);
  }

  hasRegion(country: string, region: string): boolean {
    return Object.hasOwn(this.lib.getStates(country, 'en') ?? {}, region);
  }

  countries(): HolidayCountry[] {
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return Object.entries(this.lib.getCountries('en'))
      .map(([code, name]) => ({
        code,
        name,
        regions: Object.entries(this.lib.getStates(code, 'en') ?? {})
          .map(([c, n]) => ({ code: c, name: n }))
          .sort(byName),
      }))
      .sort(byName);
  }

  publicHolidays(country: string, region: string | null, year: number): HolidayDate[] {
    const Holidays = holidaysClass();
    const calendar = region ? new Holidays(country, region) : new Holidays(country);
    // The country's own English when it has one ("Labor Day" in the US, "Labour Day" in Canada).
    const english = calendar.getLanguages().find((l) => l === 'en' || l.startsWith('en-')) ?? 'en';
    calendar.setLanguages(english);
    const byDate = new Map<string, string>();
    for (const h of calendar.getHolidays(year, english)) {
      if (h.type !== 'public') continue;
      // "2026-11-26 00:00:00": the local date the holiday starts; two on one day are joined.
      const date = h.date.slice(0, 10);
      const prior = byDate.get(date);
      if (prior !== h.name) byDate.set(date, prior ? `${prior}, ${h.name}` : h.name);
    }
    return [...byDate].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
  }
}

/** The class, whichever way the module was loaded (its CommonJS build exports it as `default` too). */
function holidaysClass(): DateHolidays['default'] {
  const loaded = dateHolidays() as DateHolidays & DateHolidays['default'];
  return loaded.default ?? loaded;
}
