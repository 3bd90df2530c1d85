import { Hono } from 'hono';
import * as z from 'zod';
import { jobsiteOutlooks, type OutlookDeps } from '../core/weather/jobsite-outlook';
import { queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';
import { objectOnFirstUse } from '../../shared/object-on-first-use';
import { cursorParam, limitParam, searchParam } from '../../shared/records/list-query';
import { OUTLOOK_LIMIT_DEFAULT, OUTLOOK_LIMIT_MAX } from '../../shared/weather/outlook';

const outlookQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  days: z.coerce
    .number()
    .int()
    .min(1, 'Days must be at least 1')
    .max(16, 'Days must be at most 16')
    .default(7),
  limit: limitParam(OUTLOOK_LIMIT_MAX, OUTLOOK_LIMIT_DEFAULT),
  cursor: cursorParam(),
  q: searchParam(),
}));

/**
 * `GET /api/weather?days=7&limit=50&cursor=&q=`: the coming days of the account's active jobsites, a
 * page at a time in name order (searched by name, address or timezone), with verdicts and the data
 * behind them.
 */
export function weatherRoutes(deps: OutlookDeps) {
  return new Hono<AppEnv>().get('/api/weather', queryParams(outlookQuerySchema), async (c) =>
    c.json(await jobsiteOutlooks(tenantOfRequest(c), deps, c.req.valid('query'))),
  );
}
