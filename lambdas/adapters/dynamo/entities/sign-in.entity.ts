import { requiredStrings, tableEntity } from './entity-kit';
import { byUserIndex, type EntityConfig } from './table';

/**
 * When the account last signed in (Cognito keeps no such attribute): the token's `auth_time`,
 * recorded when the signed-in SPA calls /api/me. Beside the profile, not in it, so a profile that
 * was never saved still gets one.
 */
export function signInEntity(config: EntityConfig) {
  return tableEntity(
    'signIn',
    {
      attributes: {
        ...requiredStrings('userId', 'lastSignInAt'),
      },
      indexes: {
        byUser: byUserIndex(),
      },
    },
    config,
  );
}
