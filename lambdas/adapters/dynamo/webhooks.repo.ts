import type { EntityItem } from 'electrodb';
import type { WebhookEventType } from '../../../shared/webhooks';
import type { TenantId } from '../../core/caller';
import type {
  WebhookDelivery,
  WebhookDeliveryType,
  WebhookEndpoint,
  WebhookStore,
} from '../../core/webhooks/webhook.ports';
import { absentIfNull, nullIfAbsent, pickFields } from '../../../shared/pick-fields';
import { isConditionFailure, writtenUnlessConditionFails } from './conditions';
import { createCounted, deleteCounted, failedItems, type Counted } from './record-guards';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

/** Deliveries are kept this long (a month of history to resend from). */
const DELIVERY_TTL_SECONDS = 30 * 24 * 3600;
/** The ordering check looks this far back: a delivery older than its 24 h back-off is settled. */
const ORDER_LOOKBACK_MS = 26 * 3600 * 1000;

type EndpointItem = EntityItem<RaincheckService['entities']['webhookEndpoint']>;
type DeliveryItem = EntityItem<RaincheckService['entities']['webhookDelivery']>;

/** A delivery's outcome beyond its status and attempts; each is absent until an attempt sets it. */
const OUTCOME_DETAILS = [
  'lastAttemptAt',
  'nextAttemptAt',
  'statusCode',
  'durationMs',
  'responseExcerpt',
] as const;

function endpointOf(item: EndpointItem): WebhookEndpoint {
  return {
    ...pickFields(item, ['tenantId', 'url', 'secret', 'status', 'createdAt']),
    id: item.endpointId,
    events: item.events as WebhookEventType[],
    ...nullIfAbsent(item, ['failingSince', 'disabledAt']),
  };
}

function deliveryOf(item: DeliveryItem): WebhookDelivery {
  return {
    ...pickFields(item, ['tenantId', 'endpointId', 'eventId', 'body', 'status', 'attempts', 'createdAt']),
    id: item.deliveryId,
    type: item.type as WebhookDeliveryType,
    ...nullIfAbsent(item, OUTCOME_DETAILS),
    orderingKey: item.orderingKey ?? null,
  };
}

/** What a delivery stores besides its keys and fixed fields: nulls left out (ElectroDB removes them). */
function outcomeOf(d: WebhookDelivery) {
  return { status: d.status, attempts: d.attempts, ...absentIfNull(d, OUTCOME_DETAILS) };
}

/** Endpoints and deliveries in the one table; the endpoint limit is a counter in the create's transaction. */
export class DynamoWebhookStore implements WebhookStore {
  constructor(private readonly db: RaincheckService) {}

  async createEndpoint(e: WebhookEndpoint, max: number): Promise<boolean> {
    const tenant = e.tenantId as TenantId;
    const item = {
      ...tenantKey(tenant, { endpointId: e.id }),
      ...pickFields(e, ['url', 'events', 'secret', 'status', 'createdAt']),
    };
    const result = await createCounted(this.db, this.counted(tenant), max, ({ webhookEndpoint }) => [
      webhookEndpoint.create(item).commit(),
    ]);
    // The count's item (last) failed: the plan's limit is reached.
    if (failedItems(result).includes(1)) return false;
    if (result.canceled) throw new Error('The webhook endpoint was not stored');
    return true;
  }

  /** The endpoint counter the create and delete transactions condition on (made on first use). */
  private counted(tenant: TenantId): Counted {
    return {
      tenantId: tenant,
      kind: 'webhookEndpoint',
      countNow: async () => (await this.listEndpoints(tenant)).length,
    };
  }

  async listEndpoints(tenant: TenantId): Promise<WebhookEndpoint[]> {
    const { data } = await this.db.entities.webhookEndpoint.query
      .byTenant(tenantKey(tenant))
      .go({ pages: 'all' });
    return data.map(endpointOf);
  }

  async getEndpoint(tenant: TenantId, id: string): Promise<WebhookEndpoint | null> {
    const { data } = await this.db.entities.webhookEndpoint.get(tenantKey(tenant, { endpointId: id })).go();
    return data ? endpointOf(data) : null;
  }

