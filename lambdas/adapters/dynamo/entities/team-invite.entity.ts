import { Entity } from 'electrodb';
import { INVITE_ROLES } from '../../../../shared/team-roles';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A pending invite, one per invited address in an account (so a second invite to the same address is
 * a failed condition, not a duplicate). Accepting or revoking deletes it: the link is single use.
 * `validUntil` is ISO (the table's TTL attribute is `expiresAt`: an expired invite still holds its
 * seat until the owner resends or revokes it, so it must not vanish on its own).
 */
export function teamInviteEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'teamInvite', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true },
        role: { type: INVITE_ROLES, required: true },
        invitedBy: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        validUntil: { type: 'string', required: true },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['email'] },
        },
      },
    },
    config,
  );
}
