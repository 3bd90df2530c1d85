import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, limitParam } from '../../../shared/records/list-query';
import { VERDICTS } from '../../../shared/weather/judgement';
import type { ClaimRepo } from '../../core/dispatch/dispatch.ports';
import { jobsiteLedger, type LedgerDeps } from '../../core/ledger/jobsite-ledger';
import { jobsiteVerdicts } from '../../core/weather/jobsite-verdicts';
import { builtOnFirstCall, builtOnFirstUse } from '../../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../../shared/object-on-first-use';
import type { V1Env } from './v1-kit';
import { idParams, json, recordIdOf, v1Route, v1Tenant } from './v1-route';

/** The verdicts' horizon: the next 7 days, as the dashboard shows them. */
const VERDICT_DAYS = 7;

const verdictSchema = /* @__PURE__ */ builtOnFirstCall(() =>
  z
    .object({
      date: z.string().openapi({ description: 'Local date at the jobsite, YYYY-MM-DD' }),
      verdict: z.enum(VERDICTS as ['none', 'partial', 'full']),
      delayDay: z.boolean().openapi({ description: 'Counts as a weather day in the ledger' }),
      hoursLost: z.number(),
      reasons: z.array(z.string()),
      holiday: z.string().nullable(),
    })
    .openapi('Verdict'),
);

const dateQuery = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
    .optional(),
);

const alertsQuery = /* @__PURE__ */ objectOnFirstUse(() => ({
  limit: limitParam(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
}));

export type V1JobsiteDataDeps = Parameters<typeof jobsiteVerdicts>[3] &
  LedgerDeps & { alerts: Pick<ClaimRepo, 'listRecent'> };

/** A jobsite's verdicts, its weather-day ledger for a range, and the account's alert history. */
export function v1JobsiteDataRoutes(app: OpenAPIHono<V1Env>, deps: V1JobsiteDataDeps): void {
  v1Route(
    app,
    {
      method: 'get',
      path: '/v1/jobsites/{id}/verdicts',
      tags: ['Jobsites'],
      summary: 'The jobsite’s verdict for each working day of the next 7 days',
      request: { params: idParams },
      responses: { 200: json(() => z.object({ data: z.array(verdictSchema()) }), 'One verdict per day') },
    },
    async (c) =>
      c.json({ data: await jobsiteVerdicts(v1Tenant(c), recordIdOf(c, 'Jobsite'), VERDICT_DAYS, deps) }),
  );
  v1Route(
    app,
    {
      method: 'get',
      path: '/v1/jobsites/{id}/ledger',
      tags: ['Jobsites'],
      summary: 'The jobsite’s weather-day ledger for a range (default: this month so far)',
      request: {
        params: idParams,
        query: objectOnFirstUse(() => ({ from: dateQuery, to: dateQuery })),
      },
      responses: {
        200: json(
          () =>
            z.object({
              data: z.looseObject({
                days: z.array(z.looseObject({ date: z.string(), delayDay: z.boolean() })),
              }),
            }),
          'The days, months and totals, with each day’s verdict, hours lost and delay-day status',
        ),
      },
    },
    async (c) => {
      const range = c.req.valid('query' as never) as { from?: string; to?: string };
      return c.json({ data: await jobsiteLedger(v1Tenant(c), recordIdOf(c, 'Jobsite'), range, deps) });
    },
  );
  v1Route(
    app,
    {
      method: 'get',
      path: '/v1/alerts',
      tags: ['Alerts'],
      summary: 'The account’s alert history, newest first, with each delivery’s status',
      request: { query: alertsQuery },
      responses: {
        200: json(
          () =>
            z.object({
              data: z.array(
                z.looseObject({
                  jobsiteId: z.string(),
                  workDate: z.string(),
                  kind: z.string(),
                  status: z.string(),
                }),
              ),
            }),
          'Messages sent',
        ),
      },
    },
    async (c) => {
      const { limit } = c.req.valid('query' as never) as { limit: number };
      return c.json({ data: await deps.alerts.listRecent(v1Tenant(c), limit) });
    },
  );
}
