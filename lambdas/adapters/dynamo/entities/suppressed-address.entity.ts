import { entityOf, tableIndex } from './entity-kit';

/**
 * One address an account must not mail any more (issue 19.4): kept per address, not per worker, so
 * an unsubscribe, bounce or complaint holds whatever record the address sits on now or later.
 * The first reason stays (a later bounce does not rewrite an unsubscribe).
 */
export const suppressedAddressEntity = entityOf('suppressedAddress', {
  attributes: {
    tenantId: { type: 'string', required: true, readOnly: true },
    /** Lower-cased. */
    email: { type: 'string', required: true, readOnly: true },
    reason: { type: ['unsubscribed', 'bounced', 'complained'] as const, required: true },
    at: { type: 'string', required: true },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], ['email'], { sk: 'none' }),
  },
});
