/**
 * What a message's claim and mark cost DynamoDB Local's JVM, written each way DynamoDB allows
 * (issue 26 item 4): N claim-shaped items (a notification claim's attributes, its table keys and its
 * gsi1 keys) claimed by a transaction of 100 conditional puts, by one conditional PutItem each, or
 * by PartiQL INSERTs 25 a BatchExecuteStatement (each refused alone when the item exists); then
 * marked by BatchWriteItem puts 25 a call. Also (branch hotwrites) claims taken without their gsi1
 * keys and then marked with them, and a decision-sized item (2.9 KB) put against the same under 1 KB.
 * Reports the JVM's CPU ms per item (/proc, as the dispatch bench) and the capacity units DynamoDB
 * Local reports.
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

const WRITES: Record<string, Way> = {
  transaction: (client, items) =>
    inCalls(items, 100, (chunk) =>
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: chunk.map((Item) => ({ Put: { TableName: TABLE, Item, ConditionExpression: NEW } })),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    ),
  putEach: async (client, items) => {
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
  partiql: (client, items) =>
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
  batchPut: (client, items) =>
    inCalls(items, 25, (chunk) =>
      client.send(
        new BatchWriteItemCommand({
          RequestItems: { [TABLE]: chunk.map((Item) => ({ PutRequest: { Item } })) },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    ),
};

/** A plain value as DynamoDB's AttributeValue (what the document client's marshalling makes). */
function attributeOf(v: unknown): AttributeValue {
  if (v === null) return { NULL: true };
  if (typeof v === 'string') return { S: v };
  if (typeof v === 'number') return { N: String(v) };
  if (typeof v === 'boolean') return { BOOL: v };
  if (Array.isArray(v)) return { L: v.map(attributeOf) };
  return { M: Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, attributeOf(x)])) };
}

const HOUR_MS = 3600_000;
const FIRST_HOUR = Date.parse('2026-11-27T10:00:00Z');

/**
 * A day's decision as the dispatch stores one (~2.9 KB: the profile's size): 48 hours of forecast for
 * three metrics, three rules, a judgement of two rules, and the announcement's copy of it. `hours`
 * says how the snapshot's hours are kept: each hour's ISO string (today), or the first and a count;
 * `evidence`: the nested values as DynamoDB maps and lists (today), or as one JSON string.
 */
function decisionOf(
  run: string,
  i: number,
  hours: 'each' | 'first and count',
  evidence: 'maps' | 'json',
): Item {
  const series = (k: number) =>
    Array.from({ length: 48 }, (_, h) => Math.round(((h * 7 + i * k) % 97) * 13) / 100);
  const judgement = {
    date: '2026-11-28',
    verdict: 'partial',
    hoursLost: 4,
    workingHours: 9,
    rules: ['rain', 'wind'].map((id) => ({
      id,
      kind: 'delay',
      hours: ['07:00', '08:00', '09:00', '10:00'],
      peak: 12.5,
      reason: `${id === 'rain' ? 'Rain 0.4 in/h' : 'Gusts 38 mph'} from 07:00 to 11:00`,
    })),
  };
  const forecast = {
    source: 'open-meteo',
    scenario: null,
    ...(hours === 'each'
      ? { hours: Array.from({ length: 48 }, (_, h) => new Date(FIRST_HOUR + h * HOUR_MS).toISOString()) }
      : { firstHour: new Date(FIRST_HOUR).toISOString(), hourCount: 48 }),
    values: { precipitation: series(3), wind_gusts_10m: series(5), precipitation_probability: series(7) },
  };
  const rules = ['rain', 'wind', 'cold'].map((id, k) => ({
    id,
    metric: ['precipitation', 'wind_gusts_10m', 'temperature_2m'][k],
    op: '>=',
    threshold: 2.5 + k,
    label: `the ${id} limit`,
    preset: 'general',
  }));
  const nested = {
    judgement,
    rules,
    forecast,
    announcement: { kind: 'notice', messageKey: 'notice:partial', judgement },
  };
  const tenant = `0f8e2a4c-6b1d-4e3a-9c7f-${String(i % 100).padStart(12, '0')}`;
  return {
    pk: S(`$raincheck#tenantId_${tenant}`),
    sk: S(`$dispatchDecision_1#jobsiteId_js-${run}-${i}#workDate_2026-11-28`),
    tenantId: S(tenant),
    jobsiteId: S(`js-${run}-${i}`),
    workDate: S('2026-11-28'),
    verdict: S('partial'),
    hoursLost: { N: '4' },
    delayCalled: { BOOL: true },
    source: S('open-meteo'),
    lastKind: S('notice'),
    decidedAt: S('2026-11-27T21:00:00.000Z'),
    runId: S(`run-${run}`),
    __edb_e__: S('dispatchDecision'),
    __edb_v__: S('1'),
    ...(evidence === 'maps'
      ? (Object.fromEntries(Object.entries(nested).map(([k, v]) => [k, attributeOf(v)])) as Item)
      : { evidence: S(JSON.stringify(nested)) }),
  };
}

