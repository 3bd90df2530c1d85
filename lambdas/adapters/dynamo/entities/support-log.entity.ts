import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One line of the account's support access log: grants, revocations, sessions and each session request. */
export function supportLogEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'supportLog', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        entryId: { type: 'string', required: true, readOnly: true },
        kind: {
          type: ['granted', 'revoked', 'session-opened', 'request', 'refused-write'] as const,
          required: true,
        },
        actor: { type: 'string', required: true },
        method: { type: 'string' },
        path: { type: 'string' },
      },
      indexes: {
        byAccount: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['at', 'entryId'] },
        },
      },
    },
    config,
  );
}
