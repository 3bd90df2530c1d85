import { Entity } from 'electrodb';
import { EMAIL_AUDIENCES, EMAIL_KINDS } from '../../../../shared/email/kinds';
import { byTenantIndex, RECORD_STAMPS, SERVICE, type EntityConfig } from './table';

/** An account's own wording for one kind × audience of notice, under the tenant's partition. */
export function emailTemplateEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'emailTemplate', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        templateId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        kind: { type: EMAIL_KINDS, required: true },
        audience: { type: EMAIL_AUDIENCES, required: true },
        subject: { type: 'string', required: true },
        body: { type: 'string', required: true },
        ...RECORD_STAMPS,
      },
      indexes: {
        byTenant: byTenantIndex('templateId'),
      },
    },
    config,
  );
}
