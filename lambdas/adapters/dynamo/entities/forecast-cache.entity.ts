import { ALWAYS_EXPIRES, tableEntity, tableIndex } from './entity-kit';
import type { EntityConfig } from './table';

/** One grid cell's forecast (DESIGN §4, forecast cache), removed by the table's TTL once stale. */
export function forecastCacheEntity(config: EntityConfig) {
  return tableEntity(
    'forecastCache',
    {
      attributes: {
        cacheKey: { type: 'string', required: true },
        /** The forecast as JSON (series as arrays, null where missing): a few KB a cell. */
        payload: { type: 'string', required: true },
        ...ALWAYS_EXPIRES,
      },
      indexes: {
        byKey: tableIndex(['cacheKey'], []),
      },
    },
    config,
  );
}
