import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { isRecordId } from '../../shared/records';
import { NotFoundError } from '../core/errors';
import { jobsiteLedger, markLedgerDay, type LedgerDeps } from '../core/ledger/jobsite-ledger';
import { ledgerCsv } from '../core/ledger/ledger';
import { ledgerEvidence } from '../core/ledger/ledger-evidence';
import type { DayMessages } from '../core/ledger/ledger.ports';
import { actingMember } from '../core/team/acting-member';
import { callerOf, jsonBody, queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const rangeQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  from: z.string().optional(),
  to: z.string().optional(),
}));

const markSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  worked: z.boolean({ message: 'Worked must be true or false' }),
  note: z.string({ message: 'Note must be text' }).max(500, 'Note must be at most 500 characters').nullish(),
}));

const jobsiteIdOf = (c: Context<AppEnv>): string => {
  const id = c.req.param('id');
  if (!id || !isRecordId(id)) throw new NotFoundError('Jobsite not found');
  return id;
};

/**
 * The weather-day ledger of a jobsite: `GET /api/jobsites/{id}/ledger(.csv)?from=&to=` and
 * `GET …/ledger/{date}` (one day's evidence) and `PUT …/ledger/{date}` (the contractor's "worked" mark).
 */
export function ledgerRoutes(deps: LedgerDeps & { messages?: DayMessages }) {
  return new Hono<AppEnv>()
    .get('/api/jobsites/:id/ledger.csv', queryParams(rangeQuerySchema), async (c) => {
      const ledger = await jobsiteLedger(tenantOfRequest(c), jobsiteIdOf(c), c.req.valid('query'), deps);
      return c.body(ledgerCsv(ledger.days), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="weather-ledger-${ledger.from}-to-${ledger.to}.csv"`,
      });
    })
    .get('/api/jobsites/:id/ledger', queryParams(rangeQuerySchema), async (c) => {
      const ledger = await jobsiteLedger(tenantOfRequest(c), jobsiteIdOf(c), c.req.valid('query'), deps);
      return c.json(ledger);
    })
    .get('/api/jobsites/:id/ledger/:date', async (c) => {
      if (!deps.messages) throw new NotFoundError('Ledger day not found');
      const evidence = await ledgerEvidence(tenantOfRequest(c), jobsiteIdOf(c), c.req.param('date'), {
        ...deps,
        messages: deps.messages,
      });
      return c.json(evidence);
    })
    .put('/api/jobsites/:id/ledger/:date', jsonBody(markSchema), async (c) =>
      c.json(
        await markLedgerDay(
          tenantOfRequest(c),
          jobsiteIdOf(c),
          c.req.param('date'),
          // The member who marked the day, named on the evidence page (issue 22 §4).
          { ...c.req.valid('json'), ...(await actingMember(callerOf(c), deps.profiles)) },
          deps,
        ),
      ),
    );
}
