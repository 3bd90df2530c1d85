import type { HolidayCalendar } from '../../../shared/holidays';
import type { TenantId } from '../../core/caller';
import type { HolidayCalendarRepo } from '../../core/holidays/holidays.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

const dated = (list: readonly { date: string; name: string }[]) =>
  list.map((d) => ({ date: d.date, name: d.name }));

export class DynamoHolidayCalendarRepo implements HolidayCalendarRepo {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId): Promise<HolidayCalendar | null> {
    const { data } = await this.db.entities.holidayCalendar.get(tenantKey(tenant)).go();
    if (!data) return null;
    return {
      country: data.country,
      region: data.region ?? null,
      extraDates: dated(data.extraDates),
      presetDates: dated(data.presetDates),
      presetYears: { from: data.presetFrom, to: data.presetTo },
      updatedAt: data.updatedAt,
    };
  }

  /** The whole calendar replaces the last one: a PUT repeated writes the same item. */
  async put(tenant: TenantId, calendar: HolidayCalendar): Promise<void> {
    await this.db.entities.holidayCalendar
      .put({
        ...tenantKey(tenant),
        country: calendar.country,
        region: calendar.region ?? undefined,
        extraDates: dated(calendar.extraDates),
        presetDates: dated(calendar.presetDates),
        presetFrom: calendar.presetYears.from,
        presetTo: calendar.presetYears.to,
        updatedAt: calendar.updatedAt,
      })
      .go();
  }
}
