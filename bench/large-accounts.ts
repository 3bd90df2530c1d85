/**
 * Large accounts and the planner at scale (issue 26 items 7 and 9), on the real local path: the test
 * stack (DynamoDB Local, cognito-local, the payments sandbox) with the api and public-api Lambdas'
 * Hono apps built in this process over its table, every DynamoDB call of their client counted.
 *
 *   npm run bench:large                                   # 100,000 slots; 5,000 jobsites, 20,000 workers
 *   npx tsx bench/large-accounts.ts --slots 20000 --jobsites 1000 --workers 4000
 *   npx tsx bench/large-accounts.ts --skip-planner        # the account's requests only
 *
 * 1. The planner: `--slots` notice-slot items (only what the planner reads) over eight zones, all due
 *    in one slot, written with BatchWriteItem; then the planner's reads (`planDispatch`: the zones
 *    in use, one paged query per zone) and the whole `planRun`, timed, with calls and items read.
 * 2. One Enterprise account (bought through the sandbox's checkout) holding `--jobsites` jobsites and
 *    `--workers` workers, seeded through the records repositories. Each request below runs twice in
 *    the same process: "before", with the store's new reads taken away so the use-cases fall back to
 *    main's code (read the whole collection, page and search in memory, list every worker and crew
 *    to check references, read every jobsite a delete may touch), and "after". Reported: DynamoDB
 *    calls, items read, median time of 5.
 * The last line is JSON.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiApp } from '../lambdas/api/app';
import { createAppRoot } from '../lambdas/composition/app.root';
import { tenantFromStore, type Caller } from '../lambdas/core/caller';
import { planDispatch } from '../lambdas/core/dispatch/plan-dispatch';
import { planRun } from '../lambdas/core/dispatch/run-dispatch';
import { silentLogger } from '../lambdas/core/observability.ports';
import type { RecordRepo, RecordsStore, StoredRecord } from '../lambdas/core/records/records.ports';
import { createPublicApiApp } from '../lambdas/public-api/app';
import { localClock } from '../shared/notice-slots';
import { gridCellKey } from '../shared/weather/grid-cell';
import { accountOnPlan, callApi } from '../test/support/accounts';
import {
  countDynamoCalls,
  jsonPost,
  measuredRequest,
  nameFor,
  seedLargeAccount,
  type InProcessApp,
} from '../test/support/large-account';
import { startTestStack } from '../test/support/stack-process';
import { fmt } from './dispatch/measure';
import { deleteOps } from './large-account-deletes';
import { crewOps } from './large-account-crews';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SLOTS = opt('--slots', 100_000);
const JOBSITES = opt('--jobsites', 5_000);
const WORKERS = opt('--workers', 20_000);
const REPEATS = 5;
const SKIP_PLANNER = args.includes('--skip-planner');

/** A Wednesday slot, 05:00 in Chicago; the seeded account's own notices (18:00) are not due in it. */
const SLOT = new Date('2026-12-02T11:00:00.000Z');
/** Whole-hour zones, so the slot is a quarter-hour local time in each. */
const ZONES =
  'America/New_York America/Chicago America/Denver America/Phoenix America/Los_Angeles America/Anchorage Pacific/Honolulu America/Halifax'.split(
    ' ',
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hhmm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

type Root = ReturnType<typeof createAppRoot>;
type Counter = ReturnType<typeof countDynamoCalls>;

/** `count` notice slots spread over ZONES and ~1,500 grid cells, each due at SLOT (BatchWriteItem). */
async function seedSlots(root: Root, count: number): Promise<number> {
  const started = performance.now();
  const entities = root.db.entities;
  await entities.zoneInUse.put(ZONES.map((timezone) => ({ timezone }))).go();
  const chunk = 5_000;
  for (let from = 0; from < count; from += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - from) }, (_, k) => {
      const i = from + k;
      const timezone = ZONES[i % ZONES.length]!;
      return {
        tenantId: `bench-tenant-${i % 4_000}`,
        jobsiteId: `bench-jobsite-${i}`,
        time: hhmm(localClock(SLOT, timezone).minuteOfDay),
        forDay: 'same' as const,
        timezone,
        workingDays: [1, 2, 3, 4, 5, 6, 7],
        cell: `${gridCellKey(30 + (i % 39) * 0.5, -120 + (Math.floor(i / 39) % 40) * 1.3)}|`,
      };
    });
    await entities.noticeSlot.put(items).go({ concurrency: 8 });
  }
  return performance.now() - started;
}

