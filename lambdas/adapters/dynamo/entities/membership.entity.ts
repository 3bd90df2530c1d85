import { Entity } from 'electrodb';
import { TEAM_ROLES } from '../../../../shared/team-roles';
import { byUserIndex, SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A member's seat (issue 22): their `sub` → the account (its owner's `sub`) and role, read once per
 * request by the auth step, so it lives alone in the member's partition. `gsi1` lists an account's
 * members. The founding owner has one only once ownership left them (then it says `manager`).
 */
export function membershipEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'membership', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        accountId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        role: { type: TEAM_ROLES, required: true },
        invitedBy: { type: 'string' },
        joinedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: byUserIndex(),
        byAccount: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, casing: 'none', composite: ['accountId'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['userId'] },
        },
      },
    },
    config,
  );
}
