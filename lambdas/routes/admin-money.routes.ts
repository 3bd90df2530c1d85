import { Hono } from 'hono';
import * as z from 'zod';
import { PAID_PLAN_IDS } from '../../shared/plans';
import { SUBSCRIPTION_STATUSES } from '../../shared/subscription';
import { INVOICE_STATES, REPORT_NAMES, type ReportName } from '../../shared/admin-money';
import { NotFoundError } from '../core/errors';
import {
  buildReport,
  getEmailHealth,
  getRevenueSeries,
  listAdminInvoices,
  listAdminSubscriptions,
  type AdminMoneyDeps,
} from '../core/admin/admin-money';
import { pageOf } from '../core/admin/money';
import { queryParams, requireAdmin, type AppEnv } from '../http/kit';
import { builtOnFirstUse } from '../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const paging = /* @__PURE__ */ builtOnFirstUse(() => ({
  page: z.coerce.number().int().min(1, 'Page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size must be at most 100')
    .default(25),
}));

const subscriptionsQuery = /* @__PURE__ */ objectOnFirstUse(() => ({
  ...paging,
  plan: z.enum([...PAID_PLAN_IDS, 'none'], { message: 'Unknown plan' }).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES, { message: 'Unknown status' }).optional(),
}));

const invoicesQuery = /* @__PURE__ */ objectOnFirstUse(() => ({
  ...paging,
  state: z.enum(INVOICE_STATES, { message: 'Unknown invoice state' }).optional(),
}));

/**
 * The admin money routes (definitions in docs/metrics.md), admins only (403 otherwise):
 * `GET /api/admin/revenue` (MRR and paid revenue per month, last 12 months),
 * `GET /api/admin/subscriptions?plan=&status=&page=&pageSize=`, `GET /api/admin/invoices?state=&page=&pageSize=`,
 * `GET /api/admin/email-health` (last 30 days) and `GET /api/admin/reports/{name}.csv`.
 */
export function adminMoneyRoutes(deps: AdminMoneyDeps) {
  const app = new Hono<AppEnv>();
  for (const path of [
    '/api/admin/revenue',
    '/api/admin/subscriptions',
    '/api/admin/invoices',
    '/api/admin/email-health',
    '/api/admin/reports/*',
  ])
    app.use(path, requireAdmin());
  return app
    .get('/api/admin/revenue', async (c) => c.json(await getRevenueSeries(deps)))
    .get('/api/admin/subscriptions', queryParams(subscriptionsQuery), async (c) => {
      const { plan, status, page, pageSize } = c.req.valid('query');
      const rows = (await listAdminSubscriptions(deps)).filter(
        (r) => (!plan || r.plan === plan) && (!status || r.status === status),
      );
      return c.json(pageOf(rows, page, pageSize));
    })
    .get('/api/admin/invoices', queryParams(invoicesQuery), async (c) => {
      const { state, page, pageSize } = c.req.valid('query');
      const rows = (await listAdminInvoices(deps)).filter((r) => !state || r.state === state);
      return c.json(pageOf(rows, page, pageSize));
    })
    .get('/api/admin/email-health', async (c) => c.json(await getEmailHealth(deps)))
    .get('/api/admin/reports/:file', async (c) => {
      const name = c.req.param('file').replace(/\.csv$/, '');
      if (!c.req.param('file').endsWith('.csv') || !REPORT_NAMES.includes(name as ReportName))
        throw new NotFoundError(`No report named ${c.req.param('file').slice(0, 40)}`);
      const csv = await buildReport(deps, name as ReportName);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="raincheck-${name}-${day}.csv"`,
      });
    });
}
