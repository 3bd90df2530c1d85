import { AS_WRITTEN, entityOf, keyStrings, optionalStrings, tableIndex } from './entity-kit';

/** One line of the account's support access log: grants, revocations, sessions and each session request. */
export const supportLogEntity = entityOf('supportLog', {
  attributes: {
    ...keyStrings('tenantId', 'at', 'entryId'),
    kind: {
      type: ['granted', 'revoked', 'session-opened', 'request', 'refused-write'] as const,
      required: true,
    },
    actor: { type: 'string', required: true },
    ...optionalStrings('method', 'path'),
  },
  indexes: {
    byAccount: tableIndex(['tenantId'], ['at', 'entryId'], AS_WRITTEN),
  },
});
