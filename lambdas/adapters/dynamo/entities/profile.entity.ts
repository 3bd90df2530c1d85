import { Entity } from 'electrodb';
import { byUserIndex, metricsIndex, SERVICE, type EntityConfig } from './table';

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
        byUser: byUserIndex(),
        /** Every profile, for the admin metrics (createdAt is optional, so it is not in the key). */
        allForMetrics: metricsIndex('profile', ['userId']),
      },
    },
    config,
  );
}
