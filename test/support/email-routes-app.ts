import { createHttpApp, limitBody, requireCaller } from '../../lambdas/http/kit';
import { emailEventsRoutes } from '../../lambdas/routes/email-events.routes';
import { emailTemplatesRoutes } from '../../lambdas/routes/email-templates.routes';
import { unsubscribeRoutes } from '../../lambdas/routes/unsubscribe.routes';

/**
 * The email routes mounted in the order the API Lambda mounts them: the public unsubscribe and
 * email-event routes first, then the caller check, the body limit and the template routes. The unit
 * tests give it fakes, the integration tests the real adapters.
 */
export function emailRoutesApp(deps: {
  unsubscribe: Parameters<typeof unsubscribeRoutes>[0];
  emailEvents: Parameters<typeof emailEventsRoutes>[0];
  authenticate: Parameters<typeof requireCaller>[0];
  templates: Parameters<typeof emailTemplatesRoutes>[0];
}) {
  const app = createHttpApp();
  app.route('/', unsubscribeRoutes(deps.unsubscribe));
  app.route('/', emailEventsRoutes(deps.emailEvents));
  app.use('/api/*', requireCaller(deps.authenticate));
  app.use('/api/*', limitBody());
  app.route('/', emailTemplatesRoutes(deps.templates));
  return app;
}
