import { runRequestSchema } from '../../shared/admin-schemas';
import { Hono, type Context } from 'hono';
import {
  DOCUMENT_GONE_MESSAGE,
  DOCUMENT_LINK_INVALID_MESSAGE,
  reportScheduleInputSchema,
} from '../../shared/report-schedules';
import { GoneError, NotFoundError } from '../core/errors';
import { DOCUMENT_LINK_PREFIX, type DocumentLinks } from '../core/reports/document-links';
import {
  downloadDocument,
  keptDocument,
  putSchedule,
  removeSchedule,
  runReportSchedules,
  scheduleView,
  type ReportSchedulesDeps,
} from '../core/reports/report-schedules';
import { callerOf, jsonBody, requireAdmin, type AppEnv } from '../http/kit';

export interface ReportSchedulesRoutesDeps extends ReportSchedulesDeps {
  links: DocumentLinks;
}

const REPORT_ID = /^[0-9a-f-]{36}$/;
const PERIOD_KEY = /^\d{4}-(W\d{2}|\d{2})$/;
function idOf(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!REPORT_ID.test(id)) throw new NotFoundError('Report not found');
  return id;
}

const pdfAnswer = (c: Context<AppEnv>, doc: { bytes: Uint8Array; fileName: string }) =>
  c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${doc.fileName}"`,
    'cache-control': 'private, no-store',
  });

/**
 * Report schedules (issue 25 §6): `PUT /api/reports/{id}/schedule` `{ cadence, to }` creates or replaces
 * the report's one schedule, `GET` answers it with the send history, `DELETE` stops it;
 * `GET /api/reports/{id}/documents/{period}` downloads a kept document (410 after 90 days);
 * `GET /api/reports/documents/{token}` is the public signed link of a document too large to attach;
 * `POST /api/reports/schedules/run` `{ at? }` runs the scheduled job now (admins).
 */
export function reportSchedulesRoutes(deps: ReportSchedulesRoutesDeps) {
  return new Hono<AppEnv>()
    .get(`${DOCUMENT_LINK_PREFIX}:token`, async (c) => {
      const doc = deps.links.open(c.req.param('token'), deps.ledger.clock.now());
      if (doc === 'invalid') throw new NotFoundError(DOCUMENT_LINK_INVALID_MESSAGE);
      if (doc === 'expired') throw new GoneError(DOCUMENT_GONE_MESSAGE);
      return pdfAnswer(c, await keptDocument(doc.tenant, doc.reportId, doc.periodKey, deps));
    })
    .post('/api/reports/schedules/run', requireAdmin(), jsonBody(runRequestSchema), async (c) => {
      const { at } = c.req.valid('json');
      return c.json(await runReportSchedules(deps, { at: at ? new Date(at) : undefined }));
    })
    .put('/api/reports/:id/schedule', jsonBody(reportScheduleInputSchema), async (c) =>
      c.json(await putSchedule(callerOf(c), idOf(c), c.req.valid('json'), deps)),
    )
    .get('/api/reports/:id/schedule', async (c) => c.json(await scheduleView(callerOf(c), idOf(c), deps)))
    .delete('/api/reports/:id/schedule', async (c) => {
      await removeSchedule(callerOf(c), idOf(c), deps);
      return c.body(null, 204);
    })
    .get('/api/reports/:id/documents/:period', async (c) => {
      const period = c.req.param('period');
      if (!PERIOD_KEY.test(period)) throw new NotFoundError('No document was sent for this period');
      return pdfAnswer(c, await downloadDocument(callerOf(c), idOf(c), period, deps));
    });
}
