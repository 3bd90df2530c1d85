import { AS_WRITTEN, requiredStrings, tableEntity, tableIndex } from './entity-kit';
import type { EntityConfig } from './table';

/** The one Stripe customer of an account (created conditionally: first one wins). */
export function accountCustomerEntity(config: EntityConfig) {
  return tableEntity(
    'accountCustomer',
    {
      attributes: {
        ...requiredStrings('userId', 'customerId', 'createdAt'),
      },
      indexes: {
        byUser: tableIndex(['userId'], [], AS_WRITTEN),
      },
    },
    config,
  );
}
