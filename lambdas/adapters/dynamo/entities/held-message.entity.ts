import { AS_WRITTEN, EXPIRES, requiredStrings, gsiIndex, entityOf } from './entity-kit';
import { byJobsiteDayIndex, JOBSITE_DAY_SLOT, TABLE_KEYS } from './table';

/**
 * A message quiet hours held back, one per (jobsite, working day), indexed by its release slot like
 * the notice slots are by local time: the run of a slot asks `byRelease` for its own start and gets
 * exactly the messages to release, with no scan. Deleted once a run has judged the day again.
 */
export const heldMessageEntity = entityOf('heldMessage', {
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
          ...requiredStrings('email', 'name'),
          audience: { type: ['worker', 'manager', 'client'] as const, required: true },
        },
      },
      required: true,
    },
    ...requiredStrings('releaseAt', 'releaseLocal', 'heldAt', 'runId'),
    /** A day after its release slot: a hold no run took up (the jobsite was deleted) goes away. */
    ...EXPIRES,
  },
  indexes: {
    byJobsiteDay: byJobsiteDayIndex(),
    byRelease: gsiIndex(TABLE_KEYS.gsi2, ['releaseAt'], ['tenantId', 'jobsiteId', 'workDate'], AS_WRITTEN),
  },
});
