import { keyStrings, optionalStrings, gsiIndex, entityOf } from './entity-kit';
import { byNameIndex, byStampIndex, byTenantIndex, RECORD_STAMPS, TABLE_KEYS, NAME_INDEXED } from './table';

/**
 * A worker who gets notices. `byEmail` lets the email system (bounces, complaints, unsubscribe)
 * find every worker record of an address across accounts without a scan.
 */
export const workerEntity = entityOf('worker', {
  attributes: {
    ...keyStrings('tenantId', 'workerId'),
    name: { type: 'string', required: true },
    /** Lower-cased. */
    email: { type: 'string', required: true },
    ...optionalStrings('phone', 'trade'),
    crewIds: { type: 'list', items: { type: 'string' } },
    isManager: { type: 'boolean', required: true, default: false },
    /** The contractor's SMS toggle; consent itself is the smsConsent record of the number. */
    smsOptIn: { type: 'boolean', default: false },
    status: { type: ['active', 'unsubscribed', 'bounced'] as const, required: true, default: 'active' },
    ...RECORD_STAMPS,
    ...NAME_INDEXED,
  },
  indexes: {
    byTenant: byTenantIndex('workerId'),
    byName: byNameIndex(TABLE_KEYS.gsi2, 'worker'),
    byEmail: gsiIndex(TABLE_KEYS.gsi1, ['email'], ['tenantId', 'workerId']),
    byUpdated: byStampIndex(TABLE_KEYS.gsi3, 'worker', 'updatedAt', 'workerId'),
  },
});
