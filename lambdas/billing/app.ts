import { createHttpApp, limitBody, requireCaller, type Authenticate } from '../http/kit';
import { subscriptionRoutes, type SubscriptionRoutesDeps } from '../routes/subscription.routes';

export { SUBSCRIPTION_ROUTES } from '../routes/subscription.routes';

/**
 * The billing Lambda's app: the signed-in subscription routes (read, plan change, portal), the only
 * routes of `/api/*` besides checkout and the webhook that need Stripe. API Gateway sends exactly
 * these paths here (infra/lambda-entries.ts); everything else under `/api/*` goes to the api Lambda.
 */
export function createBillingApp(deps: { authenticate: Authenticate; billing: SubscriptionRoutesDeps }) {
  const app = createHttpApp();
  app.use('/api/*', requireCaller(deps.authenticate));
  app.use('/api/*', limitBody());
  app.route('/', subscriptionRoutes(deps.billing));
  return app;
}
