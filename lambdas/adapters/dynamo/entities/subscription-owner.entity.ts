import { AS_WRITTEN, requiredStrings, entityOf, tableIndex } from './entity-kit';

/** Which owner a Stripe subscription id belongs to (plan changes check ownership here). */
export const subscriptionOwnerEntity = entityOf('subscriptionOwner', {
  attributes: {
    ...requiredStrings('subscriptionId', 'ownerId'),
  },
  indexes: {
    bySubscription: tableIndex(['subscriptionId'], [], AS_WRITTEN),
  },
});
