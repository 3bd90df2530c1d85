import { Hono, type Context } from 'hono';
import { webhookInputSchema, WEBHOOK_MESSAGES } from '../../shared/webhooks';
import { NotFoundError } from '../core/errors';
import type { IdempotencyStore } from '../core/records/idempotency.ports';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  sendTestEvent,
  type ManageWebhooksDeps,
} from '../core/webhooks/manage-webhooks';
import { callerOf, idempotent, jsonBody, type AppEnv } from '../http/kit';

export interface WebhooksRoutesDeps extends ManageWebhooksDeps {
  idempotency?: IdempotencyStore;
}

/** Endpoint and delivery ids: a UUID, or `dlv_` + 27 base64url characters; anything else is 404. */
const ENDPOINT_ID = /^[0-9a-f-]{36}$/;
const DELIVERY_ID = /^dlv_[A-Za-z0-9_-]{27}$/;

function idOf(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!ENDPOINT_ID.test(id)) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return id;
}

function deliveryIdOf(c: Context<AppEnv>): string {
  const id = c.req.param('deliveryId') ?? '';
  if (!DELIVERY_ID.test(id)) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  return id;
}

/**
 * `/api/webhooks` (issue 23 §5), Enterprise only (`apiAccess`; 403 naming the plan): endpoints, their
 * deliveries, a test event and a resend. The account is always the verified caller's.
 */
export function webhooksRoutes(deps: WebhooksRoutesDeps) {
  return new Hono<AppEnv>()
    .post('/api/webhooks', jsonBody(webhookInputSchema), idempotent(deps.idempotency), async (c) =>
      c.json(await createWebhook(callerOf(c), c.req.valid('json'), deps), 201),
    )
    .get('/api/webhooks', async (c) => c.json(await listWebhooks(callerOf(c), deps)))
    .delete('/api/webhooks/:id', async (c) => {
      await deleteWebhook(callerOf(c), idOf(c), deps);
      return c.body(null, 204);
    })
    .get('/api/webhooks/:id/deliveries', async (c) =>
      c.json(await listDeliveries(callerOf(c), idOf(c), deps)),
    )
    .post('/api/webhooks/:id/test', async (c) => c.json(await sendTestEvent(callerOf(c), idOf(c), deps), 202))
    .post('/api/webhooks/:id/deliveries/:deliveryId/resend', async (c) =>
      c.json(await resendDelivery(callerOf(c), idOf(c), deliveryIdOf(c), deps), 202),
    );
}
