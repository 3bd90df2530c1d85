import { Entity } from 'electrodb';
import { byUserIndex, SERVICE, type EntityConfig } from './table';

/**
 * When the account last signed in (Cognito keeps no such attribute): the token's `auth_time`,
 * recorded when the signed-in SPA calls /api/me. Beside the profile, not in it, so a profile that
 * was never saved still gets one.
 */
export function signInEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'signIn', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        lastSignInAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: byUserIndex(),
      },
    },
    config,
  );
}
