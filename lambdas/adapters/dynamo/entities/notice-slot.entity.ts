import { AS_WRITTEN, requiredStrings, gsiIndex, entityOf, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * One item per (active jobsite, notice time), indexed by zone and local time (DESIGN §4): the planner
 * asks `bySlot` for `America/Chicago` + `18:00` and gets exactly the jobsites due, whatever their
 * number, with no scan. The local time is computed at run time, so DST needs no rewrite.
 */
export const noticeSlotEntity = entityOf('noticeSlot', {
  attributes: {
    ...requiredStrings('tenantId', 'jobsiteId'),
    /** Local "HH:MM", on the quarter hour. */
    time: { type: 'string', required: true },
    forDay: { type: ['next', 'same'] as const, required: true },
    timezone: { type: 'string', required: true },
    workingDays: { type: 'list', items: { type: 'number' }, required: true },
    /** The jobsite's forecast grid cell: the planner orders due jobsites by it, so a cell is fetched once. */
    cell: { type: 'string' },
  },
  indexes: {
    byJobsite: tableIndex(['tenantId', 'jobsiteId'], ['time'], AS_WRITTEN),
    bySlot: gsiIndex(TABLE_KEYS.gsi2, ['timezone', 'time'], ['tenantId', 'jobsiteId'], AS_WRITTEN),
  },
});

/** The timezones in use by any jobsite: the planner runs one `bySlot` query per zone listed here. */
export const zoneInUseEntity = entityOf('zoneInUse', {
  attributes: {
    timezone: { type: 'string', required: true },
  },
  indexes: {
    all: tableIndex([], ['timezone'], AS_WRITTEN),
  },
});
