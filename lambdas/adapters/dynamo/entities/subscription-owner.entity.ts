import { AS_WRITTEN, requiredStrings, tableEntity, tableIndex } from './entity-kit';
import type { EntityConfig } from './table';

/** Which owner a Stripe subscription id belongs to (plan changes check ownership here). */
export function subscriptionOwnerEntity(config: EntityConfig) {
  return tableEntity(
    'subscriptionOwner',
    {
      attributes: {
        ...requiredStrings('subscriptionId', 'ownerId'),
      },
      indexes: {
        bySubscription: tableIndex(['subscriptionId'], [], AS_WRITTEN),
      },
    },
    config,
  );
}
