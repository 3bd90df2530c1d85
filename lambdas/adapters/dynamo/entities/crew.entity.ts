import { Entity } from 'electrodb';
import { byTenantIndex, RECORD_STAMPS, SERVICE, type EntityConfig } from './table';

/** A crew (team) of workers; membership is kept on the worker (`crewIds`). */
export function crewEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'crew', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        crewId: { type: 'string', required: true, readOnly: true },
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
