import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { isRecordId } from '../../shared/records';
import { NotFoundError } from '../core/errors';
import { jobsiteLedger, markLedgerDay, type LedgerDeps } from '../core/ledger/jobsite-ledger';
import { ledgerCsv } from '../core/ledger/ledger';
import { jsonBody, queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';

const rangeQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});

const markSchema = z.object({
  worked: z.boolean({ message: 'Worked must be true or false' }),
  note: z.string({ message: 'Note must be text' }).max(500, 'Note must be at most 500 characters').nullish(),
});

const jobsiteIdOf = (c: Context<AppEnv>): string => {
  const id = c.req.param('id');
  if (!id || !isRecordId(id)) throw new NotFoundError('Jobsite not found');
  return id;
};

/**
 * The weather-day ledger of a jobsite: `GET /api/jobsites/{id}/ledger(.csv)?from=&to=` and
 * `PUT /api/jobsites/{id}/ledger/{date}` (the contractor's "worked" mark).
 */
export function ledgerRoutes(deps: LedgerDeps) {
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
      return c.json({ ...ledger, days: ledger.days.map(({ delayDay: _delayDay, ...d }) => d) });
    })
    .put('/api/jobsites/:id/ledger/:date', jsonBody(markSchema), async (c) =>
      c.json(
        await markLedgerDay(
          tenantOfRequest(c),
          jobsiteIdOf(c),
          c.req.param('date'),
          c.req.valid('json'),
          deps,
        ),
      ),
    );
}
