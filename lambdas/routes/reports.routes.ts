import { Hono, type Context } from 'hono';
import { reportFileName, reportInputSchema } from '../../shared/reports';
import { NotFoundError } from '../core/errors';
import type { IdempotencyStore } from '../core/records/idempotency.ports';
import { createReport, getReport, listReports, reportData, type ReportsDeps } from '../core/reports/reports';
import type { ReportRenderer } from '../core/reports/reports.ports';
import { callerOf, idempotent, jsonBody, type AppEnv } from '../http/kit';

export interface ReportsRoutesDeps extends ReportsDeps {
  renderer: ReportRenderer;
  idempotency?: IdempotencyStore;
}

/** The paths the reports Lambda owns (infra/lambda-entries.ts; the local server mounts it at the same). */
export const REPORTS_PREFIX = '/api/reports';

const REPORT_ID = /^[0-9a-f-]{36}$/;
function idOf(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!REPORT_ID.test(id)) throw new NotFoundError('Report not found');
  return id;
}

const fileName = (title: string, ext: string) => reportFileName(title, `.${ext}`);

/**
 * Custom reports (issue 25 §4–5; Premium and Enterprise): `POST /api/reports` saves a definition
 * (201 `{ id }`), `POST /api/reports/preview` answers an unsaved definition's figures (the live
 * preview), `GET /api/reports/{id}` its definition, `…/data` its figures, `…/pdf` the PDF and
 * `…/csv.zip` the CSV bundle. Figures always come from the ledger's own computation.
 */
export function reportsRoutes(deps: ReportsRoutesDeps) {
  return new Hono<AppEnv>()
    .post('/api/reports', jsonBody(reportInputSchema), idempotent(deps.idempotency), async (c) =>
      c.json(await createReport(callerOf(c), c.req.valid('json'), deps), 201),
    )
    .get('/api/reports', async (c) => c.json({ reports: await listReports(callerOf(c), deps) }))
    .post('/api/reports/preview', jsonBody(reportInputSchema), async (c) =>
      c.json(await reportData(callerOf(c), c.req.valid('json'), deps)),
    )
    .get('/api/reports/:id', async (c) => c.json(await getReport(callerOf(c), idOf(c), deps)))
    .get('/api/reports/:id/data', async (c) => {
      const report = await getReport(callerOf(c), idOf(c), deps);
      return c.json(await reportData(callerOf(c), report, deps));
    })
    .get('/api/reports/:id/pdf', async (c) => {
      const report = await getReport(callerOf(c), idOf(c), deps);
      const pdf = await deps.renderer.pdf(await reportData(callerOf(c), report, deps));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName(report.title, 'pdf')}"`,
        'cache-control': 'no-store',
      });
    })
    .get('/api/reports/:id/csv.zip', async (c) => {
      const report = await getReport(callerOf(c), idOf(c), deps);
      const zip = await deps.renderer.csvZip(await reportData(callerOf(c), report, deps));
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${fileName(report.title, 'zip')}"`,
        'cache-control': 'no-store',
      });
    });
}
