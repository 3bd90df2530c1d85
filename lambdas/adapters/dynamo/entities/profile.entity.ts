import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, metricsPartition, type EntityConfig } from './table';

/** The account owner's profile, one per account. */
export function profileEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'profile', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        name: { type: 'string' },
        company: { type: 'string' },
        units: { type: ['us', 'metric'] as const, required: true, default: 'us' },
        /** Quiet hours (shared/quiet-hours): off until set; start and end are kept while off. */
        quietEnabled: { type: 'boolean' },
        quietStart: { type: 'string' },
        quietEnd: { type: 'string' },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEYS.pk, composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
        /** Every profile, for the admin metrics (createdAt is optional, so it is not in the key). */
        allForMetrics: {
          index: TABLE_KEYS.gsi2.name,
          pk: metricsPartition('profile'),
          sk: { field: TABLE_KEYS.gsi2.sk, casing: 'none', composite: ['userId'] },
        },
      },
    },
    config,
  );
}