/** A claim-shaped item as a way writes it: without gsi1's keys (`gsi1: false`), or padded to `pad` more bytes. */
function claimShaped(status: 'PENDING' | 'SENT', opts: { gsi1?: false; pad?: number } = {}) {
  return (run: string, i: number): Item => {
    const { gsi1pk, gsi1sk, ...rest } = claimOf(run, i, status);
    const keyed = opts.gsi1 === false ? rest : { ...rest, gsi1pk: gsi1pk!, gsi1sk: gsi1sk! };
    return opts.pad ? { ...keyed, payload: S('x'.repeat(opts.pad)) } : keyed;
  };
}

/**
 * Each way measured: its write and the items it writes, `run` naming them (a mark puts over the
 * claims a claim way of the same run took earlier in the round, as a dispatch's marks do).
 */
const WAYS: { name: string; write: Way; run: string; item: (run: string, i: number) => Item }[] = [
  {
    name: 'claim: transaction of 100 conditional puts',
    write: WRITES.transaction!,
    run: 'tx',
    item: claimShaped('PENDING'),
  },
  {
    name: 'claim: conditional PutItem each (8 in flight)',
    write: WRITES.putEach!,
    run: 'each',
    item: claimShaped('PENDING'),
  },
  {
    name: 'claim: PartiQL INSERT, 25 a BatchExecuteStatement',
    write: WRITES.partiql!,
    run: 'ql',
    item: claimShaped('PENDING'),
  },
  {
    name: 'mark: BatchWriteItem puts, 25 a call',
    write: WRITES.batchPut!,
    run: 'tx',
    item: claimShaped('SENT'),
  },
  {
    name: 'claim: transaction of 100, without gsi1 keys',
    write: WRITES.transaction!,
    run: 'nogsi',
    item: claimShaped('PENDING', { gsi1: false }),
  },
  {
    name: 'mark: BatchWriteItem puts (with gsi1) over claims without',
    write: WRITES.batchPut!,
    run: 'nogsi',
    item: claimShaped('SENT'),
  },
  {
    name: 'claim-sized put padded to 2.9 KB (a string), 25 a call',
    write: WRITES.batchPut!,
    run: 'big',
    item: claimShaped('SENT', { pad: 2050 }),
  },
  {
    name: 'the same padded to 0.9 KB, 25 a call',
    write: WRITES.batchPut!,
    run: 'small',
    item: claimShaped('SENT', { pad: 50 }),
  },
  {
    name: 'decision as today (hours each, maps), 25 a call',
    write: WRITES.batchPut!,
    run: 'dec',
    item: (run, i) => decisionOf(run, i, 'each', 'maps'),
  },
  {
    name: 'decision, hours as first and count (maps), 25 a call',
    write: WRITES.batchPut!,
    run: 'dec2',
    item: (run, i) => decisionOf(run, i, 'first and count', 'maps'),
  },
  {
    name: 'decision, hours as first and count, evidence as JSON, 25 a call',
    write: WRITES.batchPut!,
    run: 'dec3',
    item: (run, i) => decisionOf(run, i, 'first and count', 'json'),
  },
];

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
    '| way | bytes per item (as sent) | JVM CPU ms per item | capacity units per item (as DynamoDB Local reports) | wall ms per item |',
  );
  console.log('|---|---:|---:|---:|---:|');
  try {
    await ensureTable(client, TABLE);
    // Warm the JVM (its JIT) on every way first, then measure each way twice, alternating.
    for (const [round, n] of [
      ['warm', 500],
      ['1', ITEMS],
      ['2', ITEMS],
    ] as const) {
      for (const { name, write, run, item } of WAYS) {
        const items = Array.from({ length: n }, (_, i) => item(`${round}-${run}`, i));
        const cpu0 = processCpuMs(jvm)!;
        const t0 = performance.now();
        const wcu = await write(client, items);
        const ms = performance.now() - t0;
        const cpu = processCpuMs(jvm)! - cpu0;
        if (round !== 'warm')
          console.log(
            `| ${name} (round ${round}) | ${JSON.stringify(items[0]).length} | ${(cpu / n).toFixed(3)} | ${(wcu / n).toFixed(2)} | ${(ms / n).toFixed(3)} |`,
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
