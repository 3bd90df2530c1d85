import { requiredStrings, entityOf } from './entity-kit';
import { byUserIndex } from './table';

/**
 * When the account last signed in (Cognito keeps no such attribute): the token's `auth_time`,
 * recorded when the signed-in SPA calls /api/me. Beside the profile, not in it, so a profile that
 * was never saved still gets one.
 */
export const signInEntity = entityOf('signIn', {
  attributes: {
    ...requiredStrings('userId', 'lastSignInAt'),
  },
  indexes: {
    byUser: byUserIndex(),
  },
});
