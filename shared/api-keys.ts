import * as z from 'zod';
import { requiredText } from './records/text';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * API keys of the public API (issue 23): an Enterprise account's keys, the body that creates one and
 * what the settings page lists. The secret itself is never part of a listed key.
 */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every secret starts with this, so the API tells a key from a Cognito token by its first bytes. */
export const API_KEY_SECRET_PREFIX = 'rck_live_';
/** How many characters of the secret are kept and shown, so a key can be told apart in the list. */
export const API_KEY_SHOWN_PREFIX_LENGTH = API_KEY_SECRET_PREFIX.length + 6;

/** The per-key token bucket: `ratePerSecond` refill, at most `burst` calls at once. */
export const API_KEY_RATE = { ratePerSecond: 10, burst: 20 } as const;

/** `POST /api/api-keys`: `read`, or `read` and `write` (a write key can read). */
export const createApiKeySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: requiredText('Name', 80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: 'Scopes must be read or write' }), {
      message: 'Scopes must be ["read"] or ["read", "write"]',
    })
    .refine((s) => s.includes('read') && new Set(s).size === s.length, {
      message: 'Scopes must be ["read"] or ["read", "write"]',
    }),
}));
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

/** A key as the settings page lists it. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters of the secret (`rck_live_Ab12Cd`), never the rest. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  /** The email of the member who created it. */
  createdBy: string;
  lastUsedAt: string | null;
  /** Calls made with the key today (UTC). */
  callsToday: number;
}

/** The answer of a create: the only time the secret is ever shown. */
export interface CreatedApiKey {
  id: string;
  secret: string;
  prefix: string;
}

export const API_KEY_MESSAGES = {
  notFound: 'API key not found',
  invalidKey: 'The API key is not valid or was revoked',
  readOnly: 'This API key can only read: create a key with the write scope to change data',
  rateLimited: 'Too many requests with this API key: slow down and retry after the Retry-After seconds',
  viewerCannotManage: 'Only the account owner or a manager can manage API keys',
} as const;
