import { Entity } from 'electrodb';
import { metricsIndex, SERVICE, TABLE_KEYS, type EntityConfig } from './table';

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
        /** A payment attempt on this unpaid invoice failed (the admin metrics count it as failed). */
        paymentFailed: { type: 'boolean' },
        /** The invoice's lines (credit for unused time, charge for the new plan); cents, credits negative. */
        lines: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              description: { type: 'string', required: true },
              amount: { type: 'number', required: true },
              proration: { type: 'boolean', required: true },
              periodStart: { type: 'string' },
              periodEnd: { type: 'string' },
            },
          },
        },
      },
      indexes: {
        byOwner: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['ownerId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['invoiceId'] },
        },
        /** Every billing entry by date, for the admin metrics. */
        allForMetrics: metricsIndex('billingEntry', ['date', 'invoiceId']),
      },
    },
    config,
  );
}
