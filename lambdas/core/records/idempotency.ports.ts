import type { TenantId } from '../caller';

/**
 * Idempotent creates (contracts §1): the first request with an `Idempotency-Key` claims
 * (account, method + path, key); a repeat gets the first one's answer, never a second record.
 */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 8 to 128 letters, digits, - or _',
  running: 'This request is already being processed',
  mismatch: 'Idempotency-Key was already used for another request',
} as const;

/** The answer stored for a key, replayed to every repeat for 24 h. */
export interface StoredResponse {
  status: number;
  body: string;
  contentType: string;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  /** The first request with this key has not answered yet. */
  | { outcome: 'running' }
  /** The key was used with another request (another body or query). */
  | { outcome: 'mismatch' }
  | { outcome: 'replay'; response: StoredResponse };

export interface IdempotencyStore {
  /** Claims the key for a request with `fingerprint` (a conditional write), or says why not. */
  claim(
    tenant: TenantId,
    scope: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<IdempotencyClaim>;
  /** Stores the answer of the claimed request. */
  complete(tenant: TenantId, scope: string, key: string, response: StoredResponse): Promise<void>;
  /** Gives the claim up (the request failed before answering): a retry runs again. */
  release(tenant: TenantId, scope: string, key: string): Promise<void>;
}
