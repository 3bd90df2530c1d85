import { entityOf, gsiIndex, keyStrings, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * An API key of the public API (issue 23). Keyed by the SHA-256 of its secret, so authenticating a
 * call is one strongly consistent write (the token bucket) that also proves the key still exists:
 * a revoked key is a deleted item, refused at once. The account's list reads `gsi1`.
 */
export const apiKeyEntity = entityOf('apiKey', {
  attributes: {
    /** Hex SHA-256 of the secret; the secret itself is never stored. */
    ...keyStrings('secretHash', 'tenantId', 'keyId', 'prefix', 'createdAt', 'createdBy'),
    name: { type: 'string', required: true },
    scopes: { type: 'list', items: { type: 'string' }, required: true },
    lastUsedAt: { type: 'string' },
    /** The token bucket as GCRA's theoretical arrival time (epoch ms), written only conditionally. */
    tat: { type: 'number' },
    /** Calls per UTC day (`YYYY-MM-DD` → count), added to by the bucket's write. */
    callsByDay: { type: 'any' },
  },
  indexes: {
    bySecret: tableIndex(['secretHash'], [], { pk: 'none' }),
    byTenant: gsiIndex(TABLE_KEYS.gsi1, ['tenantId'], ['keyId']),
  },
});
