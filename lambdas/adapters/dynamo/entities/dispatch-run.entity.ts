import {
  EXPIRES,
  optionalNumbers,
  optionalStrings,
  requiredStrings,
  entityOf,
  listOfMaps,
  tableIndex,
} from './entity-kit';
import { JOBSITE_DAY_SLOT } from './table';

/** One run of the scheduled dispatch, kept 90 days. */
export const dispatchRunEntity = entityOf('dispatchRun', {
  attributes: {
    ...requiredStrings('runId', 'startedAt', 'finishedAt', 'slotStart'),
    /** Runs recorded before issue 10: how many active jobsites were looked at. */
    checkedJobsites: { type: 'number' },
    dueJobsites: listOfMaps({
      ...requiredStrings('tenantId', 'jobsiteId'),
      /** `name`: runs recorded before issue 10 kept the jobsite's name instead. */
      ...optionalStrings('workDate', 'name'),
    }),
    /** The run record of issue 10 (absent on runs recorded before it). */
    ...optionalNumbers('due', 'judged', 'upstreamCalls'),
    sent: {
      type: 'map',
      properties: {
        ...optionalNumbers('notice', 'update', 'allClear'),
      },
    },
    failed: { type: 'number' },
    /** Of `due`, the jobsites earlier runs left unjudged that this run took on again. */
    caughtUp: { type: 'number' },
    /** Jobsites the run could not judge: the next runs catch them up while their day lasts. */
    unjudged: listOfMaps(JOBSITE_DAY_SLOT),
    errors: { type: 'list', items: { type: 'string' } },
    /** Batches the planner queued, and how many the worker has counted in (issue 10, fan-out). */
    ...optionalNumbers('batches', 'batchesDone'),
    /** Grid cells answered from the forecast cache (forecastCache items) instead of upstream. */
    forecastCacheHits: { type: 'number' },
    trigger: { type: 'string' },
    ...EXPIRES,
  },
  indexes: {
    byTime: tableIndex([], ['startedAt', 'runId']),
  },
});
