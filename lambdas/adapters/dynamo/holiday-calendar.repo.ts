import type { HolidayCalendar } from '../../../shared/holidays';
import type { TenantId } from '../../core/caller';
import type { HolidayCalendarRepo } from '../../core/holidays/holidays.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { batchGet } from './batch-get';
import type { EntityItem } from 'electrodb';

const dated = (list: readonly { date: string; name: string }[]) =>
  list.map((d) => ({ date: d.date, name: d.name }));

type CalendarItem = EntityItem<RaincheckService['entities']['holidayCalendar']>;

const calendarFromItem = (data: CalendarItem): HolidayCalendar => ({
  country: data.country,
  region: data.region ?? null,
  extraDates: dated(data.extraDates),
  presetDates: dated(data.presetDates),
  presetYears: { from: data.presetFrom, to: data.presetTo },
  updatedAt: data.updatedAt,
});

export class DynamoHolidayCalendarRepo implements HolidayCalendarRepo {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId): Promise<HolidayCalendar | null> {
    const { data } = await this.db.entities.holidayCalendar.get(tenantKey(tenant)).go();
    return data ? calendarFromItem(data) : null;
  }

  getMany(tenants: readonly TenantId[]): Promise<Map<string, HolidayCalendar>> {
    const read = (keys: { tenantId: string }[]) => this.db.entities.holidayCalendar.get(keys).go();
    const keys = tenants.map((t) => tenantKey(t));
    return batchGet('holiday calendars', keys, read, calendarFromItem, (_, item) => item.tenantId);
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
