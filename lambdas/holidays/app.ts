import { createHttpApp, limitBody, requireCaller, type Authenticate } from '../http/kit';
import type { HolidayCalendarDeps } from '../core/holidays/holiday-calendar';
import { holidayRoutes } from '../routes/holidays.routes';

export { HOLIDAY_ROUTES } from '../routes/holidays.routes';

/**
 * The holidays Lambda's app: the account's holiday calendar, the only routes that compute holidays
 * (date-holidays and its 200-country data stay out of the api and dispatch bundles, which read the
 * dates stored with the calendar). API Gateway sends exactly these paths here.
 */
export function createHolidaysApp(deps: { authenticate: Authenticate; holidays: HolidayCalendarDeps }) {
  const app = createHttpApp();
  app.use('/api/*', requireCaller(deps.authenticate));
  app.use('/api/*', limitBody());
  app.route('/', holidayRoutes(deps.holidays));
  return app;
}
