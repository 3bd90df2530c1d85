import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

const datedNames = {
  type: 'list',
  required: true,
  items: {
    type: 'map',
    properties: { date: { type: 'string', required: true }, name: { type: 'string', required: true } },
  },
} as const;

/**
 * An account's holiday calendar (shared/holidays.ts): one item in the tenant's partition, with the
 * preset's dates computed when it was saved, so readers need no holiday library.
 */
export function holidayCalendarEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'holidayCalendar', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        country: { type: 'string', required: true },
        region: { type: 'string' },
        extraDates: datedNames,
        presetDates: datedNames,
        presetFrom: { type: 'number', required: true },
        presetTo: { type: 'number', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    config,
  );
}
