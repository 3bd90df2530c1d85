import { ALWAYS_EXPIRES, AS_WRITTEN, requiredStrings, tableEntity, tableIndex } from './entity-kit';
import type { EntityConfig } from './table';

/** A Stripe event already applied (dedupe). Expired receipts are filtered on read, not trusted to TTL. */
export function stripeEventReceiptEntity(config: EntityConfig) {
  return tableEntity(
    'stripeEventReceipt',
    {
      attributes: {
        ...requiredStrings('eventId', 'type', 'receivedAt'),
        /** Epoch seconds (DynamoDB TTL). */
        ...ALWAYS_EXPIRES,
      },
      indexes: {
        byEvent: tableIndex(['eventId'], [], AS_WRITTEN),
      },
    },
    config,
  );
}
