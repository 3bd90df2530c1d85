import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * One fixed window of a rate limit (core/limits/rate-limits.ts): how many uses a subject made in
 * it. Written only by a conditional update, removed by the table's TTL.
 */
export function rateWindowEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'rateWindow', version: '1', service: SERVICE },
      attributes: {
        /** `<rule>#<subject>`: the subject is a verified caller's account or user id. */
        limitKey: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'string', required: true, readOnly: true },
        uses: { type: 'number' },
        expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byKey: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['limitKey'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['windowStart'] },
        },
      },
    },
    config,
  );
}
