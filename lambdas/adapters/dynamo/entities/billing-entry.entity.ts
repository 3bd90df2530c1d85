import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** One billing history entry per invoice id (spec §3); amount in integer cents. */
export function billingEntryEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'billingEntry', version: '1', service: SERVICE },
      attributes: {
        ownerId: { type: 'string', required: true },
        invoiceId: { type: 'string', required: true },
        date: { type: 'string', required: true },
        description: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        currency: { type: 'string', required: true },
        status: { type: 'string', required: true },
        invoiceNumber: { type: 'string' },
        invoiceUrl: { type: 'string' },
      },
      indexes: {
        byOwner: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['ownerId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['invoiceId'] },
        },
      },
    },
    config,
  );
}
