import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A notice link's short code (`/n/<code>` in a text) → the jobsite-day it shows. Written with a
 * condition so two notices never share a code; gone with the notice link (`expiresAt`, TTL, and
 * filtered on read since TTL deletes late).
 */
export function noticeShortCodeEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'noticeShortCode', version: '1', service: SERVICE },
      attributes: {
        code: { type: 'string', required: true, readOnly: true },
        tenantId: { type: 'string', required: true },
        jobsiteId: { type: 'string', required: true },
        workDate: { type: 'string', required: true },
        /** Epoch seconds, as DynamoDB's TTL reads it. */
        expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byCode: {
          // Codes are case-sensitive: `casing: 'none'` keeps `aB` and `Ab` apart.
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['code'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
