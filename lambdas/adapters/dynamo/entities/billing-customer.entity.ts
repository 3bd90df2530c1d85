import { AS_WRITTEN, optionalStrings, gsiIndex, entityOf, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/** A Stripe customer and whom it belongs to; `userId` absent while it is a guest's. */
export const billingCustomerEntity = entityOf('billingCustomer', {
  attributes: {
    customerId: { type: 'string', required: true },
    /** Lower-cased. */
    email: { type: 'string', required: true },
    ...optionalStrings('userId', 'linkedAt'),
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byCustomer: tableIndex(['customerId'], [], AS_WRITTEN),
    byEmail: gsiIndex(TABLE_KEYS.gsi1, ['email'], ['customerId'], { sk: 'none' }),
  },
});
