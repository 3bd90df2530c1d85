import { keyStrings, optionalStrings, tableEntity } from './entity-kit';
import { byTenantIndex, RECORD_STAMPS, type EntityConfig } from './table';

/** A contractor's client, under the tenant's partition. */
export function clientEntity(config: EntityConfig) {
  return tableEntity(
    'client',
    {
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
    },
    config,
  );
}
