import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * One event for one endpoint and its last attempt. Read by id (the worker), and by endpoint newest
 * first on `gsi1` (the settings page's last 50, and the ordering check of a jobsite's events).
 * Kept 30 days (`expiresAt`): long enough to resend, short enough that the table does not grow.
 */
export function webhookDeliveryEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'webhookDelivery', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        endpointId: { type: 'string', required: true, readOnly: true },
        deliveryId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        type: { type: 'string', required: true, readOnly: true },
        body: { type: 'string', required: true, readOnly: true },
        orderingKey: { type: 'string' },
        status: { type: ['pending', 'succeeded', 'retrying', 'failed'] as const, required: true },
        attempts: { type: 'number', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        lastAttemptAt: { type: 'string' },
        nextAttemptAt: { type: 'string' },
        statusCode: { type: 'number' },
        durationMs: { type: 'number' },
        responseExcerpt: { type: 'string' },
        expiresAt: { type: 'number', field: TABLE_KEYS.ttl },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId', 'endpointId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['deliveryId'] },
        },
        byEndpointTime: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, casing: 'none', composite: ['tenantId', 'endpointId'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['createdAt', 'deliveryId'] },
        },
      },
    },
    config,
  );
}
