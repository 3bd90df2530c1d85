import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * With BENCH_WRITES set: what the product's writes cost, by command and the entities they write
 * (ElectroDB's `__edb_e__`, or the entity named in the sort key of an update), with the capacity
 * units DynamoDB (Local) reports for the table and for the indexes apart (ReturnConsumedCapacity
 * INDEXES) and the items' sizes as sent. Issue 26 item 4: what each message writes.
 */
export interface WriteKind {
  calls: number;
  items: number;
  table: number;
  indexes: number;
  bytes: number;
}

type Attrs = Record<string, unknown>;
type Consumed = {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
};

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

/** A value as sent: plain (the document client marshals later) or an AttributeValue. */
const plain = (v: unknown) => (v && typeof v === 'object' && 'S' in v ? (v as { S: string }).S : v);

/** The entity an item or key belongs to: `__edb_e__` of a put, else the sort key's `$entity_1` prefix. */
function entityOf(item: Attrs | undefined, key: Attrs | undefined, values?: Attrs): string {
  const e = plain(item?.__edb_e__) ?? plain(values?.[':__edb_e___u0']);
  if (typeof e === 'string') return e;
  const sk = String(plain(key?.sk) ?? plain(key?.pk) ?? '');
  return /^\$([a-z0-9]+)_/i.exec(sk)?.[1] ?? (sk.split('#')[0] || '?');
}

const sizeOf = (x: unknown) => (x ? JSON.stringify(x).length : 0);

/** The label of one write call, and its items' sizes. */
function describe(name: string, input: Attrs): { label: string; items: number; bytes: number } {
  const short = name.replace(/Command$/, '');
  if (name === 'TransactWriteItemsCommand') {
    const parts = (input.TransactItems as Attrs[]).map((t) => {
      const [op, body] = Object.entries(t)[0] as [string, Attrs];
      return {
        what: `${op}:${entityOf(body.Item as Attrs, body.Key as Attrs, body.ExpressionAttributeValues as Attrs)}`,
        bytes: sizeOf(body.Item ?? body.ExpressionAttributeValues),
      };
    });
    const kinds = [...new Set(parts.map((p) => p.what))].sort().join('+');
    return {
      label: `${short}[${kinds}]`,
      items: parts.length,
      bytes: parts.reduce((s, p) => s + p.bytes, 0),
    };
  }
  if (name === 'BatchWriteItemCommand') {
    const reqs = Object.values(input.RequestItems as Record<string, Attrs[]>).flat();
    const parts = reqs.map((r) => {
      const put = (r.PutRequest as Attrs | undefined)?.Item as Attrs | undefined;
      const del = (r.DeleteRequest as Attrs | undefined)?.Key as Attrs | undefined;
      return { what: `${put ? 'Put' : 'Delete'}:${entityOf(put, del)}`, bytes: sizeOf(put) };
    });
    const kinds = [...new Set(parts.map((p) => p.what))].sort().join('+');
    return {
      label: `${short}[${kinds}]`,
      items: parts.length,
      bytes: parts.reduce((s, p) => s + p.bytes, 0),
    };
  }
  const e = entityOf(input.Item as Attrs, input.Key as Attrs, input.ExpressionAttributeValues as Attrs);
  return { label: `${short}[${e}]`, items: 1, bytes: sizeOf(input.Item ?? input.ExpressionAttributeValues) };
}

export function profileWrites(client: DynamoDBClient) {
  const kinds = new Map<string, WriteKind>();
  client.middlewareStack.add(
    (next, context) => async (a) => {
      const name = context.commandName ?? 'unknown';
      if (!WRITES.has(name)) return next(a);
      const input = (a as { input: Attrs }).input;
      input.ReturnConsumedCapacity = 'INDEXES';
      const { label, items, bytes } = describe(name, input);
      const result = await next(a);
      const consumed = [
        (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity ?? [],
      ].flat();
      const k = kinds.get(label) ?? { calls: 0, items: 0, table: 0, indexes: 0, bytes: 0 };
      k.calls += 1;
      k.items += items;
      k.bytes += bytes;
      for (const c of consumed) {
        k.table += c.Table?.CapacityUnits ?? 0;
        for (const g of Object.values(c.GlobalSecondaryIndexes ?? {})) k.indexes += g.CapacityUnits ?? 0;
      }
      kinds.set(label, k);
      return result;
    },
    { step: 'initialize', name: 'benchWriteProfile', priority: 'low' },
  );
  return {
    take: () => {
      const out = [...kinds.entries()].sort(
        (x, y) => y[1].table + y[1].indexes - (x[1].table + x[1].indexes),
      );
      kinds.clear();
      return out;
    },
  };
}

/** The profile of one run, per jobsite and per item written (BENCH_WRITES, `--one-process`). */
export function printWrites(
  label: string,
  profile: ReturnType<typeof profileWrites> | null,
  due: number,
): void {
  if (!profile) return;
  console.log(`${label}, writes by kind (per jobsite: calls, items, table WCU, index WCU; bytes per item):`);
  for (const [kind, k] of profile.take())
    console.log(
      `  ${kind}: ${(k.calls / due).toFixed(3)} calls, ${(k.items / due).toFixed(3)} items, ` +
        `${(k.table / due).toFixed(2)} + ${(k.indexes / due).toFixed(2)} WCU; ${Math.round(k.bytes / Math.max(1, k.items))} B`,
    );
}
