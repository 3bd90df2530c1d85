import { Hono } from 'hono';
import * as z from 'zod';
import { getAdvancedAnalytics, getAnalytics, type AnalyticsDeps } from '../core/analytics/get-analytics';
import { callerOf, queryParams, type AppEnv } from '../http/kit';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const monthRangeSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  from: z.string().optional(),
  to: z.string().optional(),
}));

/**
 * `GET /api/analytics?from=YYYY-MM&to=YYYY-MM`: delay days, hours lost and messages per jobsite and
 * month, every plan. `GET /api/analytics/advanced`: per-client figures and the cost of delay, only
 * with the plan's `advancedAnalytics` (403 naming the plan otherwise). Definitions: docs/metrics.md.
 */
export function analyticsRoutes(deps: AnalyticsDeps) {
  return new Hono<AppEnv>()
    .get('/api/analytics', queryParams(monthRangeSchema), async (c) =>
      c.json(await getAnalytics(callerOf(c), c.req.valid('query'), deps)),
    )
    .get('/api/analytics/advanced', queryParams(monthRangeSchema), async (c) =>
      c.json(await getAdvancedAnalytics(callerOf(c), c.req.valid('query'), deps)),
    );
}
