import type { HolidayCalendar, HolidayCountry, HolidayDate } from '../../../shared/holidays';
import type { TenantId } from '../caller';

/** Country and region presets of public holidays (date-holidays in the holidays Lambda). */
export interface HolidayPresets {
  hasCountry(country: string): boolean;
  hasRegion(country: string, region: string): boolean;
  publicHolidays(country: string, region: string | null, year: number): HolidayDate[];
  /** Every country the presets know, with its regions (states, provinces), names in English. */
  countries(): HolidayCountry[];
}

/** An account's holiday calendar: one item per account, null until the account sets one. */
export interface HolidayCalendarRepo {
  get(tenant: TenantId): Promise<HolidayCalendar | null>;
  /** Many accounts' calendars in batched reads (the dispatch's batch), keyed by tenant; optional. */
  getMany?(tenants: readonly TenantId[]): Promise<Map<string, HolidayCalendar>>;
  put(tenant: TenantId, calendar: HolidayCalendar): Promise<void>;
}
