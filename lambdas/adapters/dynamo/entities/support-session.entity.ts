import { AS_WRITTEN, entityOf, keyStrings, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * A support session, keyed by the SHA-256 of its token (the token itself is never stored). It ends
 * with the grant it was opened under; `ttl` lets DynamoDB drop it later (reads check `endsAt`).
 */
export const supportSessionEntity = entityOf('supportSession', {
  attributes: {
    ...keyStrings('tokenHash', 'accountId', 'adminId', 'adminEmail', 'createdAt', 'endsAt'),
    ttl: { type: 'number', required: true, field: TABLE_KEYS.ttl },
  },
  indexes: {
    byTokenHash: tableIndex(['tokenHash'], [], AS_WRITTEN),
  },
});
