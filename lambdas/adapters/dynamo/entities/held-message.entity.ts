import { Entity } from 'electrodb';
import { byJobsiteDayIndex, JOBSITE_DAY_SLOT, SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A message quiet hours held back, one per (jobsite, working day), indexed by its release slot like
 * the notice slots are by local time: the run of a slot asks `byRelease` for its own start and gets
 * exactly the messages to release, with no scan. Deleted once a run has judged the day again.
 */
export function heldMessageEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'heldMessage', version: '1', service: SERVICE },
      attributes: {
        ...JOBSITE_DAY_SLOT,
        jobsiteName: { type: 'string', required: true },
        kind: { type: ['notice', 'update', 'allClear'] as const, required: true },
        verdict: { type: ['none', 'partial', 'full'] as const, required: true },
        messageKey: { type: 'string', required: true },
        recipients: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              email: { type: 'string', required: true },
              name: { type: 'string', required: true },
              audience: { type: ['worker', 'manager', 'client'] as const, required: true },
            },
          },
          required: true,
        },
        releaseAt: { type: 'string', required: true },
        releaseLocal: { type: 'string', required: true },
        heldAt: { type: 'string', required: true },
        runId: { type: 'string', required: true },
        /** A day after its release slot: a hold no run took up (the jobsite was deleted) goes away. */
        expiresAt: { type: 'number', field: TABLE_KEYS.ttl },
      },
      indexes: {
        byJobsiteDay: byJobsiteDayIndex(),
        byRelease: {
          index: TABLE_KEYS.gsi2.name,
          pk: { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: ['releaseAt'] },
          sk: { field: TABLE_KEYS.gsi2.sk, casing: 'none', composite: ['tenantId', 'jobsiteId', 'workDate'] },
        },
      },
    },
    config,
  );
}
