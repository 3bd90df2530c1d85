import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** The account's grant of read-only support access (issue 22 §7): one item, until when, who set it. */
export function supportGrantEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'supportGrant', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        /** ISO end of the grant; absent once revoked. */
        until: { type: 'string' },
        updatedBy: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byAccount: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
