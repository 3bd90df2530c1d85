import { Hono } from 'hono';
import { holidayCalendarInputSchema, holidayYearSchema } from '../../shared/holidays-schema';
import { tenantOf } from '../core/caller';
import {
  getHolidayCalendar,
  saveHolidayCalendar,
  type HolidayCalendarDeps,
} from '../core/holidays/holiday-calendar';
import { callerOf, jsonBody, queryParams, type AppEnv } from '../http/kit';

export { HOLIDAY_ROUTES } from '../../shared/holiday-routes';

/**
 * `GET /api/holidays?year=2026` → `{ country, region, dates: [{ date, name, source }] }`;
 * `PUT /api/holidays` `{ country, region, extraDates }` sets the account's calendar (a repeat is a no-op).
 */
export function holidayRoutes(deps: HolidayCalendarDeps) {
  return (
    new Hono<AppEnv>()
      .get('/api/holidays', queryParams(holidayYearSchema), async (c) =>
        c.json(await getHolidayCalendar(tenantOf(callerOf(c)), c.req.valid('query'), deps)),
      )
      // The picker's list: every country and region the presets know (~6 KB gzipped, cached by the SPA).
      .get('/api/holidays/countries', (c) => c.json({ countries: deps.presets.countries() }))
      .put('/api/holidays', jsonBody(holidayCalendarInputSchema), async (c) =>
        c.json(await saveHolidayCalendar(tenantOf(callerOf(c)), c.req.valid('json'), deps)),
      )
  );
}
