import { AS_WRITTEN, entityOf, keyStrings, tableIndex } from './entity-kit';

/**
 * What the dispatch needs to know of an account before reading its worker list and suppressed
 * addresses (issue 26): one item per account, read for a batch's accounts in one BatchGetItem.
 * - `workers`: the roster version, +1 in the transaction of every write of one of the account's
 *   worker items; a process keeps an account's list for the version it read it at. Absent: no
 *   worker was written since versions exist (read as 0).
 * - `suppressions`: 'some' is set before the account's first suppressed address is stored; 'none'
 *   is recorded (only while the attribute is absent) by a dispatch that read the list and found it
 *   empty. Absent: unknown (an account stored before this item), so the list is read.
 */
export const accountRosterEntity = entityOf('accountRoster', {
  attributes: {
    ...keyStrings('tenantId'),
    workers: { type: 'number' },
    suppressions: { type: ['some', 'none'] as const },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], [], AS_WRITTEN),
  },
});