async function measurePlanner(root: Root, counter: Counter) {
  const seedMs = await seedSlots(root, SLOTS);
  const reads: { ms: number; calls: number; itemsRead: number; due: number }[] = [];
  for (let i = 0; i < 3; i++) {
    counter.reset();
    const t0 = performance.now();
    const due = await planDispatch(SLOT, root.dispatch.schedule);
    reads.push({
      ms: performance.now() - t0,
      calls: counter.calls,
      itemsRead: counter.itemsRead,
      due: due.length,
    });
  }
  counter.reset();
  const t0 = performance.now();
  const { run, batches } = await planRun(root.dispatch, { at: SLOT, trigger: 'admin' });
  const plan = { ms: performance.now() - t0, calls: counter.calls, due: run.due, batches: batches.length };
  const read = reads.sort((a, b) => a.ms - b.ms)[1]!;
  return { seedMs, read, plan };
}

/** The store as main's code used it: no batched gets, no ordered indexes, no email index. */
function withoutNewReads(records: RecordsStore): RecordsStore {
  const strip = <R extends RecordRepo<StoredRecord>>(repo: R): R => {
    const {
      existing: _e,
      sortedPage: _s,
      indexedSorts: _i,
      ...rest
    } = repo as R & { idsWithEmail?: unknown };
    delete (rest as { idsWithEmail?: unknown }).idsWithEmail;
    delete (rest as { withEmails?: unknown }).withEmails;
    delete (rest as { crewMembers?: unknown }).crewMembers;
    delete (rest as { removeUnused?: unknown }).removeUnused;
    delete (rest as { usesOf?: unknown }).usesOf;
    return rest as R;
  };
  return {
    clients: strip(records.clients),
    crews: strip(records.crews),
    workers: strip(records.workers),
    jobsites: strip(records.jobsites),
    idempotency: records.idempotency,
  };
}

interface Op {
  name: string;
  app: 'api' | 'v1';
  /** The status it must answer (any below 300 when not given). */
  status?: number;
  /** The request of repetition `rep`. */
  request: (rep: number) => { path: string; init?: RequestInit };
}

