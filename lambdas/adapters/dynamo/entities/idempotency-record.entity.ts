import { ALWAYS_EXPIRES, keyStrings, entityOf, tableIndex } from './entity-kit';

/**
 * One create request made with an `Idempotency-Key` (contracts §1), under the account's partition:
 * claimed while it runs, then holding the answer a repeat gets. Expires after 24 h (`expiresAt`,
 * TTL; filtered on read, as TTL deletes late).
 */
export const idempotencyRecordEntity = entityOf('idempotencyRecord', {
  attributes: {
    tenantId: { type: 'string', required: true, readOnly: true },
    /** `POST /api/clients`: the key is the caller's per route. */
    scope: { type: 'string', required: true, readOnly: true },
    ...keyStrings('key'),
    /** A hash of what was asked (query and body): the same key with another request is refused. */
    fingerprint: { type: 'string', required: true },
    state: { type: ['running', 'done'] as const, required: true },
    startedAt: { type: 'number', required: true },
    status: { type: 'number' },
    /** The stored response body, gzipped and base64-encoded (an import's answer can be large). */
    body: { type: 'string' },
    contentType: { type: 'string' },
    ...ALWAYS_EXPIRES,
  },
  indexes: {
    // Keys are case-sensitive: `casing: 'none'` keeps `aB` and `Ab` apart.
    byKey: tableIndex(['tenantId'], ['scope', 'key'], { sk: 'none' }),
  },
});
