import { requiredNumbers, entityOf, tableIndex } from './entity-kit';

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
export const holidayCalendarEntity = entityOf('holidayCalendar', {
  attributes: {
    tenantId: { type: 'string', required: true, readOnly: true },
    country: { type: 'string', required: true },
    region: { type: 'string' },
    extraDates: datedNames,
    presetDates: datedNames,
    ...requiredNumbers('presetFrom', 'presetTo'),
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], []),
  },
});
