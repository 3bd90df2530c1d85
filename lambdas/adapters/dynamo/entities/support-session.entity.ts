import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A support session, keyed by the SHA-256 of its token (the token itself is never stored). It ends
 * with the grant it was opened under; `ttl` lets DynamoDB drop it later (reads check `endsAt`).
 */
export function supportSessionEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'supportSession', version: '1', service: SERVICE },
      attributes: {
        tokenHash: { type: 'string', required: true, readOnly: true },
        accountId: { type: 'string', required: true, readOnly: true },
        adminId: { type: 'string', required: true, readOnly: true },
        adminEmail: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        endsAt: { type: 'string', required: true, readOnly: true },
        ttl: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byTokenHash: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tokenHash'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
