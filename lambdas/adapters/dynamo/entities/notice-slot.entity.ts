import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * One item per (active jobsite, notice time), indexed by zone and local time (DESIGN §4): the planner
 * asks `bySlot` for `America/Chicago` + `18:00` and gets exactly the jobsites due, whatever their
 * number, with no scan. The local time is computed at run time, so DST needs no rewrite.
 */
export function noticeSlotEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'noticeSlot', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true },
        jobsiteId: { type: 'string', required: true },
        /** Local "HH:MM", on the quarter hour. */
        time: { type: 'string', required: true },
        forDay: { type: ['next', 'same'] as const, required: true },
        timezone: { type: 'string', required: true },
        workingDays: { type: 'list', items: { type: 'number' }, required: true },
        /** The jobsite's forecast grid cell: the planner orders due jobsites by it, so a cell is fetched once. */
        cell: { type: 'string' },
      },
      indexes: {
        byJobsite: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId', 'jobsiteId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['time'] },
        },
        bySlot: {
          index: TABLE_KEYS.gsi2.name,
          pk: { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: ['timezone', 'time'] },
          sk: { field: TABLE_KEYS.gsi2.sk, casing: 'none', composite: ['tenantId', 'jobsiteId'] },
        },
      },
    },
    config,
  );
}

/** The timezones in use by any jobsite: the planner runs one `bySlot` query per zone listed here. */
export function zoneInUseEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'zoneInUse', version: '1', service: SERVICE },
      attributes: {
        timezone: { type: 'string', required: true },
      },
      indexes: {
        all: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: [] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['timezone'] },
        },
      },
    },
    config,
  );
}
