import { entityOf } from './entity-kit';
import { byTenantIndex } from './table';

/** A saved custom report (issue 25 §4) under the tenant's partition: what to report on, not its figures. */
export const reportDefinitionEntity = entityOf('reportDefinition', {
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
});
