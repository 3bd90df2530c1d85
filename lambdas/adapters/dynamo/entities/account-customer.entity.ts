import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** The one Stripe customer of an account (created conditionally: first one wins). */
export function accountCustomerEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'accountCustomer', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        customerId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
