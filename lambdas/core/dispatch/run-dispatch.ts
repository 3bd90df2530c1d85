import { localClock, slotStart } from '../../../shared/notice-slots';
import { silentLogger } from '../observability.ports';
import type { IdGenerator } from '../runtime.ports';
import { encodeBatch, workBatch, type BatchDeps } from './dispatch-batch';
import { RUN_RECORD_CAPS } from './run-record-caps';
import type { DispatchRun, DueJobsite, NoticeSchedule } from './dispatch.ports';
import { inBatchOrder, planDispatch } from './plan-dispatch';
import { sweepEscalations } from '../confirmations/dispatch-confirmations';

export interface DispatchDeps extends BatchDeps {
  schedule: NoticeSchedule;
  ids: IdGenerator;
  /** Jobsites per batch at most (one queue message in AWS): 1,000 keeps a message well under SQS's 256 KB. */
  batchSize?: number;
  /** Worker Lambdas taking batches at once (the queue's maximum concurrency); 1 when unknown. */
  workers?: number;
}

/** A batch smaller than this costs more in per-batch reads than its parallel share saves. */
const MIN_BATCH = 50;

/**
 * Jobsites per batch so the batches come in whole rounds of `workers`: 10,000 due at 1,000 a batch on 4
 * workers would be 10 batches, the last round run by 2 workers while 2 idle; 12 batches of 834 keep all
 * 4 busy to the end. With fewer due than `maxSize × workers`, every worker still gets a share.
 */
export function batchSizeFor(due: number, maxSize: number, workers: number): number {
  if (due <= MIN_BATCH || workers <= 1) return maxSize;
  const rounds = Math.ceil(due / (maxSize * workers));
  return Math.min(maxSize, Math.max(MIN_BATCH, Math.ceil(due / (rounds * workers))));
}

/** Where the planner's batches go: the SQS queue in AWS (the `dispatch-worker` Lambda consumes it). */
export interface DispatchQueue {
  send(bodies: readonly string[]): Promise<void>;
}

/**
 * How far back a run looks for jobsites earlier runs left unjudged. A run that cannot judge a
 * caught-up jobsite lists it again, so an outage longer than this still carries it forward run after
 * run while its day lasts; the window only has to bridge a few missed or unrecorded runs.
 */
export const CATCH_UP_HOURS = 3;
/** Run records read to catch up: four scheduled runs an hour, and room for admin runs. */
const CATCH_UP_RUNS = 24;

const keyOf = (d: { tenantId: string; jobsiteId: string; workDate: string }) =>
  `${d.tenantId}|${d.jobsiteId}|${d.workDate}`;

/**
 * The jobsites that recent runs (slots within CATCH_UP_HOURS up to this one) could not judge and that
 * no later run has taken on since, whose working day has not passed in their zone, less those already
 * due now. Runs are read newest first: a jobsite a newer run took on is settled by that run (judged,
 * or listed in its own `unjudged`). Claims keep a jobsite judged twice from sending anything twice.
 */
export async function leftUnjudged(
  slot: Date,
  due: readonly DueJobsite[],
  runs: DispatchDeps['runs'],
): Promise<DueJobsite[]> {
  const since = slot.getTime() - CATCH_UP_HOURS * 3600_000;
  const recent = (await runs.listRecent(CATCH_UP_RUNS))
    .filter((r) => {
      const t = Date.parse(r.slotStart);
      return t >= since && t <= slot.getTime();
    })
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  const settled = new Set(due.map(keyOf));
  const out: DueJobsite[] = [];
  for (const run of recent) {
    for (const u of run.unjudged) {
      const key = keyOf(u);
      if (settled.has(key)) continue;
      settled.add(key);
      let today: string;
      try {
        today = localClock(slot, u.timezone).date;
      } catch {
        continue;
      }
      if (u.workDate < today) continue;
      out.push({ ...u });
    }
    for (const d of run.dueJobsites) settled.add(keyOf(d));
    // A run record keeps only the head of its due list (RUN_RECORD_CAPS). Such a run took on every
    // older entry it could (its own catch-up read succeeded), so older lists are settled by it.
    const truncated = run.dueJobsites.length < run.due;
    if (truncated && !run.errors.some((e) => e.startsWith('Catching up failed'))) break;
  }
  return out;
}

export interface PlannedRun {
  run: DispatchRun;
  /** The queue messages, one per batch of due jobsites in `inBatchOrder`. */
  batches: string[];
}

/**
 * The planner: the jobsites due in the slot containing `at` (default now) and those recent runs could
 * not judge, recorded as the run's opening record (counts at zero, filled in by the batches), cut into
 * batches for the worker. Before that, it looks at the previous scheduled run: one that judged fewer
 * jobsites than were due counts in `RunsIncomplete` (the alarm on it is in the alerts construct).
 */
