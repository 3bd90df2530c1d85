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
 *   npx tsx bench/dispatch-real.ts --one-process ...                 # the workers as loops in this process
 *   npx tsx bench/dispatch-real.ts --warm-workers ...                # the same worker processes for the re-run
 *   npx tsx bench/dispatch-real.ts --worker-node-options none ...     # workers without the Lambda's Node flags
 *   npx tsx bench/dispatch-real.ts --accounts-known ...              # accounts' roster items as a lived-in table has them
 *   npx tsx bench/dispatch-real.ts --storm 0.4 ...                   # the storm's share of the area
 *   npx tsx bench/dispatch-real.ts --jobsites-in-flight 16 --recipients-in-flight 4 ...  # other in-flight settings
 *   BENCH_TRACE=/tmp/trace.txt npx tsx bench/dispatch-real.ts --one-process ...  # every DynamoDB call's key
 *
 * Seeds the issue's storm morning (bench/dispatch/world.ts: contractors of 1–40 jobsites around 54
 * cities in several zones, a crew per ~2 jobsites of 3–15 workers, each jobsite told through 1–3
 * crews, half the workers texted, every account on Enterprise) into DynamoDB Local with the
 * repositories' items (bench/dispatch/seed.ts), each jobsite's notice time the slot's local time so
 * all are due at once. The Open-Meteo stand-in serves a storm over `--storm` of the area (0.25: 25%
 * of the 0.5° regions; calm elsewhere), the NWS stand-in a few warning polygons; the SES emulator and
 * the local SMS server receive. Each worker Lambda is its own process (its own composition root and
 * SDK clients) taking batches from one list; the planner runs here. Runs the slot on two tables
 * seeded alike: as it works now, then a quiet re-run (nothing changed) that counts DynamoDB calls per
 * jobsite, then as the code worked before this issue (the baseline: one jobsite and one recipient at
 * a time, 10 sends/s per worker). Each run prints a line as it ends. `--soak` seeds one table, runs the slot 3 times in a
 * row and then twice at once, and counts both mailboxes by message id (bench/dispatch/soak.ts).
 * Reports emails and texts, judged/s, messages/s, slot start → last message (p50, p99 per jobsite),
 * DynamoDB calls per jobsite (and by command), CPU per process, NWS calls, peak RSS. The last line
 * is JSON.
 */
import { loadavg } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { slotStart } from '../shared/notice-slots';
import { freePorts } from '../local/processes';
import { startDynamoDbLocal, startSesLocal } from '../local/emulators';
import { ensureTable } from '../local/provision';
import { runUpstream, Upstream } from './dispatch/upstream';
import { makeWorld, withCrews } from './dispatch/world';
import { fmt } from './dispatch/measure';
import { startNws } from './dispatch/nws-stand-in';
import { countCalls, traced } from './dispatch/count-calls';
import { soakVerdict, type SoakVerdict } from './dispatch/soak';
import { seedWorld } from './dispatch/seed';
import { runSlot, type BenchTable, type Outcome, type SlotOptions } from './dispatch/slot-run';
import { rootOf, runSlotWorker, WorkerPool, type BenchEnv } from './dispatch/slot-workers';
import { BENCH_SMS_NUMBER, runSmsOutbox, startSmsOutbox } from './dispatch/sms-outbox';
import { printOutcomes } from './dispatch/report';
import { printWrites, profileWrites } from './dispatch/write-profile';

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
const BEFORE = 'before (one at a time, 10/s per worker)';

