import {
  AS_WRITTEN,
  entityOf,
  EXPIRES,
  gsiIndex,
  keyStrings,
  optionalNumbers,
  optionalStrings,
  requiredNumbers,
  tableIndex,
} from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * One event for one endpoint and its last attempt. Read by id (the worker), and by endpoint newest
 * first on `gsi1` (the settings page's last 50, and the ordering check of a jobsite's events).
 * Kept 30 days (`expiresAt`): long enough to resend, short enough that the table does not grow.
 */
export const webhookDeliveryEntity = entityOf('webhookDelivery', {
  attributes: {
    ...keyStrings('tenantId', 'endpointId', 'deliveryId', 'eventId', 'type', 'body', 'createdAt'),
    status: { type: ['pending', 'succeeded', 'retrying', 'failed'] as const, required: true },
    ...requiredNumbers('attempts'),
    ...optionalStrings('orderingKey', 'lastAttemptAt', 'nextAttemptAt', 'responseExcerpt'),
    ...optionalNumbers('statusCode', 'durationMs'),
    ...EXPIRES,
  },
  indexes: {
    byId: tableIndex(['tenantId', 'endpointId'], ['deliveryId'], AS_WRITTEN),
    byEndpointTime: gsiIndex(
      TABLE_KEYS.gsi1,
      ['tenantId', 'endpointId'],
      ['createdAt', 'deliveryId'],
      AS_WRITTEN,
    ),
  },
});
