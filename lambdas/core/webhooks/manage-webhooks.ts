import { randomUUID } from 'node:crypto';
import { PLANS } from '../../../shared/plans';
import { planRefusal } from '../../../shared/plan-refusal';
import { effectivePlan } from '../../../shared/subscription';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_MESSAGES,
  type WebhookCreated,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookInput,
} from '../../../shared/webhooks';
import type { AccountRepo } from '../account/account.ports';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { Clock } from '../runtime.ports';
import { eventBody, enqueueDelivery } from './publish-event';
import { assertWebhookUrl, type WebhookUrlPolicy } from './webhook-addresses';
import { newSigningSecret } from './webhook-signature';
import type { WebhookDelivery, WebhookEndpoint, WebhookQueue, WebhookStore } from './webhook.ports';

export interface ManageWebhooksDeps {
  store: WebhookStore;
  queue: WebhookQueue;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  clock: Clock;
  policy: WebhookUrlPolicy;
}

/** Webhooks are part of `apiAccess` (Enterprise): other plans get 403 naming their plan. */
async function enterpriseTenant(caller: Caller, deps: ManageWebhooksDeps): Promise<TenantId> {
  const tenant = tenantOf(caller);
  const subscription = await deps.accounts.getSubscription(tenant);
  const plan = subscription ? effectivePlan(subscription) : 'none';
  if (!PLANS[plan].features.apiAccess) throw new ForbiddenError(planRefusal('apiAccess', plan));
  return tenant;
}

function viewOf(e: WebhookEndpoint): WebhookEndpointView {
  const { tenantId: _t, secret: _s, ...view } = e;
  return view;
}

export function deliveryView(d: WebhookDelivery): WebhookDeliveryView {
  const { tenantId: _t, endpointId: _e, body: _b, orderingKey: _o, ...view } = d;
  return view;
}

async function endpointOf(tenant: TenantId, id: string, deps: ManageWebhooksDeps): Promise<WebhookEndpoint> {
  const endpoint = await deps.store.getEndpoint(tenant, id);
  if (!endpoint) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return endpoint;
}

/** The caller's endpoint `id` and its tenant, for an action a disabled endpoint refuses (409). */
async function enabledEndpointOf(caller: Caller, id: string, deps: ManageWebhooksDeps) {
  const tenant = await enterpriseTenant(caller, deps);
  const endpoint = await endpointOf(tenant, id, deps);
  if (endpoint.status === 'disabled') throw new ConflictError(WEBHOOK_MESSAGES.disabled);
  return { tenant, endpoint };
}

/** `POST /api/webhooks`: the URL checked against the address rules, the secret made and shown once. */
export async function createWebhook(
  caller: Caller,
  input: WebhookInput,
  deps: ManageWebhooksDeps,
): Promise<WebhookCreated> {
  const tenant = await enterpriseTenant(caller, deps);
  const url = assertWebhookUrl(input.url, deps.policy);
  const endpoint: WebhookEndpoint = {
    tenantId: tenant,
    id: randomUUID(),
    url: url.href,
    events: input.events,
    secret: newSigningSecret(),
    status: 'enabled',
    createdAt: deps.clock.now().toISOString(),
    failingSince: null,
    disabledAt: null,
  };
  if (!(await deps.store.createEndpoint(endpoint, MAX_WEBHOOK_ENDPOINTS)))
    throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
  return { ...viewOf(endpoint), secret: endpoint.secret };
}

export async function listWebhooks(caller: Caller, deps: ManageWebhooksDeps) {
  const tenant = await enterpriseTenant(caller, deps);
  const items = await deps.store.listEndpoints(tenant);
  return { items: items.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(viewOf) };
}

export async function deleteWebhook(caller: Caller, id: string, deps: ManageWebhooksDeps): Promise<void> {
  const tenant = await enterpriseTenant(caller, deps);
  if (!(await deps.store.deleteEndpoint(tenant, id))) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
}

export async function listDeliveries(caller: Caller, id: string, deps: ManageWebhooksDeps) {
  const tenant = await enterpriseTenant(caller, deps);
  const endpoint = await endpointOf(tenant, id, deps);
  const items = await deps.store.listDeliveries(tenant, endpoint.id, WEBHOOK_DELIVERIES_SHOWN);
  return { items: items.map(deliveryView) };
}

/** `POST /api/webhooks/{id}/test`: a `webhook.test` event through the same queue, signer and worker. */
export async function sendTestEvent(
  caller: Caller,
  id: string,
  deps: ManageWebhooksDeps,
): Promise<WebhookDeliveryView> {
  const { endpoint } = await enabledEndpointOf(caller, id, deps);
  const at = deps.clock.now();
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const body = eventBody(eventId, 'webhook.test', at, {
    endpointId: endpoint.id,
    message: 'A test event from Raincheck',
  });
  return deliveryView(
    await enqueueDelivery(deps, endpoint, { eventId, type: 'webhook.test', body, orderingKey: null, at }),
  );
}

/**
 * `POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`: the same event (same id and body, so a
 * receiver that already has it can drop it), attempted again now with the back-off started over.
 */
export async function resendDelivery(
  caller: Caller,
  id: string,
  deliveryId: string,
  deps: ManageWebhooksDeps,
): Promise<WebhookDeliveryView> {
  const { tenant, endpoint } = await enabledEndpointOf(caller, id, deps);
  const delivery = await deps.store.getDelivery(tenant, endpoint.id, deliveryId);
  if (!delivery) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  const again: WebhookDelivery = { ...delivery, status: 'pending', attempts: 0, nextAttemptAt: null };
  await deps.store.saveDelivery(again);
  await deps.queue.enqueue({ tenantId: tenant, endpointId: endpoint.id, deliveryId: delivery.id }, 0);
  return deliveryView(again);
}
