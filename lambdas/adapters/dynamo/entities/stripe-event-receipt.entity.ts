import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** A Stripe event already applied (dedupe). Expired receipts are filtered on read, not trusted to TTL. */
export function stripeEventReceiptEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'stripeEventReceipt', version: '1', service: SERVICE },
      attributes: {
        eventId: { type: 'string', required: true },
        type: { type: 'string', required: true },
        receivedAt: { type: 'string', required: true },
        /** Epoch seconds (DynamoDB TTL). */
        expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byEvent: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['eventId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
