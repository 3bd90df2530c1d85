import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** Which owner a Stripe subscription id belongs to (plan changes check ownership here). */
export function subscriptionOwnerEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'subscriptionOwner', version: '1', service: SERVICE },
      attributes: {
        subscriptionId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
      },
      indexes: {
        bySubscription: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['subscriptionId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
