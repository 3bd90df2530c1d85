import { Entity } from 'electrodb';
import { byTenantIndex, SERVICE, type EntityConfig } from './table';

/** A saved custom report (issue 25 §4) under the tenant's partition: what to report on, not its figures. */
export function reportDefinitionEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'reportDefinition', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        reportId: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        /** "all", { clientId } or a list of jobsite ids. */
        jobsites: { type: 'any', required: true },
        /** { from, to } or { relative }. */
        range: { type: 'any', required: true },
        sections: { type: 'list', items: { type: 'string' }, required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byTenant: byTenantIndex('reportId'),
      },
    },
    config,
  );
}
