/**
 * One dispatch slot on the real local path (issue 26): DynamoDB Local, the SES emulator, a local
 * Open-Meteo stand-in and a local NWS stand-in, through the same planner → batch → worker code AWS
 * runs (`planRun`, then `workBatch` per batch with `--workers` batches in flight, as that many
 * worker Lambdas would take them from the queue), built by the same composition root as the Lambdas.
 *
 *   npm run bench:dispatch:real                  # 2,000 jobsites
 *   npx tsx bench/dispatch-real.ts --jobsites 10000 --workers 4 --ses-rate 400
 *   npx tsx bench/dispatch-real.ts --jobsites 2000 --skip-baseline   # today's path only (profiling)
 *   npx tsx bench/dispatch-real.ts --jobsites 2000 --soak            # exactly once: 3 runs, then 2 at once
 *   BENCH_TRACE=/tmp/trace.txt npx tsx bench/dispatch-real.ts ...    # every DynamoDB call's key, per run
 *
 * Seeds the bench world (bench/dispatch/world.ts: contractors of 1–40 jobsites around 54 cities,
 * 3–25 workers, 2–5 recipients per jobsite, several zones) into the table through the records
 * repositories, each jobsite's notice time set to the slot's local time so all are due at once.
 * Runs the slot twice in the same process with the same data: first as the code worked before this
 * issue (the baseline: one jobsite and one recipient at a time, 10 sends/s per process), then as it
 * works now (jobsites and recipients in flight, the account's SES rate shared through the table),
 * each on a fresh table so both send every message. Then a quiet re-run of the slot (nothing
 * changed) counts DynamoDB calls per jobsite. `--soak` seeds one table, runs the slot 3 times in a
 * row and then twice at once, and counts the SES emulator's mailbox by message id
 * (bench/dispatch/soak.ts). Reports judged/s, sent/s, slot start → last message (p50, p99 per
 * jobsite), DynamoDB calls per jobsite (and by command), CPU ms per jobsite, NWS and Open-Meteo
 * calls, peak RSS. The last line is JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { parseConfig } from '../lambdas/config';
import { createAppRoot } from '../lambdas/composition/app.root';
import { planRun } from '../lambdas/core/dispatch/run-dispatch';
import { workBatch } from '../lambdas/core/dispatch/dispatch-batch';
import { jobsiteItem, slotsOf } from '../lambdas/adapters/dynamo/jobsites.repo';
import { workerItem } from '../lambdas/adapters/dynamo/workers.repo';
import { clientItem } from '../lambdas/adapters/dynamo/record-items';
import { mapWithConcurrency } from '../shared/concurrency';
import { localClock, slotStart } from '../shared/notice-slots';
import { freePorts } from '../local/processes';
import { startDynamoDbLocal, startSesLocal } from '../local/emulators';
import { ensureTable } from '../local/provision';
import { runUpstream, Upstream } from './dispatch/upstream';
import { makeWorld, type World } from './dispatch/world';
import { fmt, RssPeak } from './dispatch/measure';
import { startNws } from './dispatch/nws-stand-in';
import { countCalls, traced } from './dispatch/count-calls';
import { soakVerdict, type SoakVerdict } from './dispatch/soak';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/**
 * The current slot: the Open-Meteo stand-in answers from today on, as Open-Meteo does. The world makes
 * the day judged (tomorrow in each zone) a working day of every jobsite.
 */
const SLOT = slotStart(new Date());

/**
 * Seeds the world in batches (BatchWriteItem, 25 items a call, a few calls in flight) with the items
 * the records repositories write: jobsites, their notice slots and zones, workers, clients; each
 * account's profile and subscription. The guard and counter items of the repositories' writes are left
 * out (the dispatch reads none of them), so seeding 10,000 jobsites takes seconds, not minutes.
 */
