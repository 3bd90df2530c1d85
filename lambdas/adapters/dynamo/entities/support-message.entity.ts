import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One message of a support thread (the customer's or support's), in the account's partition, in order. */
export function supportMessageEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'supportMessage', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        requestId: { type: 'string', required: true, readOnly: true },
        messageId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        author: { type: ['customer', 'support'] as const, required: true },
        authorEmail: { type: 'string', required: true },
        body: { type: 'string', required: true },
      },
      indexes: {
        byThread: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['requestId', 'at', 'messageId'] },
        },
      },
    },
    config,
  );
}
