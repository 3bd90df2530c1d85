import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * One UTC day of email delivery counters (sent, bounced, complained), added to by the mailers and the
 * SES event handler; the admin dashboard's delivery health reads 30 of them with one query.
 */
export function deliveryDayEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'deliveryDay', version: '1', service: SERVICE },
      attributes: {
        date: { type: 'string', required: true },
        sent: { type: 'number' },
        bounced: { type: 'number' },
        complained: { type: 'number' },
      },
      indexes: {
        byDate: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: [] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['date'] },
        },
      },
    },
    config,
  );
}
