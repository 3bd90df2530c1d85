import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A jobsite with its location, hours, notice times, rules and recipients. `forScheduler` is the
 * dispatch planner's view across tenants (one partition; the dispatch issue replaces it with the
 * per-zone notice schedule of DESIGN §4).
 */
export function jobsiteEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'jobsite', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        jobsiteId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        address: { type: 'string' },
        latitude: { type: 'number' },
        longitude: { type: 'number' },
        timezone: { type: 'string', required: true },
        clientId: { type: 'string' },
        workingDays: { type: 'list', items: { type: 'number' } },
        workingHours: {
          type: 'map',
          properties: { start: { type: 'string' }, end: { type: 'string' } },
        },
        startDate: { type: 'string' },
        endDate: { type: 'string' },
        active: { type: 'boolean', required: true, default: true },
        noticeTimes: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              time: { type: 'string', required: true },
              forDay: { type: ['next', 'same'] as const },
            },
          },
        },
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
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: ['jobsiteId'] },
        },
        forScheduler: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: [] },
          sk: { field: TABLE_KEYS.gsi1.sk, composite: ['tenantId', 'jobsiteId'] },
        },
      },
    },
    config,
  );
}
