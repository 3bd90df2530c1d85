import { ALWAYS_EXPIRES, AS_WRITTEN, requiredStrings, entityOf, tableIndex } from './entity-kit';

/** A Stripe event already applied (dedupe). Expired receipts are filtered on read, not trusted to TTL. */
export const stripeEventReceiptEntity = entityOf('stripeEventReceipt', {
  attributes: {
    ...requiredStrings('eventId', 'type', 'receivedAt'),
    /** Epoch seconds (DynamoDB TTL). */
    ...ALWAYS_EXPIRES,
  },
  indexes: {
    byEvent: tableIndex(['eventId'], [], AS_WRITTEN),
  },
});
