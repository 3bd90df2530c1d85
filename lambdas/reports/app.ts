import { createHttpApp, limitBody, requireCaller, type Authenticate } from '../http/kit';
import { reportsRoutes, type ReportsRoutesDeps } from '../routes/reports.routes';

export { REPORTS_PREFIX } from '../routes/reports.routes';

/**
 * The reports Lambda's app (issue 25): `/api/reports*`, with the memory and time a PDF needs and
 * pdfkit and fflate in its bundle alone. API Gateway sends exactly these paths here.
 */
export function createReportsApp(deps: { authenticate: Authenticate; reports: ReportsRoutesDeps }) {
  const app = createHttpApp();
  app.use('/api/*', requireCaller(deps.authenticate));
  app.use('/api/*', limitBody());
  app.route('/', reportsRoutes(deps.reports));
  return app;
}
