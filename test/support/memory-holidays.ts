import type { HolidayCalendar } from '../../shared/holidays';
import type { TenantId } from '../../lambdas/core/caller';
import type { HolidayCalendarRepo } from '../../lambdas/core/holidays/holidays.ports';

/** Unit tests' holiday calendars: none set, so every account has the default (US) calendar. */
export class MemoryHolidayCalendars implements HolidayCalendarRepo {
  readonly calendars = new Map<string, HolidayCalendar>();

  async get(tenant: TenantId): Promise<HolidayCalendar | null> {
    return this.calendars.get(tenant) ?? null;
  }

  async put(tenant: TenantId, calendar: HolidayCalendar): Promise<void> {
    this.calendars.set(tenant, calendar);
  }
}
