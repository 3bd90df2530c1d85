import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../../shared/webhooks';
import type { TenantId } from '../caller';

/** An account's endpoint as stored: the view plus the signing secret the deliveries are signed with. */
export interface WebhookEndpoint extends WebhookEndpointView {
  tenantId: string;
  secret: string;
}

export type WebhookDeliveryType = WebhookDeliveryView['type'];

/** One event for one endpoint: the exact body sent on every attempt, and the last attempt's outcome. */
export interface WebhookDelivery extends WebhookDeliveryView {
  tenantId: string;
  endpointId: string;
  /** The JSON body `{ id, type, created, data }`, byte for byte what every attempt signs and sends. */
  body: string;
  /** Deliveries with the same key (a jobsite's) reach an endpoint in the order they were raised. */
  orderingKey: string | null;
}

export interface WebhookStore {
  /** Stores a new endpoint while the account has fewer than `max`; false at the limit (race-safe). */
  createEndpoint(endpoint: WebhookEndpoint, max: number): Promise<boolean>;
  listEndpoints(tenant: TenantId): Promise<WebhookEndpoint[]>;
  getEndpoint(tenant: TenantId, id: string): Promise<WebhookEndpoint | null>;
  /** False when there was nothing to delete. */
  deleteEndpoint(tenant: TenantId, id: string): Promise<boolean>;
  /** The endpoint's health after an attempt: failing since when, or disabled. */
  setEndpointHealth(
    tenant: TenantId,
    id: string,
    health: Pick<WebhookEndpoint, 'failingSince' | 'status' | 'disabledAt'>,
  ): Promise<void>;
  /** Stores a delivery unless one with its id exists (an event raised twice is delivered once). */
  createDelivery(delivery: WebhookDelivery): Promise<boolean>;
  getDelivery(tenant: TenantId, endpointId: string, id: string): Promise<WebhookDelivery | null>;
  /** Writes an attempt's outcome. */
  saveDelivery(delivery: WebhookDelivery): Promise<void>;
  /** The endpoint's latest deliveries, newest first. */
  listDeliveries(tenant: TenantId, endpointId: string, limit: number): Promise<WebhookDelivery[]>;
  /** Whether a delivery with `orderingKey` raised before `before` still waits (pending or retrying). */
  hasEarlierOpen(
    tenant: TenantId,
    endpointId: string,
    orderingKey: string,
    before: WebhookDelivery,
  ): Promise<boolean>;
}

/** A delivery to attempt, now or after `delaySeconds`. */
export interface DeliveryJob {
  tenantId: string;
  endpointId: string;
  deliveryId: string;
}

/** SQS in AWS (the `webhook-delivery` Lambda consumes it); timers in the local stack's process. */
export interface WebhookQueue {
  enqueue(job: DeliveryJob, delaySeconds: number): Promise<void>;
}

export interface WebhookResponse {
  statusCode: number;
  durationMs: number;
  body: string;
}

/** One POST to a receiver: no redirects followed, a timeout, private addresses refused. */
export interface WebhookTransport {
  post(url: URL, headers: Record<string, string>, body: string): Promise<WebhookResponse>;
}

/**
 * Where product events are raised (issue 23 §6). Callers hand the event and move on: publishing
 * never fails what raised it (a failure is logged), and the same `eventId` raised twice (a retried
 * run) is delivered once.
 */
export interface EventPublisher {
  publish(event: ProductEvent): Promise<void>;
}

export interface ProductEvent {
  tenantId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** A stable id when the same event may be raised again (a retried dispatch); else one is made. */
  eventId?: string;
  /** Events of one jobsite reach each endpoint in the order they were raised. */
  jobsiteId?: string;
}

/** An event publisher that drops everything: where webhooks are not wired (unit tests, some Lambdas). */
export const noEvents: EventPublisher = { publish: async () => undefined };
