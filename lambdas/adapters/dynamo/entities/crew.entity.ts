import { keyStrings, entityOf } from './entity-kit';
import { byTenantIndex, RECORD_STAMPS } from './table';

/** A crew (team) of workers; membership is kept on the worker (`crewIds`). */
export const crewEntity = entityOf('crew', {
  attributes: {
    ...keyStrings('tenantId', 'crewId'),
    name: { type: 'string', required: true },
    notes: { type: 'string' },
    hourlyRateCents: { type: 'number' },
    ...RECORD_STAMPS,
  },
  indexes: {
    byTenant: byTenantIndex('crewId'),
  },
});
