import { keyStrings, requiredStrings, entityOf } from './entity-kit';
import { EMAIL_AUDIENCES, EMAIL_KINDS } from '../../../../shared/email/kinds';
import { byTenantIndex, RECORD_STAMPS } from './table';

/** An account's own wording for one kind × audience of notice, under the tenant's partition. */
export const emailTemplateEntity = entityOf('emailTemplate', {
  attributes: {
    ...keyStrings('tenantId', 'templateId'),
    name: { type: 'string', required: true },
    kind: { type: EMAIL_KINDS, required: true },
    audience: { type: EMAIL_AUDIENCES, required: true },
    ...requiredStrings('subject', 'body'),
    ...RECORD_STAMPS,
  },
  indexes: {
    byTenant: byTenantIndex('templateId'),
  },
});