async function seed(root: ReturnType<typeof createAppRoot>, world: World) {
  const t0 = performance.now();
  const now = new Date().toISOString();
  const e = root.db.entities;
  const tenants = [...world.tenants.values()];
  await mapWithConcurrency(tenants, 16, async (t) => {
    await root.accounts.putProfile({
      userId: t.id,
      email: `owner@${t.id}.example.com`,
      name: `Owner of ${t.id}`,
      company: `Contractor ${t.id}`,
      units: t.units,
      createdAt: now,
    });
  });
  const jobsites = tenants.flatMap((t) =>
    [...t.jobsites.values()].map((j) => {
      // Due at this slot: the notice time is the slot's local time in the jobsite's zone.
      const { minuteOfDay } = localClock(SLOT, j.timezone);
      const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
      return { tenantId: t.id, jobsite: { ...j, noticeTimes: [{ time, forDay: 'next' as const }] } };
    }),
  );
  const putAll = async <I>(items: I[], put: (chunk: I[]) => Promise<{ unprocessed: unknown[] }>) => {
    const chunks: I[][] = [];
    for (let i = 0; i < items.length; i += 100) chunks.push(items.slice(i, i + 100));
    await mapWithConcurrency(chunks, 4, async (chunk) => {
      const { unprocessed } = await put(chunk);
      if (unprocessed.length) throw new Error(`${unprocessed.length} items left unwritten`);
    });
  };
  await putAll(
    tenants.map((t) => ({
      userId: t.id,
      plan: 'premium' as const,
      status: 'active' as const,
      billingCycle: 'monthly' as const,
      createdAt: now,
    })),
    (chunk) => e.subscription.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) => t.clients.map((c) => clientItem(t.id, c))),
    (chunk) => e.client.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) => t.workers.map((w) => workerItem(t.id, w))),
    (chunk) => e.worker.put(chunk).go(),
  );
  await putAll(
    jobsites.map((j) => jobsiteItem(j.tenantId, j.jobsite)),
    (chunk) => e.jobsite.put(chunk).go(),
  );
  await putAll(
    jobsites.flatMap((j) => slotsOf(j.tenantId, j.jobsite)),
    (chunk) => e.noticeSlot.put(chunk).go(),
  );
  await putAll(
    [...new Set(jobsites.map((j) => j.jobsite.timezone))].map((timezone) => ({ timezone })),
    (chunk) => e.zoneInUse.put(chunk).go(),
  );
  return performance.now() - t0;
}

export interface Outcome {
  label: string;
  due: number;
  judged: number;
  sent: number;
  wallMs: number;
  lastMessageMs: number;
  p50Ms: number;
  p99Ms: number;
  dynamoCalls: number;
  dynamoByCommand: Record<string, number>;
  /** Capacity units DynamoDB (Local) reported consumed, reads and writes (on-demand bills these). */
  capacity: { read: number; write: number };
  peakRssMb: number;
  /** CPU time of this process (the dispatcher's code, the SDK, ElectroDB) during the run. */
  cpuMs: number;
}

