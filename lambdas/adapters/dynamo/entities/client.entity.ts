import { Entity } from 'electrodb';
import { byTenantIndex, RECORD_STAMPS, SERVICE, type EntityConfig } from './table';

/** A contractor's client, under the tenant's partition. */
export function clientEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'client', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        clientId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        contactName: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        address: { type: 'string' },
        notes: { type: 'string' },
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
