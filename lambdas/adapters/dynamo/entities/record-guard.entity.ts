import { keyStrings, entityOf, tableIndex } from './entity-kit';

/**
 * The items that make a tenant's limits and uniqueness rules hold under parallel requests: written
 * in the same transaction as the record, with a condition, so two requests cannot both pass.
 * - `count#<kind>`: how many records of a plan-limited kind the account has (`count`).
 * - `useCount#<client|crew>#<id>`: the jobsites using a client or crew (`count`), a crew's workers
 *   (`members`); see use-counts.ts.
 * - `<rule>#<value>` (e.g. `workerEmail#ann@example.com`): the one record (`ownerId`) that holds a
 *   unique value.
 */
export const recordGuardEntity = entityOf('recordGuard', {
  attributes: {
    ...keyStrings('tenantId', 'guard'),
    count: { type: 'number' },
    /** A crew's use count: the workers in it (`count` is the jobsites naming it). */
    members: { type: 'number' },
    ownerId: { type: 'string' },
    /** A lease's expiry (ISO instant): the guard is free again once it has passed. */
    leaseUntil: { type: 'string' },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], ['guard'], { sk: 'none' }),
  },
});
