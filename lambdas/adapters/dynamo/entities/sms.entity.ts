import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * One account's consent to text one phone number. Keyed by the number, so a reply (which names
 * only the number) finds every account's record in one query; `byTenant` (gsi1) lists an account's.
 */
export function smsConsentEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'smsConsent', version: '1', service: SERVICE },
      attributes: {
        phone: { type: 'string', required: true, readOnly: true },
        tenantId: { type: 'string', required: true, readOnly: true },
        state: { type: ['pending', 'on', 'stopped'] as const, required: true },
        company: { type: 'string', required: true },
        /** The consent log: every change with its time and source (worker page, account export). */
        log: { type: 'any', required: true },
        version: { type: 'number', required: true },
      },
      indexes: {
        byPhone: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['phone'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['tenantId'] },
        },
        byTenant: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['phone'] },
        },
      },
    },
    config,
  );
}

/** SMS segments an account sent in one month: taken only by a conditional update below the plan's allowance. */
export function smsUsageEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'smsUsage', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        month: { type: 'string', required: true, readOnly: true },
        /** Segments, as the carrier bills them (a 2-segment text counts two). */
        segments: { type: 'number' },
      },
      indexes: {
        byMonth: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['month'] },
        },
      },
    },
    config,
  );
}

/** A sent text's message id → its claim, so delivery events (which carry only the id) find it. */
export function smsMessageEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'smsMessage', version: '1', service: SERVICE },
      attributes: {
        messageId: { type: 'string', required: true, readOnly: true },
        tenantId: { type: 'string', required: true },
        jobsiteId: { type: 'string', required: true },
        workDate: { type: 'string', required: true },
        messageKey: { type: 'string', required: true },
        recipient: { type: 'string', required: true },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['messageId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
