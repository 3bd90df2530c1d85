import { AS_WRITTEN, gsiIndex, keyStrings, requiredStrings, entityOf, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * A foreman's confirmation request (issue 21 §5–6), one per delay message that asked them, kept as the
 * weather-day evidence (no expiry). Three ways in: by jobsite and day (the tenant's partition: the
 * jobsite page, the evidence page), by foreman (`gsi1`: an SMS reply answers the latest open one), and
 * by due time (`gsi2`, partitioned by the UTC day the escalation falls due: each dispatch run's sweep).
 */
export const confirmationRequestEntity = entityOf('confirmationRequest', {
  attributes: {
    ...keyStrings('tenantId', 'jobsiteId', 'workDate', 'messageKey'),
    jobsiteName: { type: 'string', required: true },
    timezone: { type: 'string', required: true },
    verdict: { type: ['none', 'partial', 'full'] as const, required: true },
    ...requiredStrings('foremanWorkerId', 'foremanName', 'foremanEmail'),
    lifeSafety: { type: 'boolean', required: true },
    ...requiredStrings('requestedAt', 'dueAt'),
    /** The UTC date of `dueAt`: the due-time index's partition. */
    dueDay: { type: 'string', required: true },
    /** When the link stops working (the end of the working day); not a TTL: the answer is evidence. */
    linkExpiresAt: { type: 'string', required: true },
    answer: { type: ['stood-down', 'working'] as const },
    answeredAt: { type: 'string' },
    answeredVia: { type: ['email', 'sms'] as const },
    escalatedAt: { type: 'string' },
    escalatedTo: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    byJobsiteDay: tableIndex(['tenantId'], ['jobsiteId', 'workDate', 'messageKey'], AS_WRITTEN),
    byForeman: gsiIndex(
      TABLE_KEYS.gsi1,
      ['tenantId', 'foremanWorkerId'],
      ['requestedAt', 'jobsiteId', 'workDate'],
      AS_WRITTEN,
    ),
    byDueTime: gsiIndex(
      TABLE_KEYS.gsi2,
      ['dueDay'],
      ['dueAt', 'tenantId', 'jobsiteId', 'workDate', 'messageKey'],
      AS_WRITTEN,
    ),
  },
});
