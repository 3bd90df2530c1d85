import { createHash, randomUUID } from 'node:crypto';
import { PLANS } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore } from '../caller';
import { ContainerCache } from '../container-cache';
import type { Logger } from '../observability.ports';
import type { Clock } from '../runtime.ports';
import type {
  EventPublisher,
  ProductEvent,
  WebhookDelivery,
  WebhookDeliveryType,
  WebhookEndpoint,
  WebhookQueue,
  WebhookStore,
} from './webhook.ports';

export interface PublishDeps {
  store: WebhookStore;
  queue: WebhookQueue;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  clock: Clock;
  log: Logger;
  /**
   * How long an account's endpoints (and, when it has some, whether its plan has API access) are
   * kept between events: the dispatch raises one event per message sent, so a storm morning would
   * otherwise read them once per message. Absent: read for every event.
   */
  lookupTtlMs?: number;
}

/** A stable event id from what identifies the event, so raising it again (a retried run) is a no-op. */
export function eventIdOf(...parts: string[]): string {
  return `evt_${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}`;
}

/** The delivery of `eventId` to one endpoint: its id is derived, so creating it twice stores one. */
const deliveryIdOf = (endpointId: string, eventId: string) =>
  eventIdOf(endpointId, eventId).replace('evt_', 'dlv_');

/** The `{ id, type, created, data }` body every attempt sends, byte for byte. */
export function eventBody(eventId: string, type: WebhookDeliveryType, created: Date, data: object): string {
  return JSON.stringify({ id: eventId, type, created: created.toISOString(), data });
}

/** Stores one delivery per endpoint and queues its first attempt; a delivery that exists is not queued again. */
export async function enqueueDelivery(
  deps: Pick<PublishDeps, 'store' | 'queue'>,
  endpoint: WebhookEndpoint,
  event: { eventId: string; type: WebhookDeliveryType; body: string; orderingKey: string | null; at: Date },
): Promise<WebhookDelivery> {
  const delivery: WebhookDelivery = {
    tenantId: endpoint.tenantId,
    endpointId: endpoint.id,
    id: deliveryIdOf(endpoint.id, event.eventId),
    eventId: event.eventId,
    type: event.type,
    body: event.body,
    orderingKey: event.orderingKey,
    status: 'pending',
    attempts: 0,
    createdAt: event.at.toISOString(),
    lastAttemptAt: null,
    nextAttemptAt: null,
    statusCode: null,
    durationMs: null,
    responseExcerpt: null,
  };
  if (await deps.store.createDelivery(delivery))
    await deps.queue.enqueue(
      { tenantId: endpoint.tenantId, endpointId: endpoint.id, deliveryId: delivery.id },
      0,
    );
  return delivery;
}

/**
 * The EventPublisher behind every hook: finds the account's enabled endpoints that asked for the
 * event (one key query; none is the common case), checks the plan still includes `apiAccess`, and
 * queues one delivery each. It never throws into what raised the event: a failure is logged.
 */
export function webhookEventPublisher(deps: PublishDeps): EventPublisher {
  const ttl = deps.lookupTtlMs ?? 0;
  const endpointsKept = new ContainerCache<WebhookEndpoint[]>(deps.clock, ttl);
  const apiAccessKept = new ContainerCache<boolean>(deps.clock, ttl);
  const endpointsOf = (tenantId: string) =>
    ttl > 0
      ? endpointsKept.read(tenantId, () => deps.store.listEndpoints(tenantFromStore(tenantId)))
      : deps.store.listEndpoints(tenantFromStore(tenantId));
  const apiAccess = async (tenantId: string) => {
    const subscription = await deps.accounts.getSubscription(tenantId);
    return PLANS[subscription ? effectivePlan(subscription) : 'none'].features.apiAccess;
  };
  return {
    async publish(event: ProductEvent) {
      try {
        const endpoints = (await endpointsOf(event.tenantId)).filter(
          (e) => e.status === 'enabled' && e.events.includes(event.type),
        );
        if (endpoints.length === 0) return;
        const allowed =
          ttl > 0
            ? await apiAccessKept.read(event.tenantId, () => apiAccess(event.tenantId))
            : await apiAccess(event.tenantId);
        if (!allowed) return;
        const at = deps.clock.now();
        const eventId = event.eventId ?? `evt_${randomUUID().replaceAll('-', '')}`;
        const body = eventBody(eventId, event.type, at, event.data);
        const orderingKey = event.jobsiteId ? `jobsite#${event.jobsiteId}` : null;
        await Promise.all(
          endpoints.map((e) =>
            enqueueDelivery(deps, e, { eventId, type: event.type, body, orderingKey, at }),
          ),
        );
      } catch (err) {
        deps.log.error('webhook: an event could not be queued', {
          type: event.type,
          error: (err as Error).message,
        });
      }
    },
  };
}