async function main() {
  if (args.includes('--upstream')) return runUpstream();
  if (args.includes('--slot-worker')) return runSlotWorker();
  if (args.includes('--sms-server')) return runSmsOutbox();
  const jobsites = opt('--jobsites', 2000);
  const workers = opt('--workers', 4);
  const sesRate = opt('--ses-rate', 400);
  // 25% of the area under the storm: ≥ 2 messages per jobsite (emails and texts) for 10,000 jobsites.
  const storm = opt('--storm', 0.25);
  const processes = !args.includes('--one-process');
  const warm = processes && args.includes('--warm-workers');
  const [dynamoPort, sesPort] = await freePorts(2);
  console.log(
    `Real-path dispatch: ${fmt(jobsites)} jobsites, ${workers} workers (${processes ? `a process each${warm ? ', kept for the re-run' : ''}` : 'in one process'}), ` +
      `storm over ${fmt(storm * 100)}% of the area, SES emulator at ${sesRate}/s; Node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const dynamo = await startDynamoDbLocal({ port: dynamoPort!, dataDir: null });
  const ses = await startSesLocal({ port: sesPort!, maxSendRate: sesRate });
  const sms = await startSmsOutbox();
  const upstream = await Upstream.start(storm);
  const nws = await startNws();
  const world = makeWorld(jobsites, 0x26, SLOT);
  const crews = withCrews(world, 0x26c);
  const outcomes: Outcome[] = [];
  // Each run's figures as it ends (a long run shows its progress), all of them again at the end.
  const done = (o: Outcome) => {
    outcomes.push(o);
    console.log(
      `${new Date().toISOString()} ${o.label}: ${fmt(o.sent)} emails, ${fmt(o.texts)} texts, last message at ` +
        `${fmt(o.lastMessageMs / 1000, 1)} s, wall ${fmt(o.wallMs / 1000, 1)} s, load ${o.load.map((l) => l.toFixed(1)).join(' ')}`,
    );
  };
  let seedMs = 0;
  let soak: SoakVerdict | null = null;
  let profile: ReturnType<typeof profileWrites> | null = null;
  // The worker's own settings unless given: how many jobsites, and recipients of each, a batch has in flight.
  const nowInFlight = args.includes('--jobsites-in-flight')
    ? { jobsites: opt('--jobsites-in-flight', 8), recipients: opt('--recipients-in-flight', 4) }
    : undefined;
  const emulators = [
    { name: 'DynamoDB Local', pid: dynamo.child.pid! },
    { name: 'SES emulator', pid: ses.child.pid! },
    { name: 'SMS server', pid: sms.pid },
  ];
  const slot = (inFlight?: SlotOptions['inFlight']): SlotOptions => ({
    slot: SLOT,
    workers,
    processes,
    emulators,
    ...(inFlight ? { inFlight } : {}),
  });
  // Each run's Open-Meteo stand-in figures: one request per batch's missing cells, one location per cell asked.
  const runSlotCounted = async (...a: Parameters<typeof runSlot>) => {
    await upstream.reset();
    const outcome = await runSlot(...a);
    const s = await upstream.stats();
    console.log(`${a[0]}: Open-Meteo stand-in ${s.requests} requests, ${s.locations} locations asked`);
    return outcome;
  };
  try {
    // Each measured run gets a table of its own, seeded alike, so each sends every message.
    const tableFor = async (table: string, sendRate?: number): Promise<BenchTable> => {
      const env: BenchEnv = {
        TABLE_NAME: table,
        USER_POOL_ID: 'bench',
        USER_POOL_CLIENT_ID: 'bench',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
        SES_ENDPOINT: `http://127.0.0.1:${sesPort}`,
        SMS_ENDPOINT: sms.url,
        SMS_ORIGINATION_IDENTITY: BENCH_SMS_NUMBER,
        SMS_CONFIGURATION_SET: 'raincheck-bench',
        MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
        APP_ORIGIN: 'http://localhost:5173',
        UNSUBSCRIBE_SECRET: 'bench-secret-bench-secret-bench-secret',
        RAINCHECK_WEATHER_PROVIDER: 'open-meteo',
        RAINCHECK_OPEN_METEO_URL: upstream.url,
        RAINCHECK_NWS_URL: nws.url,
        ...(sendRate ? { SES_SEND_RATE: String(sendRate) } : {}),
      };
      const root = rootOf(env);
      await ensureTable(new DynamoDBClient({ region: 'us-east-1', endpoint: env.DYNAMODB_ENDPOINT }), table);
      seedMs = await seedWorld(root, world, SLOT, args.includes('--accounts-known'));
      const counter = countCalls(root.client);
      profile = process.env.BENCH_WRITES ? profileWrites(root.client) : null;
      return { root, counter, env };
    };

    if (args.includes('--soak')) {
      // The same slot 3 times in a row, then twice at once: every message must reach a mailbox once.
      const table = await tableFor('bench-soak');
      for (const n of [1, 2, 3]) done(await runSlot(`soak: run ${n} of 3 in a row`, table, slot()));
      (await Promise.all(['A', 'B'].map((n) => runSlot(`soak: concurrent run ${n}`, table, slot())))).forEach(
        done,
      );
      soak = await soakVerdict(`http://127.0.0.1:${sesPort}`, sms.url, outcomes);
    }
    if (!soak) {
      // Today's path first (its figures are the ones that matter if a long run is cut short).
      const after = await tableFor('bench-after');
      const trace = process.env.BENCH_TRACE;
      // Without it each run starts its worker processes afresh (`--one-process` keeps its one root).
      const pool = warm ? await WorkerPool.start(workers, after.env) : undefined;
      const run = { ...slot(nowInFlight), ...(pool ? { pool } : {}) };
      try {
        traced.length = 0;
        done(await runSlotCounted('now (in flight, account rate)', after, run));
        printWrites('first run', profile, jobsites);
        if (trace) (await import('node:fs')).writeFileSync(`${trace}.first`, traced.join('\n'));
        traced.length = 0;
        done(await runSlotCounted('now, quiet re-run (nothing changed)', after, run));
        if (trace) (await import('node:fs')).writeFileSync(trace, traced.join('\n'));
      } finally {
        await pool?.close();
      }
    }
    // The old path: one jobsite and one recipient at a time, 10 sends a second per worker.
    if (!soak && !args.includes('--skip-baseline')) {
      const before = await tableFor('bench-before', 10 * workers);
      done(await runSlotCounted(BEFORE, before, slot({ jobsites: 1, recipients: 1 })));
    }
  } finally {
    await upstream.close();
    nws.server.close();
    await sms.close();
    await ses.stop();
    await dynamo.stop();
  }

  const texting = `${fmt(crews.texting)} texted (SMS on, consent given)`;
  console.log(
    `world: ${fmt(jobsites)} jobsites of ${fmt(world.tenants.size)} accounts (Enterprise) in ${fmt(world.cells)} grid cells and ` +
      `${fmt(new Set(world.due.map((d) => world.tenants.get(d.tenantId)!.jobsites.get(d.jobsiteId)!.timezone)).size)} zones; ` +
      `${fmt(crews.crews)} crews, ${fmt(crews.workers)} workers, ${texting}`,
  );
  console.log(
    `seeded in ${fmt(seedMs / 1000, 1)} s per table; NWS calls: ${nws.calls.alerts} alerts, ${nws.calls.points} points`,
  );
  printOutcomes(outcomes);
  if (soak) console.log(`soak: ${JSON.stringify(soak)}`);
  const base = outcomes.find((o) => o.label === BEFORE);
  const now = outcomes.find((o) => o.label.startsWith('now (') && o.sent > 0);
  if (base && now && now.lastMessageMs > 0)
    console.log(`slot start → last message: ${fmt(base.lastMessageMs / now.lastMessageMs, 1)}× faster`);
  console.log(
    JSON.stringify({
      bench: 'dispatch-real',
      jobsites,
      workers,
      processes,
      warmWorkers: warm,
      accountsKnown: args.includes('--accounts-known'),
      storm,
      sesRate,
      world: { accounts: world.tenants.size, cells: world.cells, ...crews },
      load: loadavg(),
      nws: nws.calls,
      outcomes,
      ...(soak ? { soak, exactlyOnce: soak.exactlyOnce } : {}),
    }),
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
