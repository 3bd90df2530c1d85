import { keyStrings, entityOf } from './entity-kit';
import { byNameIndex, byStampIndex, byTenantIndex, NAME_INDEXED, RECORD_STAMPS, TABLE_KEYS } from './table';

/** A crew (team) of workers; membership is kept on the worker (`crewIds`). */
export const crewEntity = entityOf('crew', {
  attributes: {
    ...keyStrings('tenantId', 'crewId'),
    name: { type: 'string', required: true },
    notes: { type: 'string' },
    hourlyRateCents: { type: 'number' },
    ...RECORD_STAMPS,
    ...NAME_INDEXED,
  },
  indexes: {
    byTenant: byTenantIndex('crewId'),
    // A crews page and a search read from the table, as clients' do, not the account's every crew.
    byName: byNameIndex(TABLE_KEYS.gsi1, 'crew'),
    byCreated: byStampIndex(TABLE_KEYS.gsi2, 'crew', 'createdAt', 'crewId'),
    byUpdated: byStampIndex(TABLE_KEYS.gsi3, 'crew', 'updatedAt', 'crewId'),
  },
});