async function main() {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  console.log(
    `Large accounts: ${SKIP_PLANNER ? 'planner skipped' : `${fmt(SLOTS)} planner slots`}; one account of ${fmt(JOBSITES)} jobsites and ` +
      `${fmt(WORKERS)} workers; Node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const { info, stop } = await startTestStack(rootDir, {
    RAINCHECK_PORT: process.env.RAINCHECK_BENCH_PORT ?? '3347',
  });
  try {
    const root = createAppRoot(info.lambdaConfig);
    const counter = countDynamoCalls(root.client);

    const planner = SKIP_PLANNER ? null : await measurePlanner(root, counter);
    if (planner) {
      console.log(
        `\nPlanner, ${fmt(SLOTS)} due jobsites in ${ZONES.length} zones (seeded in ${fmt(planner.seedMs / 1000, 1)} s):`,
      );
      console.log('| step | time | DynamoDB calls | items read | due | batches |');
      console.log('|---|---|---|---|---|---|');
      const r = planner.read;
      console.log(
        `| planner reads (planDispatch, median of 3) | ${fmt(r.ms)} ms | ${r.calls} | ${fmt(r.itemsRead)} | ${fmt(r.due)} | |`,
      );
      const p = planner.plan;
      console.log(
        `| planRun (reads, record, batches) | ${fmt(p.ms)} ms | ${p.calls} | | ${fmt(p.due)} | ${p.batches} |`,
      );
    }

    const account = await accountOnPlan(info, 'bench-large', 'enterprise');
    const key = await callApi(info, '/api/api-keys', {
      token: account.token,
      body: { name: 'Bench', scopes: ['read', 'write'] },
    });
    const tenant = tenantFromStore(account.userId);
    const t0 = performance.now();
    const seeded = await seedLargeAccount(root.records, tenant, {
      workers: WORKERS,
      jobsites: JOBSITES,
      crews: 50,
      prefix: 'bench',
    });
    const accountSeedMs = performance.now() - t0;
    const caller: Caller = {
      userId: account.userId,
      email: account.email,
      groups: [],
      accountId: account.userId,
    };
    const auth = { headers: { authorization: `Bearer ${key.body.secret as string}` } };
    // Seeded worker 10 as it is, worker 11 with a trade of this file's own, and a new worker.
    const importFile = (tag: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: [
        'name,email,trade',
        `${nameFor(10)},bench.worker10@example.com,Electrician`,
        `${nameFor(11)},bench.worker11@example.com,Trade ${tag}`,
        `New ${tag},new.${tag}.${Date.now()}@example.com,Laborer`,
      ].join('\n'),
    });
    const ops: Op[] = [
      { name: 'jobsites list page (50)', app: 'api', request: () => ({ path: '/api/jobsites?limit=50' }) },
      { name: 'workers list page (50)', app: 'api', request: () => ({ path: '/api/workers?limit=50' }) },
      {
        name: 'workers search, common ("oak street")',
        app: 'api',
        request: () => ({ path: '/api/workers?q=oak%20street&limit=50' }),
      },
      {
        name: 'jobsites search, one match (its name)',
        app: 'api',
        request: () => ({ path: `/api/jobsites?q=${encodeURIComponent(' 4321 site')}&limit=50` }),
      },
      {
        name: 'jobsite create (5 workers, foreman, 1 crew)',
        app: 'api',
        request: (rep) => ({
          path: '/api/jobsites',
          init: jsonPost({
            name: `Bench tower ${rep}`,
            latitude: 41.88,
            longitude: -87.63,
            foremanWorkerId: seeded.workerIds[rep],
            recipients: {
              workerIds: seeded.workerIds.slice(rep * 5, rep * 5 + 5),
              crewIds: [seeded.crewIds[rep]],
              notifyClient: false,
            },
          }),
        }),
      },
      {
        name: 'worker create (1 crew)',
        app: 'api',
        request: (rep) => ({
          path: '/api/workers',
          init: jsonPost({
            name: `Hire ${rep}`,
            email: `hire.${Date.now()}.${rep}@example.com`,
            crewIds: [seeded.crewIds[rep]],
          }),
        }),
      },
      {
        name: '/v1 jobsites cursor page (50)',
        app: 'v1',
        request: () => ({ path: '/v1/jobsites?limit=50', init: auth }),
      },
      // The other sorts (issue 26 item 9, branch bigaccounts).
      ...(['-createdAt', '-updatedAt', 'email'] as const).map((sort): Op => ({
        name: `workers page by ${sort} (50)`,
        app: 'api',
        request: () => ({ path: `/api/workers?limit=50&sort=${sort}` }),
      })),
      {
        name: 'workers search by email order ("oak street")',
        app: 'api',
        request: () => ({ path: '/api/workers?q=oak%20street&limit=50&sort=email' }),
      },
      {
        name: 'jobsites page by -updatedAt (50)',
        app: 'api',
        request: () => ({ path: '/api/jobsites?limit=50&sort=-updatedAt' }),
      },
      { name: 'crews list page (50 crews)', app: 'api', request: () => ({ path: '/api/crews?limit=50' }) },
      {
        name: '/v1 jobsites cursor page by -createdAt (50)',
        app: 'v1',
        request: () => ({ path: '/v1/jobsites?limit=50&sort=-createdAt', init: auth }),
      },
      // The jobsites screen's outlook (every active jobsite, 2 days) and the weather screen's (7 days).
      { name: 'weather outlook, 2 days', app: 'api', request: () => ({ path: '/api/weather?days=2' }) },
      { name: 'weather outlook, 7 days', app: 'api', request: () => ({ path: '/api/weather?days=7' }) },
      // Workers imports: a file's rows matched to workers by email (2026-11-28, late afternoon).
      {
        name: 'workers import preview (3 rows: unchanged, updated, new)',
        app: 'api',
        request: () => ({ path: '/api/workers/import?dryRun=true', init: importFile('preview') }),
      },
      {
        name: 'workers import (3 rows: unchanged, updated, new)',
        app: 'api',
        request: (rep) => ({ path: '/api/workers/import', init: importFile(`import${rep}`) }),
      },
      // Deletes (issue 26 item 9, branch deletes).
      ...(await deleteOps(root.records, tenant, seeded, REPEATS)),
      // Crew members counted (branch crewrace).
      ...crewOps(seeded),
    ];
    const results: Record<
      string,
      Record<'before' | 'after', { calls: number; itemsRead: number; ms: number }>
    > = {};
    for (const variant of ['before', 'after'] as const) {
      const records = variant === 'before' ? withoutNewReads(root.records) : root.records;
      const apps: Record<Op['app'], InProcessApp> = {
        api: createApiApp({ ...root, records, authenticate: async () => caller }),
        v1: createPublicApiApp({ ...root, records, log: silentLogger }),
      };
      for (const op of ops) {
        // Unmeasured: a tenant's first name page of a kind checks once for records older than the index.
        const warm = op.request(2 * REPEATS);
        await apps[op.app].request(warm.path, warm.init);
        const runs = [];
        for (let rep = 0; rep < REPEATS; rep++) {
          const { path: url, init } = op.request(variant === 'before' ? rep : REPEATS + rep);
          const m = await measuredRequest(counter, apps[op.app], url, init);
          if (op.status ? m.status !== op.status : m.status >= 300)
            throw new Error(`${op.name} (${variant}) answered ${m.status}: ${JSON.stringify(m.body)}`);
          runs.push(m);
          // The key's bucket holds 20 calls, refilled at 10/s: stay under it.
          if (op.app === 'v1') await new Promise((r) => setTimeout(r, 150));
        }
        (results[op.name] ??= {} as never)[variant] = {
          calls: Math.max(...runs.map((m) => m.calls)),
          itemsRead: Math.max(...runs.map((m) => m.itemsRead)),
          ms: median(runs.map((m) => m.ms)),
        };
      }
    }
    console.log(
      `\nOne account, ${fmt(JOBSITES)} jobsites and ${fmt(WORKERS)} workers (seeded in ${fmt(accountSeedMs / 1000, 1)} s):`,
    );
    console.log(
      '| request | before: calls / items read / time | after: calls / items read / time | items read, after ÷ before |',
    );
    console.log('|---|---|---|---|');
    for (const [name, { before, after }] of Object.entries(results))
      console.log(
        `| ${name} | ${before.calls} / ${fmt(before.itemsRead)} / ${fmt(before.ms)} ms | ${after.calls} / ${fmt(after.itemsRead)} / ${fmt(after.ms)} ms | ${(after.itemsRead / Math.max(before.itemsRead, 1)).toFixed(4)} |`,
      );
    console.log(
      JSON.stringify({
        bench: 'large-accounts',
        slots: SLOTS,
        jobsites: JOBSITES,
        workers: WORKERS,
        planner,
        accountSeedMs: Math.round(accountSeedMs),
        requests: results,
      }),
    );
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
