import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * An API key of the public API (issue 23). Keyed by the SHA-256 of its secret, so authenticating a
 * call is one strongly consistent write (the token bucket) that also proves the key still exists:
 * a revoked key is a deleted item, refused at once. The account's list reads `gsi1`.
 */
export function apiKeyEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'apiKey', version: '1', service: SERVICE },
      attributes: {
        /** Hex SHA-256 of the secret; the secret itself is never stored. */
        secretHash: { type: 'string', required: true, readOnly: true },
        tenantId: { type: 'string', required: true, readOnly: true },
        keyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        prefix: { type: 'string', required: true, readOnly: true },
        scopes: { type: 'list', items: { type: 'string' }, required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        createdBy: { type: 'string', required: true, readOnly: true },
        lastUsedAt: { type: 'string' },
        /** The token bucket as GCRA's theoretical arrival time (epoch ms), written only conditionally. */
        tat: { type: 'number' },
        /** Calls per UTC day (`YYYY-MM-DD` → count), added to by the bucket's write. */
        callsByDay: { type: 'any' },
      },
      indexes: {
        bySecret: {
          pk: { field: TABLE_KEYS.pk, composite: ['secretHash'], casing: 'none' },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
        byTenant: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.gsi1.sk, composite: ['keyId'] },
        },
      },
    },
    config,
  );
}
