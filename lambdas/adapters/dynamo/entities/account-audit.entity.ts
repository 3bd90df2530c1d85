import { Entity } from 'electrodb';
import { AUDIT_ACTIONS } from '../../../../shared/team-roles';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One line of an account's audit log (issue 22), sorted by time in the account's partition. */
export function accountAuditEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'accountAudit', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        action: { type: AUDIT_ACTIONS, required: true },
        actor: { type: 'string', required: true },
        subject: { type: 'string', required: true },
        detail: { type: 'string' },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['at', 'id'] },
        },
      },
    },
    config,
  );
}
