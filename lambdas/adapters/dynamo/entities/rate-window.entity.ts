import { ALWAYS_EXPIRES, AS_WRITTEN, keyStrings, entityOf, tableIndex } from './entity-kit';

/**
 * One fixed window of a rate limit (core/limits/rate-limits.ts): how many uses a subject made in
 * it. Written only by a conditional update, removed by the table's TTL.
 */
export const rateWindowEntity = entityOf('rateWindow', {
  attributes: {
    /** `<rule>#<subject>`: the subject is a verified caller's account or user id. */
    limitKey: { type: 'string', required: true, readOnly: true },
    ...keyStrings('windowStart'),
    uses: { type: 'number' },
    ...ALWAYS_EXPIRES,
  },
  indexes: {
    byKey: tableIndex(['limitKey'], ['windowStart'], AS_WRITTEN),
  },
});
