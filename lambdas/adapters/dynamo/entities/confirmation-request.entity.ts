import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A foreman's confirmation request (issue 21 §5–6), one per delay message that asked them, kept as the
 * weather-day evidence (no expiry). Three ways in: by jobsite and day (the tenant's partition: the
 * jobsite page, the evidence page), by foreman (`gsi1`: an SMS reply answers the latest open one), and
 * by due time (`gsi2`, partitioned by the UTC day the escalation falls due: each dispatch run's sweep).
 */
export function confirmationRequestEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'confirmationRequest', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        jobsiteId: { type: 'string', required: true, readOnly: true },
        workDate: { type: 'string', required: true, readOnly: true },
        messageKey: { type: 'string', required: true, readOnly: true },
        jobsiteName: { type: 'string', required: true },
        timezone: { type: 'string', required: true },
        verdict: { type: ['none', 'partial', 'full'] as const, required: true },
        foremanWorkerId: { type: 'string', required: true },
        foremanName: { type: 'string', required: true },
        foremanEmail: { type: 'string', required: true },
        lifeSafety: { type: 'boolean', required: true },
        requestedAt: { type: 'string', required: true },
        dueAt: { type: 'string', required: true },
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
        byJobsiteDay: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['jobsiteId', 'workDate', 'messageKey'] },
        },
        byForeman: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, casing: 'none', composite: ['tenantId', 'foremanWorkerId'] },
          sk: {
            field: TABLE_KEYS.gsi1.sk,
            casing: 'none',
            composite: ['requestedAt', 'jobsiteId', 'workDate'],
          },
        },
        byDueTime: {
          index: TABLE_KEYS.gsi2.name,
          pk: { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: ['dueDay'] },
          sk: {
            field: TABLE_KEYS.gsi2.sk,
            casing: 'none',
            composite: ['dueAt', 'tenantId', 'jobsiteId', 'workDate', 'messageKey'],
          },
        },
      },
    },
    config,
  );
}
