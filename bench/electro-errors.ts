/**
 * ElectroDB's per-call ElectroError (issue 26 item 5): the table's entities
 * (lambdas/adapters/dynamo/entities/errors-on-failure.ts) against ElectroDB's own Entity, the
 * baseline, in the same run: the same get, update and query, each answered at once by the SDK
 * client's first middleware (no network, so what is timed is ElectroDB and the SDK's client-side
 * work), rounds alternating between the two. Reports CPU µs per call and GC pauses per 1,000 calls.
 *
 *   npx tsx bench/electro-errors.ts [--calls 20000] [--rounds 5]
 */
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { keyStrings, optionalNumbers, tableIndex } from '../lambdas/adapters/dynamo/entities/entity-kit';
import { entityWithErrorsOnFailure } from '../lambdas/adapters/dynamo/entities/errors-on-failure';
import { numberOption } from './number-option';

const CALLS = numberOption('calls', 20000);
const ROUNDS = numberOption('rounds', 5);

const raw = new DynamoDBClient({
  region: 'us-east-1',
  credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
});
raw.middlewareStack.add(() => () => Promise.resolve({ output: { $metadata: {} }, response: {} }) as never, {
  step: 'initialize',
  name: 'answer',
});
const client = DynamoDBDocumentClient.from(raw);
const schema = {
  model: { entity: 'note', version: '1', service: 'raincheck' },
  attributes: { ...keyStrings('tenantId', 'noteId'), ...optionalNumbers('count') },
  indexes: { byTenant: tableIndex(['tenantId'], ['noteId'], { sk: 'none' }) },
};

type Calls = () => Promise<unknown>;
function callsOf(EntityClass: typeof Entity): Calls {
  const note = new EntityClass(schema as never, { table: 'raincheck', client }) as unknown as {
    get: (k: object) => { go: () => Promise<unknown> };
    update: (k: object) => { add: (v: object) => { go: () => Promise<unknown> } };
    query: { byTenant: (k: object) => { go: () => Promise<unknown> } };
  };
  let i = 0;
  return () => {
    i += 1;
    const key = { tenantId: 't', noteId: `n${i % 100}` };
    if (i % 3 === 0) return note.get(key).go();
    if (i % 3 === 1) return note.update(key).add({ count: 1 }).go();
    return note.query.byTenant({ tenantId: 't' }).go();
  };
}

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

async function round(calls: Calls): Promise<{ cpuUs: number; gcMs: number }> {
  const gcBefore = gcMs;
  const cpu = process.cpuUsage();
  for (let n = 0; n < CALLS; n += 1) await calls();
  const used = process.cpuUsage(cpu);
  await new Promise((resolve) => setTimeout(resolve, 10)); // let the GC entries arrive
  return { cpuUs: (used.user + used.system) / CALLS, gcMs: ((gcMs - gcBefore) * 1000) / CALLS };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const electro = callsOf(Entity);
  const ours = callsOf(entityWithErrorsOnFailure() as typeof Entity);
  await round(electro); // warm both
  await round(ours);
  const results = {
    electro: [] as { cpuUs: number; gcMs: number }[],
    ours: [] as { cpuUs: number; gcMs: number }[],
  };
  for (let r = 0; r < ROUNDS; r += 1) {
    results.electro.push(await round(electro));
    results.ours.push(await round(ours));
  }
  const row = (name: string, rs: { cpuUs: number; gcMs: number }[], base?: number) => {
    const cpu = median(rs.map((x) => x.cpuUs));
    const gc = median(rs.map((x) => x.gcMs));
    return `| ${name} | ${cpu.toFixed(1)} | ${gc.toFixed(1)} | ${base ? `${(base / cpu).toFixed(2)}×` : '1.00×'} |`;
  };
  const baseCpu = median(results.electro.map((x) => x.cpuUs));
  console.log(
    `${CALLS} calls a round (get, update, query in turn), median of ${ROUNDS} rounds, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| entity | CPU µs per call | GC pause ms per 1,000 calls | baseline ÷ this |');
  console.log('|---|---:|---:|---:|');
  console.log(row("ElectroDB's Entity (baseline)", results.electro));
  console.log(row('the table entities (errors on failure)', results.ours, baseCpu));
}

void main();
