/**
 * What a message's claim and mark cost DynamoDB Local's JVM, written each way DynamoDB allows
 * (issue 26 item 4): N claim-shaped items (a notification claim's attributes, its table keys and its
 * gsi1 keys) claimed by a transaction of 100 conditional puts, by one conditional PutItem each, or
 * by PartiQL INSERTs 25 a BatchExecuteStatement (each refused alone when the item exists); then
 * marked by BatchWriteItem puts 25 a call, or by updates 100 a transaction. Reports the JVM's CPU
 * ms per item (/proc, as the dispatch bench) and the capacity units DynamoDB Local reports.
 *
 *   npx tsx bench/claim-writes.ts --items 3000
 */
import {
  BatchExecuteStatementCommand,
  BatchWriteItemCommand,
  DynamoDBClient,
  PutItemCommand,
  TransactWriteItemsCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { loadavg } from 'node:os';
import { freePorts } from '../local/processes';
import { startDynamoDbLocal } from '../local/emulators';
import { ensureTable } from '../local/provision';
import { processCpuMs } from './dispatch/emulator-cpu';
import { mapWithConcurrency } from '../shared/concurrency';

const args = process.argv.slice(2);
const ITEMS = Number(args[args.indexOf('--items') + 1] || 3000);
const TABLE = 'claims';

type Item = Record<string, AttributeValue>;
const S = (s: string): AttributeValue => ({ S: s });

/** A claim as ElectroDB writes one (sizes as the dispatch's: ~770 bytes). */
function claimOf(run: string, i: number, status: 'PENDING' | 'SENT'): Item {
  const tenant = `0f8e2a4c-6b1d-4e3a-9c7f-${String(i % 100).padStart(12, '0')}`;
  const jobsite = `js-${run}-${Math.floor(i / 5)}`;
  const recipient = `worker-${i}@contractor-${i % 100}.example.com`;
  const claimedAt = '2026-11-27T21:00:00.000Z';
  return {
    pk: S(`$raincheck#tenantid_${tenant}#jobsiteid_${jobsite}`),
    sk: S(`$notificationclaim_1#workdate_2026-11-28#messagekey_notice:full#recipient_${recipient}`),
    gsi1pk: S(`$raincheck#tenantid_${tenant}`),
    gsi1sk: S(`$notificationclaim_1#claimedat_${claimedAt}#recipient_${recipient}`),
    tenantId: S(tenant),
    jobsiteId: S(jobsite),
    workDate: S('2026-11-28'),
    messageKey: S('notice:full'),
    recipient: S(recipient),
    kind: S('notice'),
    verdict: S('full'),
    audience: S('worker'),
    recipientName: S(`Worker Number ${i}`),
    jobsiteName: S(`Harbor Point Phase ${i % 7}`),
    status: S(status),
    claimedAt: S(claimedAt),
    runId: S(`run-${run}`),
    __edb_e__: S('notificationClaim'),
    __edb_v__: S('1'),
    ...(status === 'SENT'
      ? { messageId: S(`0100018c-${String(i).padStart(8, '0')}-ses`), sentAt: S('2026-11-27T21:00:01.000Z') }
      : {}),
  };
}

const chunks = <T>(xs: T[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));
const NEW = 'attribute_not_exists(pk) AND attribute_not_exists(sk)';

type Way = (client: DynamoDBClient, items: Item[]) => Promise<number>;
const units = (c: { CapacityUnits?: number }[] | undefined) =>
  (c ?? []).reduce((s, x) => s + (x.CapacityUnits ?? 0), 0);

/** Writes the items `size` a call, one call after another; answers the units reported. */
async function inCalls(
  items: Item[],
  size: number,
  call: (chunk: Item[]) => Promise<{ ConsumedCapacity?: { CapacityUnits?: number }[] }>,
): Promise<number> {
  let wcu = 0;
  for (const chunk of chunks(items, size)) wcu += units((await call(chunk)).ConsumedCapacity);
  return wcu;
}

const WAYS: Record<string, Way> = {
  'claim: transaction of 100 conditional puts': (client, items) =>
    inCalls(items, 100, (chunk) =>
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: chunk.map((Item) => ({ Put: { TableName: TABLE, Item, ConditionExpression: NEW } })),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    ),
  'claim: conditional PutItem each (8 in flight)': async (client, items) => {
    let wcu = 0;
    await mapWithConcurrency(items, 8, async (Item) => {
      const out = await client.send(
        new PutItemCommand({
          TableName: TABLE,
          Item,
          ConditionExpression: NEW,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      wcu += out.ConsumedCapacity?.CapacityUnits ?? 0;
    });
    return wcu;
  },
  'claim: PartiQL INSERT, 25 a BatchExecuteStatement': (client, items) =>
    inCalls(items, 25, async (chunk) => {
      const out = await client.send(
        new BatchExecuteStatementCommand({
          Statements: chunk.map((item) => ({
            Statement: `INSERT INTO "${TABLE}" VALUE {${Object.keys(item)
              .map((k) => `'${k}': ?`)
              .join(', ')}}`,
            Parameters: Object.values(item),
          })),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      const failed = out.Responses?.filter((r) => r.Error) ?? [];
      if (failed.length) throw new Error(`${failed.length} inserts refused: ${failed[0]!.Error!.Code}`);
      return out;
    }),
  'mark: BatchWriteItem puts, 25 a call': (client, items) =>
    inCalls(items, 25, (chunk) =>
      client.send(
        new BatchWriteItemCommand({
          RequestItems: { [TABLE]: chunk.map((Item) => ({ PutRequest: { Item } })) },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    ),
};

async function main() {
  const [port] = await freePorts(1);
  const dynamo = await startDynamoDbLocal({ port: port!, dataDir: null });
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const jvm = dynamo.child.pid!;
  console.log(
    `claim writes: ${ITEMS} items each way; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| way | JVM CPU ms per item | capacity units per item (as DynamoDB Local reports) | wall ms per item |',
  );
  console.log('|---|---:|---:|---:|');
  try {
    await ensureTable(client, TABLE);
    // Warm the JVM (its JIT) on every way first, then measure each way twice, alternating.
    for (const [round, n] of [
      ['warm', 500],
      ['1', ITEMS],
      ['2', ITEMS],
    ] as const) {
      for (const [name, way] of Object.entries(WAYS)) {
        const status = name.startsWith('mark') ? 'SENT' : 'PENDING';
        // The marks put over the claims the transaction took in the same round, as a dispatch's do.
        const run = `${round}-${name.startsWith('mark') ? 'trans' : name.slice(7, 12)}`;
        const items = Array.from({ length: n }, (_, i) => claimOf(run, i, status));
        const cpu0 = processCpuMs(jvm)!;
        const t0 = performance.now();
        const wcu = await way(client, items);
        const ms = performance.now() - t0;
        const cpu = processCpuMs(jvm)! - cpu0;
        if (round !== 'warm')
          console.log(
            `| ${name} (round ${round}) | ${(cpu / n).toFixed(3)} | ${(wcu / n).toFixed(2)} | ${(ms / n).toFixed(3)} |`,
          );
      }
    }
  } finally {
    await dynamo.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
