import { AS_WRITTEN, entityOf, keyStrings, requiredStrings, tableIndex } from './entity-kit';

/** The account's grant of read-only support access (issue 22 §7): one item, until when, who set it. */
export const supportGrantEntity = entityOf('supportGrant', {
  attributes: {
    ...keyStrings('tenantId'),
    /** ISO end of the grant; absent once revoked. */
    until: { type: 'string' },
    ...requiredStrings('updatedBy', 'updatedAt'),
  },
  indexes: {
    byAccount: tableIndex(['tenantId'], [], AS_WRITTEN),
  },
});
