import { entityOf } from './entity-kit';
import { byJobsiteDayIndex, JOBSITE_DAY } from './table';

/**
 * What was observed at a jobsite on a decided working day (issue 25): each service's hourly series
 * with its source, distance and attribution, and how the fetch went. Beside the day's decision.
 */
export const dayObservationEntity = entityOf('dayObservation', {
  attributes: {
    ...JOBSITE_DAY,
    series: { type: 'any', required: true },
    complete: { type: 'boolean', required: true },
    attempts: { type: 'number', required: true },
    lastAttemptAt: { type: 'string', required: true },
    lastError: { type: 'string' },
  },
  indexes: {
    byJobsiteDay: byJobsiteDayIndex(),
  },
});
