import { AS_WRITTEN, entityOf, keyStrings, requiredStrings, tableIndex } from './entity-kit';

/** One message of a support thread (the customer's or support's), in the account's partition, in order. */
export const supportMessageEntity = entityOf('supportMessage', {
  attributes: {
    ...keyStrings('tenantId', 'requestId', 'messageId', 'at'),
    author: { type: ['customer', 'support'] as const, required: true },
    ...requiredStrings('authorEmail', 'body'),
  },
  indexes: {
    byThread: tableIndex(['tenantId'], ['requestId', 'at', 'messageId'], AS_WRITTEN),
  },
});
