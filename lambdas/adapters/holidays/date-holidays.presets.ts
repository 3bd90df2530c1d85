import Holidays from 'date-holidays';
import type { HolidayCountry, HolidayDate } from '../../../shared/holidays';
import type { HolidayPresets } from '../../core/holidays/holidays.ports';

/**
 * The country and region presets, from `date-holidays` (maintained, 200+ countries). Only public
 * holidays count (type 'public': days off by law), not observances, optional or bank days. Names are in
 * the country's English (or English). Only the holidays Lambda bundles this module: the library's data is over a megabyte.
 */
export class DateHolidaysPresets implements HolidayPresets {
  private readonly lib = new Holidays();

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