  async deleteEndpoint(tenant: TenantId, id: string): Promise<boolean> {
    if (!(await this.getEndpoint(tenant, id))) return false;
    // False when a parallel delete took it first: nothing was deleted here.
    return deleteCounted(this.db, this.counted(tenant), ({ webhookEndpoint }) => [
      webhookEndpoint
        .delete(tenantKey(tenant, { endpointId: id }))
        .where((a, op) => op.exists(a.url))
        .commit(),
    ]);
  }

  async setEndpointHealth(
    tenant: TenantId,
    id: string,
    health: Pick<WebhookEndpoint, 'failingSince' | 'status' | 'disabledAt'>,
  ): Promise<void> {
    const update = this.db.entities.webhookEndpoint
      .patch(tenantKey(tenant, { endpointId: id }))
      .set({ status: health.status });
    const cleared = (['failingSince', 'disabledAt'] as const).filter((k) => health[k] === null);
    const kept = {
      ...(health.failingSince ? { failingSince: health.failingSince } : {}),
      ...(health.disabledAt ? { disabledAt: health.disabledAt } : {}),
    };
    try {
      await (cleared.length ? update.set(kept).remove(cleared) : update.set(kept)).go();
    } catch (err) {
      // The endpoint was deleted while a delivery to it ran: nothing left to mark.
      if (!isConditionFailure(err)) throw err;
    }
  }

  async createDelivery(d: WebhookDelivery): Promise<boolean> {
    return writtenUnlessConditionFails(() =>
      this.db.entities.webhookDelivery
        .create({
          ...tenantKey(d.tenantId as TenantId, { endpointId: d.endpointId, deliveryId: d.id }),
          eventId: d.eventId,
          type: d.type,
          body: d.body,
          ...(d.orderingKey ? { orderingKey: d.orderingKey } : {}),
          createdAt: d.createdAt,
          expiresAt: Math.floor(Date.parse(d.createdAt) / 1000) + DELIVERY_TTL_SECONDS,
          ...outcomeOf(d),
        })
        .go(),
    );
  }

  async getDelivery(tenant: TenantId, endpointId: string, id: string): Promise<WebhookDelivery | null> {
    const { data } = await this.db.entities.webhookDelivery
      .get(tenantKey(tenant, { endpointId, deliveryId: id }))
      .go({ consistent: true });
    return data ? deliveryOf(data) : null;
  }

  async saveDelivery(d: WebhookDelivery): Promise<void> {
    const cleared = OUTCOME_DETAILS.filter((k) => d[k] === null);
    const update = this.db.entities.webhookDelivery
      .patch(tenantKey(d.tenantId as TenantId, { endpointId: d.endpointId, deliveryId: d.id }))
      .set(outcomeOf(d));
    await (cleared.length ? update.remove(cleared) : update).go();
  }

  async listDeliveries(tenant: TenantId, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    const { data } = await this.db.entities.webhookDelivery.query
      .byEndpointTime(tenantKey(tenant, { endpointId }))
      .go({ order: 'desc', limit });
    return data.map(deliveryOf);
  }

  async hasEarlierOpen(
    tenant: TenantId,
    endpointId: string,
    orderingKey: string,
    before: WebhookDelivery,
  ): Promise<boolean> {
    const from = new Date(Date.parse(before.createdAt) - ORDER_LOOKBACK_MS).toISOString();
    const { data } = await this.db.entities.webhookDelivery.query
      .byEndpointTime(tenantKey(tenant, { endpointId }))
      .between({ createdAt: from }, { createdAt: before.createdAt, deliveryId: before.id })
      .where(
        (a, op) =>
          `${op.eq(a.orderingKey, orderingKey)} AND (${op.eq(a.status, 'pending')} OR ${op.eq(a.status, 'retrying')})`,
      )
      .go({ pages: 'all' });
    return data.some(
      (d) => d.deliveryId !== before.id && (d.createdAt < before.createdAt || d.deliveryId < before.id),
    );
  }
}
