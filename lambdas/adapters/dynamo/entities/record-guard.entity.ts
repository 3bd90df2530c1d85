import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * The items that make a tenant's limits and uniqueness rules hold under parallel requests: written
 * in the same transaction as the record, with a condition, so two requests cannot both pass.
 * - `count#<kind>`: how many records of a plan-limited kind the account has (`count`).
 * - `<rule>#<value>` (e.g. `workerEmail#ann@example.com`): the one record (`ownerId`) that holds a
 *   unique value.
 */
export function recordGuardEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'recordGuard', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        guard: { type: 'string', required: true, readOnly: true },
        count: { type: 'number' },
        ownerId: { type: 'string' },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: ['guard'], casing: 'none' },
        },
      },
    },
    config,
  );
}
