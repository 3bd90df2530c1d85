import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

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
        byUser: {
          pk: { field: TABLE_KEYS.pk, composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    config,
  );
}
