import { ALWAYS_EXPIRES, entityOf, tableIndex } from './entity-kit';

/** One grid cell's forecast (DESIGN §4, forecast cache), removed by the table's TTL once stale. */
export const forecastCacheEntity = entityOf('forecastCache', {
  attributes: {
    cacheKey: { type: 'string', required: true },
    /** The forecast as JSON (series as arrays, null where missing): a few KB a cell. */
    payload: { type: 'string', required: true },
    ...ALWAYS_EXPIRES,
  },
  indexes: {
    byKey: tableIndex(['cacheKey'], []),
  },
});
