import { entityOf, keyStrings, requiredStrings, tableIndex } from './entity-kit';
import { INVITE_ROLES } from '../../../../shared/team-roles';

/**
 * A pending invite, one per invited address in an account (so a second invite to the same address is
 * a failed condition, not a duplicate). Accepting or revoking deletes it: the link is single use.
 * `validUntil` is ISO (the table's TTL attribute is `expiresAt`: an expired invite still holds its
 * seat until the owner resends or revokes it, so it must not vanish on its own).
 */
export const teamInviteEntity = entityOf('teamInvite', {
  attributes: {
    ...keyStrings('tenantId', 'email'),
    role: { type: INVITE_ROLES, required: true },
    ...requiredStrings('id', 'invitedBy', 'createdAt', 'validUntil'),
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], ['email'], { sk: 'none' }),
  },
});
