import {
  AS_WRITTEN,
  EXPIRES,
  entityOf,
  gsiIndex,
  keyStrings,
  optionalNumbers,
  optionalStrings,
  requiredNumbers,
  requiredStrings,
  tableIndex,
} from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * A report's schedule (issue 25 §6), one per report under the tenant's partition, so any number of
 * parallel PUTs leave one. `gsi2` by cadence: the scheduled job reads every schedule with one query
 * per cadence, never a scan.
 */
export const reportScheduleEntity = entityOf('reportSchedule', {
  attributes: {
    ...keyStrings('tenantId', 'reportId'),
    ...requiredStrings('cadence', 'timezone', 'updatedAt'),
    to: { type: 'list', items: { type: 'string' }, required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byReport: tableIndex(['tenantId'], ['reportId'], AS_WRITTEN),
    byCadence: gsiIndex(TABLE_KEYS.gsi2, ['cadence'], ['tenantId', 'reportId'], AS_WRITTEN),
  },
});

/**
 * One scheduled email of a report for one period: created with `attribute_not_exists` before anything
 * is rendered or sent (the claim that makes it once per period), then marked sent or failed. A failed
 * one is taken over by the next run with a condition on its attempt count.
 */
export const reportSendEntity = entityOf('reportSend', {
  attributes: {
    ...keyStrings('tenantId', 'reportId', 'periodKey'),
    ...requiredStrings('periodFrom', 'periodTo', 'periodLabel', 'status', 'claimedAt'),
    recipients: { type: 'list', items: { type: 'string' }, required: true },
    ...requiredNumbers('attempts'),
    ...optionalStrings('delivery', 'documentKey', 'documentExpiresAt', 'sentAt', 'error', 'messageId'),
    ...optionalNumbers('bytes'),
    ...EXPIRES,
  },
  indexes: {
    byReport: tableIndex(['tenantId'], ['reportId', 'periodKey'], AS_WRITTEN),
  },
});
