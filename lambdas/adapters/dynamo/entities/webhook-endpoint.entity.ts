import { entityOf, keyStrings, optionalStrings } from './entity-kit';
import { byTenantIndex } from './table';

/** An account's webhook endpoint (issue 23 §5), under the tenant's partition with its signing secret. */
export const webhookEndpointEntity = entityOf('webhookEndpoint', {
  attributes: {
    ...keyStrings('tenantId', 'endpointId', 'url', 'secret', 'createdAt'),
    /** Among WEBHOOK_EVENT_TYPES (the create body is checked against them). */
    events: { type: 'list', items: { type: 'string' }, required: true },
    status: { type: ['enabled', 'disabled'] as const, required: true },
    ...optionalStrings('failingSince', 'disabledAt'),
  },
  indexes: {
    byTenant: byTenantIndex('endpointId'),
  },
});
