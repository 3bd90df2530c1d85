import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

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
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: ['crewId'] },
        },
      },
    },
    config,
  );
}
