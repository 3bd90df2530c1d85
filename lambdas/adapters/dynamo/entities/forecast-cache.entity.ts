import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One grid cell's forecast (DESIGN §4, forecast cache), removed by the table's TTL once stale. */
export function forecastCacheEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'forecastCache', version: '1', service: SERVICE },
      attributes: {
        cacheKey: { type: 'string', required: true },
        /** The forecast as JSON (series as arrays, null where missing): a few KB a cell. */
        payload: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byKey: {
          pk: { field: TABLE_KEYS.pk, composite: ['cacheKey'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    config,
  );
}
