import { AS_WRITTEN, entityOf, gsiIndex, keyStrings, requiredStrings } from './entity-kit';
import { TEAM_ROLES } from '../../../../shared/team-roles';
import { byUserIndex, TABLE_KEYS } from './table';

/**
 * A member's seat (issue 22): their `sub` → the account (its owner's `sub`) and role, read once per
 * request by the auth step, so it lives alone in the member's partition. `gsi1` lists an account's
 * members. The founding owner has one only once ownership left them (then it says `manager`).
 */
export const membershipEntity = entityOf('membership', {
  attributes: {
    ...keyStrings('userId'),
    ...requiredStrings('accountId', 'email', 'joinedAt'),
    role: { type: TEAM_ROLES, required: true },
    invitedBy: { type: 'string' },
    inviteId: { type: 'string' },
  },
  indexes: {
    byUser: byUserIndex(),
    byAccount: gsiIndex(TABLE_KEYS.gsi1, ['accountId'], ['userId'], AS_WRITTEN),
  },
});
