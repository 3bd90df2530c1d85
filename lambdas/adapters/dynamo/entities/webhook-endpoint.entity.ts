import { Entity } from 'electrodb';
import { byTenantIndex, SERVICE, type EntityConfig } from './table';

/** An account's webhook endpoint (issue 23 §5), under the tenant's partition with its signing secret. */
export function webhookEndpointEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'webhookEndpoint', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        endpointId: { type: 'string', required: true, readOnly: true },
        url: { type: 'string', required: true, readOnly: true },
        /** Among WEBHOOK_EVENT_TYPES (the create body is checked against them). */
        events: { type: 'list', items: { type: 'string' }, required: true },
        secret: { type: 'string', required: true, readOnly: true },
        status: { type: ['enabled', 'disabled'] as const, required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        failingSince: { type: 'string' },
        disabledAt: { type: 'string' },
      },
      indexes: {
        byTenant: byTenantIndex('endpointId'),
      },
    },
    config,
  );
}
