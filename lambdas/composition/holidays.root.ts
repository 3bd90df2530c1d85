import { DateHolidaysPresets } from '../adapters/holidays/date-holidays.presets';
import { DynamoHolidayCalendarRepo } from '../adapters/dynamo/holiday-calendar.repo';
import type { HolidayCalendarDeps } from '../core/holidays/holiday-calendar';
import type { DataRoot } from './data.root';

/**
 * The holiday calendar's routes: the stored calendars and the country presets (date-holidays). Only
 * the holidays Lambda (and the local stack) import this module; everything else reads the stored
 * dates through DynamoHolidayCalendarRepo alone.
 */
export function createHolidaysDeps(data: DataRoot): HolidayCalendarDeps {
  return {
    calendars: new DynamoHolidayCalendarRepo(data.db),
    presets: new DateHolidaysPresets(),
    clock: data.clock,
  };
}
