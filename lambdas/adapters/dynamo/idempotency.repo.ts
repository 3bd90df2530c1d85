import { gunzipSync, gzipSync } from 'node:zlib';
import type { TenantId } from '../../core/caller';
import type {
  IdempotencyClaim,
  IdempotencyStore,
  StoredResponse,
} from '../../core/records/idempotency.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { isConditionFailure } from './conditions';

/** Keys live a day (contracts §1). */
const TTL_SECONDS = 24 * 3600;
/**
 * A claim still "running" after this is from a request that died (a Lambda times out after 30 s):
 * a retry may take it over instead of being told to wait for a day.
 */
const STALE_RUNNING_MS = 2 * 60 * 1000;

export class DynamoIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: RaincheckService) {}

  private keyOf(tenant: TenantId, scope: string, key: string) {
    return tenantKey(tenant, { scope, key });
  }

  async claim(
    tenant: TenantId,
    scope: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<IdempotencyClaim> {
    const nowMs = now.getTime();
    const nowSec = Math.floor(nowMs / 1000);
    const records = this.db.entities.idempotencyRecord;
    try {
      await records
        .put({
          ...this.keyOf(tenant, scope, key),
          fingerprint,
          state: 'running',
          startedAt: nowMs,
          expiresAt: nowSec + TTL_SECONDS,
        })
        // Free, expired (TTL deletes late) or abandoned: anything else belongs to an earlier request.
        .where(
          (a, op) =>
            `${op.notExists(a.fingerprint)} OR ${op.lt(a.expiresAt, nowSec)} OR (${op.eq(a.state, 'running')} AND ${op.lt(a.startedAt, nowMs - STALE_RUNNING_MS)})`,
        )
        .go();
      return { outcome: 'claimed' };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const { data } = await records.get(this.keyOf(tenant, scope, key)).go({ consistent: true });
    // Gone between the two calls (its claim was released): the caller may simply try again.
    if (!data) return { outcome: 'running' };
    if (data.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (data.state === 'running' || data.status === undefined || data.body === undefined)
      return { outcome: 'running' };
    return {
      outcome: 'replay',
      response: {
        status: data.status,
        body: gunzipSync(Buffer.from(data.body, 'base64')).toString('utf8'),
        contentType: data.contentType ?? 'application/json',
      },
    };
  }

  async complete(tenant: TenantId, scope: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.entities.idempotencyRecord
      .patch(this.keyOf(tenant, scope, key))
      .set({
        state: 'done',
        status: response.status,
        // Gzipped: an import's answer lists up to 1,000 workers; items hold at most 400 KB.
        body: gzipSync(response.body).toString('base64'),
        contentType: response.contentType,
      })
      .go();
  }

  async release(tenant: TenantId, scope: string, key: string): Promise<void> {
    await this.db.entities.idempotencyRecord.delete(this.keyOf(tenant, scope, key)).go();
  }
}
