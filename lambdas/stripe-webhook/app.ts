import { Hono } from 'hono';
import { stripeWebhookRoutes, webhookLogger, type WebhookDeps } from '../routes/stripe-webhook.routes';
import type { AppEnv } from '../http/kit';

export { WEBHOOK_PATH, type WebhookDeps } from '../routes/stripe-webhook.routes';

/**
 * The webhook Lambda's app. Its failures are not the API's domain errors: whatever fails, Stripe
 * gets a 500 with nothing written and delivers the event again, so it keeps its own error handler.
 */
export function createWebhookApp(deps: WebhookDeps) {
  const log = webhookLogger(deps);
  const app = new Hono<AppEnv>();
  app.route('/', stripeWebhookRoutes(deps));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    log('error', 'Stripe event failed; Stripe will retry', { error: String(err) });
    return c.json({ error: 'Event not applied' }, 500);
  });
  return app;
}
