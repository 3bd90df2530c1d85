import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** A Stripe customer and whom it belongs to; `userId` absent while it is a guest's. */
export function billingCustomerEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'billingCustomer', version: '1', service: SERVICE },
      attributes: {
        customerId: { type: 'string', required: true },
        /** Lower-cased. */
        email: { type: 'string', required: true },
        userId: { type: 'string' },
        createdAt: { type: 'string', required: true },
        linkedAt: { type: 'string' },
      },
      indexes: {
        byCustomer: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['customerId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
        byEmail: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: ['email'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['customerId'] },
        },
      },
    },
    config,
  );
}
