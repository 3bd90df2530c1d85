import { nonWorkingDays, type HolidayDate } from '../../../shared/holidays';
import type { TenantId } from '../caller';
import type { HolidayCalendarRepo } from './holidays.ports';

/**
 * The days nobody works at a tenant's jobsites, for readers without the library (dispatch, ledger,
 * weather screen): the account's stored calendar (or the default) is read once per tenant and kept
 * for the life of this object (one dispatch batch, one request).
 */
export class NonWorkingDayLookup {
  private readonly calendars = new Map<string, ReturnType<HolidayCalendarRepo['get']>>();

  constructor(private readonly repo: HolidayCalendarRepo) {}

  /** Date → name of every non-working day of the jobsite. */
  async of(
    tenant: TenantId,
    jobsite: { nonWorkingDates?: readonly HolidayDate[] | null },
  ): Promise<Map<string, string>> {
    let calendar = this.calendars.get(tenant);
    if (!calendar) this.calendars.set(tenant, (calendar = this.repo.get(tenant)));
    return nonWorkingDays(await calendar, jobsite);
  }

  /** The holiday's name when `date` is a non-working day of the jobsite, else null. */
  async nameOf(
    tenant: TenantId,
    jobsite: { nonWorkingDates?: readonly HolidayDate[] | null },
    date: string,
  ): Promise<string | null> {
    return (await this.of(tenant, jobsite)).get(date) ?? null;
  }
}

/** `{ holiday: name }` for a non-working date, nothing otherwise (ordinary ledger days keep their shape). */
export function holidayOf(nonWorking: Map<string, string>, date: string): { holiday?: string } {
  const name = nonWorking.get(date);
  return name ? { holiday: name } : {};
}