async function runSlot(
  label: string,
  root: ReturnType<typeof createAppRoot>,
  counter: ReturnType<typeof countCalls>,
  workers: number,
  inFlight?: { jobsites: number; recipients: number },
): Promise<Outcome> {
  const deps = { ...root.dispatch, ...(inFlight ? { inFlight } : {}) };
  // The time each jobsite's last message went, from the slot's start.
  const lastByJobsite = new Map<string, number>();
  const sender = deps.sender;
  const t0 = performance.now();
  deps.sender = {
    send: async (content, to) => {
      const answer = await sender.send(content, to);
      lastByJobsite.set(content.jobsite.id, performance.now() - t0);
      return answer;
    },
  };
  counter.reset();
  const rss = new RssPeak();
  const cpu0 = process.cpuUsage();
  const { run, batches } = await planRun(deps, { at: SLOT, trigger: 'admin' });
  await mapWithConcurrency(batches, workers, (body) => workBatch(deps, body, { finalAttempt: true }));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const record = await deps.runs.get({ runId: run.runId, startedAt: run.startedAt });
  const times = [...lastByJobsite.values()].sort((a, b) => a - b);
  const at = (q: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : 0;
  const sent = record ? record.sent.notice + record.sent.update + record.sent.allClear : 0;
  return {
    label,
    due: run.due,
    judged: record?.judged ?? 0,
    sent,
    wallMs,
    lastMessageMs: times.at(-1) ?? 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    dynamoCalls: counter.calls(),
    dynamoByCommand: counter.byCommand(),
    capacity: counter.capacity(),
    peakRssMb: rss.stop() / 2 ** 20,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

async function main() {
  if (args.includes('--upstream')) return runUpstream();
  const jobsites = opt('--jobsites', 2000);
  const workers = opt('--workers', 4);
  const sesRate = opt('--ses-rate', 400);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-bench-real-'));
  const [dynamoPort, sesPort] = await freePorts(2);
  console.log(
    `Real-path dispatch: ${fmt(jobsites)} jobsites, ${workers} workers, SES emulator at ${sesRate}/s; ` +
      `Node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const dynamo = await startDynamoDbLocal({ port: dynamoPort!, dataDir: null });
  const ses = await startSesLocal({ port: sesPort!, maxSendRate: sesRate });
  const upstream = await Upstream.start();
  const nws = await startNws();
  const world = makeWorld(jobsites, 0x26, SLOT);
  const outcomes: Outcome[] = [];
  let seedMs = 0;
  let soak: SoakVerdict | null = null;
  try {
    // Each measured run gets a table of its own, seeded alike, so each sends every message.
    const rootFor = async (table: string, sendRate?: number) => {
      const env = {
        TABLE_NAME: table,
        USER_POOL_ID: 'bench',
        USER_POOL_CLIENT_ID: 'bench',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
        SES_ENDPOINT: `http://127.0.0.1:${sesPort}`,
        MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
        APP_ORIGIN: 'http://localhost:5173',
        UNSUBSCRIBE_SECRET: 'bench-secret-bench-secret-bench-secret',
        RAINCHECK_WEATHER_PROVIDER: 'open-meteo',
        RAINCHECK_OPEN_METEO_URL: upstream.url,
        RAINCHECK_NWS_URL: nws.url,
        ...(sendRate ? { SES_SEND_RATE: String(sendRate) } : {}),
      };
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
      const config = parseConfig(env);
      await ensureTable(new DynamoDBClient({ region: 'us-east-1', endpoint: env.DYNAMODB_ENDPOINT }), table);
      const root = createAppRoot(config, { unsubscribeSecret: env.UNSUBSCRIBE_SECRET });
      seedMs = await seed(root, world);
      return { root, counter: countCalls(root.client) };
    };

    if (args.includes('--soak')) {
      // The same slot 3 times in a row, then twice at once: every message must reach the mailbox once.
      const table = await rootFor('bench-soak');
      for (const n of [1, 2, 3])
        outcomes.push(await runSlot(`soak: run ${n} of 3 in a row`, table.root, table.counter, workers));
      outcomes.push(
        ...(await Promise.all(
          ['A', 'B'].map((n) => runSlot(`soak: concurrent run ${n}`, table.root, table.counter, workers)),
        )),
      );
      soak = await soakVerdict(`http://127.0.0.1:${sesPort}`, outcomes);
    }
    // The old path: one jobsite and one recipient at a time, 10 sends a second per worker process.
    if (!soak && !args.includes('--skip-baseline')) {
      const before = await rootFor('bench-before', 10 * workers);
      outcomes.push(
        await runSlot('before (one at a time, 10/s per worker)', before.root, before.counter, workers, {
          jobsites: 1,
          recipients: 1,
        }),
      );
    }
    if (!soak) {
      const after = await rootFor('bench-after');
      traced.length = 0;
      outcomes.push(await runSlot('now (in flight, account rate)', after.root, after.counter, workers));
      if (process.env.BENCH_TRACE)
        (await import('node:fs')).writeFileSync(`${process.env.BENCH_TRACE}.first`, traced.join('\n'));
      traced.length = 0;
      outcomes.push(await runSlot('now, quiet re-run (nothing changed)', after.root, after.counter, workers));
      if (process.env.BENCH_TRACE)
        (await import('node:fs')).writeFileSync(process.env.BENCH_TRACE, traced.join('\n'));
    }
  } finally {
    await upstream.close();
    nws.server.close();
    await ses.stop();
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `seeded ${fmt(jobsites)} jobsites in ${fmt(seedMs / 1000, 1)} s per table; NWS calls: ${nws.calls.alerts} alerts, ${nws.calls.points} points`,
  );
  console.log(
    '| run | due | judged | sent | wall | slot start → last message | p50 / p99 per jobsite | judged/s | sent/s | DynamoDB calls per jobsite | CPU ms per jobsite | peak RSS |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const o of outcomes)
    console.log(
      `| ${o.label} | ${fmt(o.due)} | ${fmt(o.judged)} | ${fmt(o.sent)} | ${fmt(o.wallMs / 1000, 1)} s | ${fmt(o.lastMessageMs / 1000, 1)} s | ` +
        `${fmt(o.p50Ms / 1000, 1)} s / ${fmt(o.p99Ms / 1000, 1)} s | ${fmt(o.judged / (o.wallMs / 1000))} | ` +
        `${fmt(o.sent / (o.wallMs / 1000))} | ${fmt(o.dynamoCalls / Math.max(1, o.due), 1)} | ${fmt(o.cpuMs / Math.max(1, o.due), 1)} | ${fmt(o.peakRssMb)} MB |`,
    );
  for (const o of outcomes)
    console.log(
      `${o.label}, DynamoDB calls per jobsite by command: ` +
        Object.entries(o.dynamoByCommand)
          .sort((a, b) => b[1] - a[1])
          .map(([name, n]) => `${name.replace(/Command$/, '')} ${fmt(n / Math.max(1, o.due), 2)}`)
          .join(', ') +
        `; capacity units per jobsite: read ${fmt(o.capacity.read / Math.max(1, o.due), 2)}, write ${fmt(o.capacity.write / Math.max(1, o.due), 2)}`,
    );
  if (soak) console.log(`soak: ${JSON.stringify(soak)}`);
  const [base, now] = soak ? [] : outcomes;
  if (base && now)
    console.log(
      `slot start → last message: ${fmt(base.lastMessageMs / Math.max(1, now.lastMessageMs), 1)}× faster`,
    );
  console.log(
    JSON.stringify({
      bench: 'dispatch-real',
      jobsites,
      workers,
      sesRate,
      load: loadavg(),
      nws: nws.calls,
      outcomes,
      ...(soak ? { soak } : {}),
    }),
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
