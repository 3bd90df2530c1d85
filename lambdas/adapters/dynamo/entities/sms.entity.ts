import { AS_WRITTEN, gsiIndex, keyStrings, requiredStrings, entityOf, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * One account's consent to text one phone number. Keyed by the number, so a reply (which names
 * only the number) finds every account's record in one query; `byTenant` (gsi1) lists an account's.
 */
export const smsConsentEntity = entityOf('smsConsent', {
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
});

/** SMS segments an account sent in one month: taken only by a conditional update below the plan's allowance. */
export const smsUsageEntity = entityOf('smsUsage', {
  attributes: {
    ...keyStrings('tenantId', 'month'),
    /** Segments, as the carrier bills them (a 2-segment text counts two). */
    segments: { type: 'number' },
  },
  indexes: {
    byMonth: tableIndex(['tenantId'], ['month'], AS_WRITTEN),
  },
});

/** A sent text's message id → its claim, so delivery events (which carry only the id) find it. */
export const smsMessageEntity = entityOf('smsMessage', {
  attributes: {
    ...keyStrings('messageId'),
    ...requiredStrings('tenantId', 'jobsiteId', 'workDate', 'messageKey', 'recipient'),
  },
  indexes: {
    byId: tableIndex(['messageId'], [], AS_WRITTEN),
  },
});
