import { keyStrings, optionalStrings, entityOf } from './entity-kit';
import { byNameIndex, byStampIndex, byTenantIndex, RECORD_STAMPS, NAME_INDEXED, TABLE_KEYS } from './table';

/** A contractor's client, under the tenant's partition. */
export const clientEntity = entityOf('client', {
  attributes: {
    ...keyStrings('tenantId', 'clientId'),
    name: { type: 'string', required: true },
    ...optionalStrings('contactName', 'email', 'phone', 'address', 'notes'),
    notifyNoWork: { type: 'boolean', required: true, default: false },
    ...RECORD_STAMPS,
    ...NAME_INDEXED,
  },
  indexes: {
    byTenant: byTenantIndex('clientId'),
    byName: byNameIndex(TABLE_KEYS.gsi1, 'client'),
    byCreated: byStampIndex(TABLE_KEYS.gsi2, 'client', 'createdAt', 'clientId'),
    byUpdated: byStampIndex(TABLE_KEYS.gsi3, 'client', 'updatedAt', 'clientId'),
  },
});
