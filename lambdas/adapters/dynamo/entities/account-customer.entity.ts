import { AS_WRITTEN, requiredStrings, entityOf, tableIndex } from './entity-kit';

/** The one Stripe customer of an account (created conditionally: first one wins). */
export const accountCustomerEntity = entityOf('accountCustomer', {
  attributes: {
    ...requiredStrings('userId', 'customerId', 'createdAt'),
  },
  indexes: {
    byUser: tableIndex(['userId'], [], AS_WRITTEN),
  },
});
