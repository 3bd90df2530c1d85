import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyScope } from '../../../shared/api-keys';
import type { ApiKeyStore, BucketTake, StoredApiKey } from '../../core/api-keys/api-keys.ports';
import { utcDay } from '../../core/api-keys/api-keys';
import type { TenantId } from '../../core/caller';
import { isConditionFailure, writtenUnlessConditionFails } from './conditions';
import { pickFields } from '../../../shared/pick-fields';
import type { RaincheckService } from './service';
import { TABLE_KEYS } from './service';

type Row = Record<string, unknown>;

function toKey(row: Row): StoredApiKey {
  return {
    id: String(row.keyId),
    tenantId: String(row.tenantId),
    secretHash: String(row.secretHash),
    name: String(row.name),
    prefix: String(row.prefix),
    scopes: row.scopes as ApiKeyScope[],
    createdAt: String(row.createdAt),
    createdBy: String(row.createdBy),
    lastUsedAt: typeof row.lastUsedAt === 'string' ? row.lastUsedAt : null,
    callsByDay: (row.callsByDay as Record<string, number> | undefined) ?? {},
  };
}

/**
 * API keys in the one table. The token bucket is GCRA (one "theoretical arrival time" per key) kept
 * with two conditional updates and no read in the common case: a busy bucket moves `tat` on by one
 * interval atomically (`tat = tat + T`, only while within the burst), an idle one restarts it (only
 * while `tat <= now`). Parallel calls therefore never overwrite each other, and a revoked key's
 * deleted item fails both conditions.
 */
export class DynamoApiKeys implements ApiKeyStore {
  constructor(
    private readonly db: RaincheckService,
    private readonly client: DynamoDBDocumentClient,
  ) {}

  async create(key: StoredApiKey): Promise<void> {
    await this.db.entities.apiKey
      .create({
        ...pickFields(key, ['secretHash', 'tenantId', 'name', 'prefix', 'scopes', 'createdAt', 'createdBy']),
        keyId: key.id,
        callsByDay: {},
      })
      .go();
  }

  async listForTenant(tenant: TenantId): Promise<StoredApiKey[]> {
    const { data } = await this.db.entities.apiKey.query.byTenant({ tenantId: tenant }).go({ pages: 'all' });
    return data.map((row) => toKey(row as Row));
  }

  async revoke(tenant: TenantId, id: string): Promise<boolean> {
    const { data } = await this.db.entities.apiKey.query.byTenant({ tenantId: tenant, keyId: id }).go();
    const found = data[0];
    if (!found) return false;
    return writtenUnlessConditionFails(() =>
      this.db.entities.apiKey
        .delete({ secretHash: found.secretHash })
        .where((a, op) => op.eq(a.tenantId, tenant as string))
        .go(),
    );
  }

  async takeCall(
    secretHash: string,
    now: Date,
    rate: { ratePerSecond: number; burst: number },
  ): Promise<{ key: StoredApiKey; take: BucketTake } | null> {
    const interval = 1000 / rate.ratePerSecond;
    const tolerance = (rate.burst - 1) * interval;
    const nowMs = now.getTime();
    const { Key, TableName } = this.db.entities.apiKey.get({ secretHash }).params() as {
      Key: Row;
      TableName: string;
    };
    const counted = {
      TableName,
      Key,
      ReturnValues: 'ALL_NEW' as const,
      ExpressionAttributeNames: {
        '#tat': 'tat',
        '#calls': 'callsByDay',
        '#day': utcDay(now),
        '#last': 'lastUsedAt',
      },
    };
    const countCall = '#calls.#day = if_not_exists(#calls.#day, :zero) + :one, #last = :last';
    const values = { ':now': nowMs, ':zero': 0, ':one': 1, ':last': now.toISOString() };
    // Three rounds cover a race between the two branches (another call moved `tat` in between).
    for (let round = 0; round < 3; round++) {
      const busy = await this.tryUpdate({
        ...counted,
        UpdateExpression: `SET #tat = #tat + :interval, ${countCall}`,
        ConditionExpression: '#tat > :now AND #tat <= :latest',
        ExpressionAttributeValues: { ...values, ':interval': interval, ':latest': nowMs + tolerance },
      });
      if (busy) return { key: toKey(busy), take: { allowed: true } };
      const idle = await this.tryUpdate({
        ...counted,
        ExpressionAttributeNames: { ...counted.ExpressionAttributeNames, '#pk': TABLE_KEYS.pk },
        UpdateExpression: `SET #tat = :next, ${countCall}`,
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#tat) OR #tat <= :now)',
        ExpressionAttributeValues: { ...values, ':next': nowMs + interval },
      });
      if (idle) return { key: toKey(idle), take: { allowed: true } };
      const { Item } = await this.client.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
      if (!Item || Item.__edb_e__ !== 'apiKey') return null;
      const tat = Number(Item.tat);
      if (tat > nowMs + tolerance) {
        const waitMs = tat - tolerance - nowMs;
        return {
          key: toKey(Item),
          take: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
        };
      }
    }
    const { Item } = await this.client.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    return Item ? { key: toKey(Item), take: { allowed: false, retryAfterSeconds: 1 } } : null;
  }

  private async tryUpdate(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<Row | null> {
    try {
      const { Attributes } = await this.client.send(new UpdateCommand(input));
      return Attributes ?? null;
    } catch (err) {
      if (isConditionFailure(err)) return null;
      throw err;
    }
  }
}
