import { runRequestSchema } from '../../shared/admin-schemas';
import { Hono } from 'hono';
import { limitParam } from '../../shared/records/list-query';
import type { DispatchRunRepo } from '../core/dispatch/dispatch.ports';
import { runDispatch, type DispatchDeps } from '../core/dispatch/run-dispatch';
import { jsonBody, queryParams, requireAdmin, type AppEnv } from '../http/kit';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const recentRunsSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  limit: limitParam(100, 20),
}));

/**
 * `POST /api/admin/dispatch/run` `{ at? }`: runs the dispatch for the 15-minute slot containing `at`
 * (default now) as if the clock said `at`, and answers the run record when it is done. Its record is
 * written when the run is planned and counted batch by batch, so `GET /api/admin/dispatch/runs` (the
 * recent runs, scheduled or not) shows a running slot's progress meanwhile: `finishedAt` empty,
 * `batchesDone` of `batches`, messages sent so far. Admins only.
 */
export function adminDispatchRoutes(deps: DispatchDeps & { runs: DispatchRunRepo }) {
  return new Hono<AppEnv>()
    .use('/api/admin/dispatch/*', requireAdmin())
    .post('/api/admin/dispatch/run', jsonBody(runRequestSchema), async (c) => {
      const { at } = c.req.valid('json');
      const run = await runDispatch(deps, { at: at ? new Date(at) : undefined, trigger: 'admin' });
      // Batches done of all stay in the answer: the dashboard shows a running slot's progress by them.
      const { dueJobsites: _due, unjudged: _unjudged, forecastCacheHits: _hits, ...record } = run;
      return c.json(record);
    })
    .get('/api/admin/dispatch/runs', queryParams(recentRunsSchema), async (c) =>
      c.json({ items: await deps.runs.listRecent(c.req.valid('query').limit) }),
    );
}
