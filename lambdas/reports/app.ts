import { createHttpApp, limitBody, requireCaller, type Authenticate } from '../http/kit';
import { DOCUMENT_LINK_PREFIX } from '../core/reports/document-links';
import { reportSchedulesRoutes, type ReportSchedulesRoutesDeps } from '../routes/report-schedules.routes';
import { reportsRoutes, type ReportsRoutesDeps } from '../routes/reports.routes';

export { REPORTS_PREFIX } from '../routes/reports.routes';

/**
 * The reports Lambda's app (issue 25): `/api/reports*`, with the memory and time a PDF needs and
 * pdfkit and fflate in its bundle alone. API Gateway sends exactly these paths here. A signed document
 * link (`/api/reports/documents/{token}`) is public: the token is the authority.
 */
export function createReportsApp(deps: {
  authenticate: Authenticate;
  reports: ReportsRoutesDeps & ReportSchedulesRoutesDeps;
}) {
  const app = createHttpApp();
  app.use('/api/*', async (c, next) =>
    c.req.method === 'GET' && c.req.path.startsWith(DOCUMENT_LINK_PREFIX)
      ? next()
      : requireCaller(deps.authenticate)(c, next),
  );
  app.use('/api/*', limitBody());
  app.route('/', reportSchedulesRoutes(deps.reports));
  app.route('/', reportsRoutes(deps.reports));
  return app;
}