export async function planRun(
  deps: DispatchDeps,
  opts: { at?: Date; trigger?: DispatchRun['trigger'] } = {},
): Promise<PlannedRun> {
  const startedAt = deps.clock.now();
  const slot = slotStart(opts.at ?? startedAt);
  const runId = deps.ids.next();
  const trigger = opts.trigger ?? 'schedule';
  const log = (deps.log ?? silentLogger).with({ runId, slotStart: slot.toISOString() });
  // First, the foremen nobody heard from in time: their managers are told before anything else.
  const errors: string[] = await sweepEscalations(deps, opts.at ?? startedAt, log);
  const planned = await planDispatch(slot, deps.schedule);
  let caughtUp: DueJobsite[] = [];
  try {
    caughtUp = await leftUnjudged(slot, planned, deps.runs);
  } catch (err) {
    errors.push(`Catching up failed: ${String((err as Error)?.message ?? err)}`);
  }
  if (trigger === 'schedule') await reportPreviousRun(deps, slot, log);
  // The jobsites caught up join the planned ones in the order batches are cut from.
  const due = inBatchOrder([...planned, ...caughtUp]);
  const size = batchSizeFor(due.length, deps.batchSize ?? 1000, deps.workers ?? 1);
  const count = Math.ceil(due.length / size);
  const run: DispatchRun = {
    runId,
    startedAt: startedAt.toISOString(),
    // A run with nothing due is done when it is planned; otherwise the last batch sets it.
    finishedAt: count === 0 ? startedAt.toISOString() : '',
    slotStart: slot.toISOString(),
    trigger,
    due: due.length,
    judged: 0,
    upstreamCalls: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors,
    dueJobsites: due
      .slice(0, RUN_RECORD_CAPS.dueJobsites)
      .map((d) => ({ tenantId: d.tenantId, jobsiteId: d.jobsiteId, workDate: d.workDate })),
    caughtUp: caughtUp.length,
    unjudged: [],
    batches: count,
    batchesDone: 0,
    forecastCacheHits: 0,
  };
  await deps.runs.record(run);
  deps.metrics?.count('JobsitesDue', due.length);
  const header = {
    runId,
    runStartedAt: run.startedAt,
    slotStart: run.slotStart,
    asOf: (opts.at ?? startedAt).toISOString(),
    unjudgedRoom: Math.floor(RUN_RECORD_CAPS.unjudged / Math.max(count, 1)),
    errorsRoom: Math.max(1, Math.floor((RUN_RECORD_CAPS.errors - errors.length) / Math.max(count, 1))),
  };
  const batches: string[] = [];
  for (let i = 0; i < count; i++)
    batches.push(encodeBatch({ ...header, batchNo: i + 1 }, due.slice(i * size, (i + 1) * size)));
  log.info('dispatch run planned', { trigger, due: due.length, caughtUp: caughtUp.length, batches: count });
  return { run, batches };
}

/** The previous scheduled run's outcome as a metric: 1 when it judged fewer jobsites than were due. */
async function reportPreviousRun(deps: DispatchDeps, slot: Date, log: ReturnType<typeof silentLogger.with>) {
  try {
    const previous = (await deps.runs.listRecent(CATCH_UP_RUNS))
      .filter((r) => r.trigger === 'schedule' && Date.parse(r.slotStart) < slot.getTime())
      .sort((a, b) => b.slotStart.localeCompare(a.slotStart))[0];
    if (!previous) return;
    const incomplete = previous.judged < previous.due;
    deps.metrics?.count('RunsIncomplete', incomplete ? 1 : 0);
    if (incomplete)
      log.warn('previous run judged fewer jobsites than were due', {
        previousRunId: previous.runId,
        due: previous.due,
        judged: previous.judged,
        batches: previous.batches,
        batchesDone: previous.batchesDone,
      });
  } catch (err) {
    log.error('could not read the previous run', { error: String((err as Error)?.message ?? err) });
  }
}

/** The scheduled dispatch in AWS: plan, then hand the batches to the queue for the worker Lambda. */
export async function planAndEnqueue(deps: DispatchDeps, queue: DispatchQueue): Promise<DispatchRun> {
  const { run, batches } = await planRun(deps);
  await queue.send(batches);
  return run;
}

/**
 * One whole run in process (the local stack, the admin's "run now", tests): plan, then each batch
 * through the worker's use-case on its last attempt (nothing will retry it here: its failure is
 * recorded and the next runs catch it up), and answer the finished run record.
 */
export async function runDispatch(
  deps: DispatchDeps,
  opts: { at?: Date; trigger?: DispatchRun['trigger'] } = {},
): Promise<DispatchRun> {
  const { run, batches } = await planRun(deps, opts);
  for (const body of batches) await workBatch(deps, body, { finalAttempt: true });
  return (await deps.runs.get({ runId: run.runId, startedAt: run.startedAt })) ?? run;
}
