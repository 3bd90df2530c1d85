import { AS_WRITTEN, gsiIndex, keyStrings, requiredStrings, tableEntity, tableIndex } from './entity-kit';
import { TABLE_KEYS, type EntityConfig } from './table';

/**
 * One account's consent to text one phone number. Keyed by the number, so a reply (which names
 * only the number) finds every account's record in one query; `byTenant` (gsi1) lists an account's.
 */
export function smsConsentEntity(config: EntityConfig) {
  return tableEntity(
    'smsConsent',
    {
      attributes: {
        ...keyStrings('phone', 'tenantId'),
        state: { type: ['pending', 'on', 'stopped'] as const, required: true },
        company: { type: 'string', required: true },
        /** The consent log: every change with its time and source (worker page, account export). */
        log: { type: 'any', required: true },
        version: { type: 'number', required: true },
      },
      indexes: {
        byPhone: tableIndex(['phone'], ['tenantId'], AS_WRITTEN),
        byTenant: gsiIndex(TABLE_KEYS.gsi1, ['tenantId'], ['phone'], AS_WRITTEN),
      },
    },
    config,
  );
}

/** SMS segments an account sent in one month: taken only by a conditional update below the plan's allowance. */
export function smsUsageEntity(config: EntityConfig) {
  return tableEntity(
    'smsUsage',
    {
      attributes: {
        ...keyStrings('tenantId', 'month'),
        /** Segments, as the carrier bills them (a 2-segment text counts two). */
        segments: { type: 'number' },
      },
      indexes: {
        byMonth: tableIndex(['tenantId'], ['month'], AS_WRITTEN),
      },
    },
    config,
  );
}

/** A sent text's message id → its claim, so delivery events (which carry only the id) find it. */
export function smsMessageEntity(config: EntityConfig) {
  return tableEntity(
    'smsMessage',
    {
      attributes: {
        ...keyStrings('messageId'),
        ...requiredStrings('tenantId', 'jobsiteId', 'workDate', 'messageKey', 'recipient'),
      },
      indexes: {
        byId: tableIndex(['messageId'], [], AS_WRITTEN),
      },
    },
    config,
  );
}
