import { ALWAYS_EXPIRES, AS_WRITTEN, entityOf, keyStrings, requiredStrings, tableIndex } from './entity-kit';

/**
 * A notice link's short code (`/n/<code>` in a text) → the jobsite-day it shows. Written with a
 * condition so two notices never share a code; gone with the notice link (`expiresAt`, TTL, and
 * filtered on read since TTL deletes late).
 */
export const noticeShortCodeEntity = entityOf('noticeShortCode', {
  attributes: {
    ...keyStrings('code'),
    ...requiredStrings('tenantId', 'jobsiteId', 'workDate'),
    ...ALWAYS_EXPIRES,
  },
  indexes: {
    // Codes are case-sensitive: as written keeps `aB` and `Ab` apart.
    byCode: tableIndex(['code'], [], AS_WRITTEN),
  },
});
