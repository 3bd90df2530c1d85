import { Entity } from 'electrodb';
import { byTenantIndex, RECORD_STAMPS, SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A worker who gets notices. `byEmail` lets the email system (bounces, complaints, unsubscribe)
 * find every worker record of an address across accounts without a scan.
 */
export function workerEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'worker', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        workerId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        /** Lower-cased. */
        email: { type: 'string', required: true },
        phone: { type: 'string' },
        trade: { type: 'string' },
        crewIds: { type: 'list', items: { type: 'string' } },
        isManager: { type: 'boolean', required: true, default: false },
        /** The contractor's SMS toggle; consent itself is the smsConsent record of the number. */
        smsOptIn: { type: 'boolean', default: false },
        status: { type: ['active', 'unsubscribed', 'bounced'] as const, required: true, default: 'active' },
        ...RECORD_STAMPS,
      },
      indexes: {
        byTenant: byTenantIndex('workerId'),
        byEmail: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: ['email'] },
          sk: { field: TABLE_KEYS.gsi1.sk, composite: ['tenantId', 'workerId'] },
        },
      },
    },
    config,
  );
}
