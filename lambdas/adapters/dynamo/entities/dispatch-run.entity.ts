import { Entity } from 'electrodb';
import { JOBSITE_DAY_SLOT, SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One run of the scheduled dispatch, kept 90 days. */
export function dispatchRunEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'dispatchRun', version: '1', service: SERVICE },
      attributes: {
        runId: { type: 'string', required: true },
        startedAt: { type: 'string', required: true },
        finishedAt: { type: 'string', required: true },
        slotStart: { type: 'string', required: true },
        /** Runs recorded before issue 10: how many active jobsites were looked at. */
        checkedJobsites: { type: 'number' },
        dueJobsites: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              tenantId: { type: 'string', required: true },
              jobsiteId: { type: 'string', required: true },
              workDate: { type: 'string' },
              /** Runs recorded before issue 10 kept the jobsite's name instead. */
              name: { type: 'string' },
            },
          },
        },
        /** The run record of issue 10 (absent on runs recorded before it). */
        due: { type: 'number' },
        judged: { type: 'number' },
        upstreamCalls: { type: 'number' },
        sent: {
          type: 'map',
          properties: {
            notice: { type: 'number' },
            update: { type: 'number' },
            allClear: { type: 'number' },
          },
        },
        failed: { type: 'number' },
        /** Of `due`, the jobsites earlier runs left unjudged that this run took on again. */
        caughtUp: { type: 'number' },
        /** Jobsites the run could not judge: the next runs catch them up while their day lasts. */
        unjudged: {
          type: 'list',
          items: {
            type: 'map',
            properties: JOBSITE_DAY_SLOT,
          },
        },
        errors: { type: 'list', items: { type: 'string' } },
        /** Batches the planner queued, and how many the worker has counted in (issue 10, fan-out). */
        batches: { type: 'number' },
        batchesDone: { type: 'number' },
        /** Grid cells answered from the forecast cache (forecastCache items) instead of upstream. */
        forecastCacheHits: { type: 'number' },
        trigger: { type: 'string' },
        expiresAt: { type: 'number', field: TABLE_KEYS.ttl },
      },
      indexes: {
        byTime: {
          pk: { field: TABLE_KEYS.pk, composite: [] },
          sk: { field: TABLE_KEYS.sk, composite: ['startedAt', 'runId'] },
        },
      },
    },
    config,
  );
}
