import type { ApiKeyScope, ApiKeySummary } from '../../../shared/api-keys';
import type { TenantId } from '../caller';

/** A key as stored: the summary's fields, its account and the hash of its secret (never the secret). */
export interface StoredApiKey extends Omit<ApiKeySummary, 'callsToday'> {
  tenantId: string;
  secretHash: string;
  scopes: ApiKeyScope[];
  /** Calls per UTC day, `YYYY-MM-DD` → count. */
  callsByDay: Record<string, number>;
}

/** The answer of one call against a key's token bucket. */
export type BucketTake = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface ApiKeyStore {
  create(key: StoredApiKey): Promise<void>;
  listForTenant(tenant: TenantId): Promise<StoredApiKey[]>;
  /** Deletes the account's key `id`; false when the account has no such key. */
  revoke(tenant: TenantId, id: string): Promise<boolean>;
  /**
   * Takes one call from the bucket of the key whose secret hashes to `secretHash`, with conditional
   * writes only, and counts it on `now`'s UTC day; null when no key has that hash (unknown or revoked).
   */
  takeCall(
    secretHash: string,
    now: Date,
    rate: { ratePerSecond: number; burst: number },
  ): Promise<{ key: StoredApiKey; take: BucketTake } | null>;
}
