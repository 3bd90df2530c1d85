import {
  AS_WRITTEN,
  entityOf,
  gsiIndex,
  keyStrings,
  optionalStrings,
  requiredStrings,
  tableIndex,
} from './entity-kit';
import { SUPPORT_STATUSES } from '../../../../shared/support';
import { TABLE_KEYS } from './table';

/**
 * A customer's support request (issue 22 §5), in the account's partition. Two more ways in for the
 * admins: the queue (`gsi1`: one partition for requests not closed, one for closed ones, by age) and
 * the request's id alone (`gsi2`), since an admin's route names a request without its account.
 */
export const supportRequestEntity = entityOf('supportRequest', {
  attributes: {
    ...keyStrings('tenantId', 'requestId'),
    ...requiredStrings('email', 'subject', 'body', 'page', 'updatedAt'),
    ...optionalStrings('company', 'assignee', 'firstResponseAt'),
    plan: { type: ['none', 'basic', 'premium', 'enterprise'] as const, required: true },
    status: { type: SUPPORT_STATUSES, required: true },
    /** `open` (new, or the customer wrote last) and `answered` share the open queue; `closed` has its own. */
    queue: { type: ['open', 'closed'] as const, required: true },
    /** The queue's sort key: set once at creation (repeated on writes that move the queue partition). */
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byAccount: tableIndex(['tenantId'], ['requestId'], AS_WRITTEN),
    byQueue: gsiIndex(TABLE_KEYS.gsi1, ['queue'], ['createdAt', 'requestId'], AS_WRITTEN),
    byId: gsiIndex(TABLE_KEYS.gsi2, ['requestId'], [], AS_WRITTEN),
  },
});
