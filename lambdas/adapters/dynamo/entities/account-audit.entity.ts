import { entityOf, keyStrings, requiredStrings, tableIndex } from './entity-kit';
import { AUDIT_ACTIONS } from '../../../../shared/team-roles';

/** One line of an account's audit log (issue 22), sorted by time in the account's partition. */
export const accountAuditEntity = entityOf('accountAudit', {
  attributes: {
    ...keyStrings('tenantId', 'at', 'id'),
    action: { type: AUDIT_ACTIONS, required: true },
    ...requiredStrings('actor', 'subject'),
    detail: { type: 'string' },
    /** The actor's name at the time (their profile's), when they had one. */
    actorName: { type: 'string' },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], ['at', 'id'], { sk: 'none' }),
  },
});
