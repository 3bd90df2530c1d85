import { Hono } from 'hono';
import * as z from 'zod';
import type { AccountRepo } from '../core/account/account.ports';
import type { HolidayCalendarRepo } from '../core/holidays/holidays.ports';
import type { RecordsStore } from '../core/records/records.ports';
import type { Clock } from '../core/runtime.ports';
import { jobsiteOutlooks } from '../core/weather/jobsite-outlook';
import type { WeatherProvider } from '../core/weather/weather.ports';
import { queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';
import { objectOnFirstUse } from '../../shared/object-on-first-use';
import { limitParam } from '../../shared/records/list-query';
import { OUTLOOK_LIMIT_DEFAULT, OUTLOOK_LIMIT_MAX } from '../../shared/weather/outlook';

const outlookQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  days: z.coerce
    .number()
    .int()
    .min(1, 'Days must be at least 1')
    .max(16, 'Days must be at most 16')
    .default(7),
  limit: limitParam(OUTLOOK_LIMIT_MAX, OUTLOOK_LIMIT_DEFAULT),
  cursor: z.string().max(512, 'Cursor is not valid').optional(),
  q: z.string().trim().max(120, 'Search must be at most 120 characters').optional(),
}));

/**
 * `GET /api/weather?days=7&limit=50&cursor=&q=`: the coming days of the account's active jobsites, a
 * page at a time in name order (searched by name, address or timezone), with verdicts and the data
 * behind them.
 */
export function weatherRoutes(deps: {
  records: RecordsStore;
  weather: WeatherProvider;
  accounts: Pick<AccountRepo, 'getProfile'>;
  clock: Clock;
  holidays: HolidayCalendarRepo;
}) {
  return new Hono<AppEnv>().get('/api/weather', queryParams(outlookQuerySchema), async (c) =>
    c.json(await jobsiteOutlooks(tenantOfRequest(c), deps, c.req.valid('query'))),
  );
}
