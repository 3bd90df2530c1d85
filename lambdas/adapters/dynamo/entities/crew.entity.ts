import { keyStrings, tableEntity } from './entity-kit';
import { byTenantIndex, RECORD_STAMPS, type EntityConfig } from './table';

/** A crew (team) of workers; membership is kept on the worker (`crewIds`). */
export function crewEntity(config: EntityConfig) {
  return tableEntity(
    'crew',
    {
      attributes: {
        ...keyStrings('tenantId', 'crewId'),
        name: { type: 'string', required: true },
        notes: { type: 'string' },
        hourlyRateCents: { type: 'number' },
        ...RECORD_STAMPS,
      },
      indexes: {
        byTenant: byTenantIndex('crewId'),
      },
    },
    config,
  );
}
