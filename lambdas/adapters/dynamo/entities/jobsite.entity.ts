import {
  entityOf,
  keyStrings,
  listOfMaps,
  optionalNumbers,
  optionalStrings,
  requiredStrings,
} from './entity-kit';
import { byNameIndex, byStampIndex, byTenantIndex, NAME_INDEXED, TABLE_KEYS } from './table';

/**
 * A jobsite with its location, hours, notice times, rules and recipients. The dispatch planner finds
 * it through its notice slots (notice-slot.entity.ts), written in the same transaction.
 */
export const jobsiteEntity = entityOf('jobsite', {
  attributes: {
    ...keyStrings('tenantId', 'jobsiteId'),
    name: { type: 'string', required: true },
    address: { type: 'string' },
    /** Whom workers call about the site (issue 20); absent: the manager's or the owner's. */
    siteContact: { type: 'map', properties: { name: { type: 'string' }, phone: { type: 'string' } } },
    ...optionalNumbers('latitude', 'longitude'),
    timezone: { type: 'string', required: true },
    clientId: { type: 'string' },
    workingDays: { type: 'list', items: { type: 'number' } },
    workingHours: {
      type: 'map',
      properties: { start: { type: 'string' }, end: { type: 'string' } },
    },
    ...optionalStrings('startDate', 'endDate'),
    active: { type: 'boolean', required: true, default: true },
    noticeTimes: listOfMaps({
      time: { type: 'string', required: true },
      forDay: { type: ['next', 'same'] as const },
    }),
    /** Rule objects as validated by shared/weather/rule.ts (their shape is the engine's). */
    rules: { type: 'any' },
    recipients: {
      type: 'map',
      properties: {
        workerIds: { type: 'list', items: { type: 'string' } },
        crewIds: { type: 'list', items: { type: 'string' } },
        notifyClient: { type: 'boolean' },
      },
    },
    scenario: { type: 'string' },
    /** Anticipated weather days per month, January first. */
    anticipatedWeatherDays: { type: 'list', items: { type: 'number' } },
    /** The jobsite's own days off: [{ date, name }]. */
    nonWorkingDates: listOfMaps(requiredStrings('date', 'name')),
    /** Crew confirmation: the foreman asked to confirm, and the escalation window in minutes. */
    foremanWorkerId: { type: 'string' },
    escalationMinutes: { type: 'number' },
    ...optionalStrings('createdAt', 'updatedAt'),
    ...NAME_INDEXED,
    /** Its references are counted in back-reference items (jobsite-uses.ts); absent on older items. */
    usesCounted: { type: 'boolean' },

    /** Who changed the jobsite and its rules last (issue 22 §4): their id and name at the time. */
    ...optionalStrings(
      'updatedById',
      'updatedByName',
      'rulesUpdatedAt',
      'rulesUpdatedById',
      'rulesUpdatedByName',
    ),
  },
  indexes: {
    byTenant: byTenantIndex('jobsiteId'),
    byName: byNameIndex(TABLE_KEYS.gsi1, 'jobsite'),
    byCreated: byStampIndex(TABLE_KEYS.gsi2, 'jobsite', 'createdAt', 'jobsiteId'),
    byUpdated: byStampIndex(TABLE_KEYS.gsi3, 'jobsite', 'updatedAt', 'jobsiteId'),
  },
});
