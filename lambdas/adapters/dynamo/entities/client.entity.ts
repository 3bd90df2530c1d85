import { keyStrings, optionalStrings, entityOf } from './entity-kit';
import { byTenantIndex, RECORD_STAMPS } from './table';

/** A contractor's client, under the tenant's partition. */
export const clientEntity = entityOf('client', {
  attributes: {
    ...keyStrings('tenantId', 'clientId'),
    name: { type: 'string', required: true },
    ...optionalStrings('contactName', 'email', 'phone', 'address', 'notes'),
    notifyNoWork: { type: 'boolean', required: true, default: false },
    ...RECORD_STAMPS,
  },
  indexes: {
    byTenant: byTenantIndex('clientId'),
  },
});
