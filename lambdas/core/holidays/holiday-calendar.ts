import {
  PRESET_YEARS_AHEAD,
  defaultHolidayCalendar,
  type HolidayCalendar,
  type HolidayCalendarView,
} from '../../../shared/holidays';
import type { HolidayCalendarInput } from '../../../shared/holidays-schema';
import type { TenantId } from '../caller';
import { ValidationError } from '../errors';
import type { Clock } from '../runtime.ports';
import type { HolidayCalendarRepo, HolidayPresets } from './holidays.ports';

export interface HolidayCalendarDeps {
  calendars: HolidayCalendarRepo;
  presets: HolidayPresets;
  clock: Clock;
}

/** The preset's dates for the year before `year` through PRESET_YEARS_AHEAD after it. */
function presetSpan(presets: HolidayPresets, country: string, region: string | null, year: number) {
  const presetYears = { from: year - 1, to: year + PRESET_YEARS_AHEAD };
  const presetDates = [];
  for (let y = presetYears.from; y <= presetYears.to; y++)
    presetDates.push(...presets.publicHolidays(country, region, y));
  return { presetYears, presetDates };
}

/**
 * The account's calendar for `year` (default this year): the preset's public holidays for that year,
 * computed now, and the account's own dates in it. An account that has not set a calendar gets the
 * default (DEFAULT_HOLIDAY_COUNTRY). A stored span that no longer reaches a few years ahead is
 * computed again and stored, so dispatch keeps knowing the coming holidays.
 */
export async function getHolidayCalendar(
  tenant: TenantId,
  query: { year?: number },
  deps: HolidayCalendarDeps,
): Promise<HolidayCalendarView> {
  const now = deps.clock.now();
  const thisYear = now.getUTCFullYear();
  const year = query.year ?? thisYear;
  const stored = await deps.calendars.get(tenant);
  const calendar = stored ?? defaultHolidayCalendar();
  if (stored && stored.presetYears.to < thisYear + 2)
    await deps.calendars.put(tenant, {
      ...stored,
      ...presetSpan(deps.presets, stored.country, stored.region, thisYear),
      updatedAt: now.toISOString(),
    });
  const inYear = (d: { date: string }) => d.date.startsWith(`${year}-`);
  const dates = [
    ...deps.presets
      .publicHolidays(calendar.country, calendar.region, year)
      .map((d) => ({ ...d, source: 'preset' as const })),
    ...calendar.extraDates.filter(inYear).map((d) => ({ ...d, source: 'account' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source));
  return { country: calendar.country, region: calendar.region, dates, extraDates: calendar.extraDates };
}

/**
 * Sets the account's calendar: the country and region must be ones the library knows (400 naming the
 * field); the preset's dates are computed now for a span of years and stored with the account's own,
 * so the dispatch and the ledger read dates, not the library. Saving the same body again changes nothing.
 */
export async function saveHolidayCalendar(
  tenant: TenantId,
  input: HolidayCalendarInput,
  deps: HolidayCalendarDeps,
): Promise<HolidayCalendarView> {
  if (!deps.presets.hasCountry(input.country))
    throw new ValidationError('country', `Unknown country code: ${input.country}`);
  if (input.region && !deps.presets.hasRegion(input.country, input.region))
    throw new ValidationError('region', `Unknown region of ${input.country}: ${input.region}`);
  const now = deps.clock.now();
  const calendar: HolidayCalendar = {
    country: input.country,
    region: input.region,
    extraDates: input.extraDates,
    ...presetSpan(deps.presets, input.country, input.region, now.getUTCFullYear()),
    updatedAt: now.toISOString(),
  };
  await deps.calendars.put(tenant, calendar);
  return getHolidayCalendar(tenant, {}, deps);
}
