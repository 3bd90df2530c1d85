import { localClock, slotStart } from '../../../shared/notice-slots';
import type { IdGenerator } from '../runtime.ports';
import type {
  DispatchRun,
  DispatchRunRepo,
  DueJobsite,
  NoticeSchedule,
  UnjudgedJobsite,
} from './dispatch.ports';
import { notifyJobsites, type NotifyDeps } from './notify-jobsites';
import { planDispatch } from './plan-dispatch';

export interface DispatchDeps extends NotifyDeps {
  schedule: NoticeSchedule;
  runs: DispatchRunRepo;
  ids: IdGenerator;
  /** How due jobsites reach the worker: SQS batches in AWS, in process locally and in tests. */
  batchSize?: number;
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

function unjudgedOf(d: DueJobsite): UnjudgedJobsite {
  return {
    tenantId: d.tenantId,
    jobsiteId: d.jobsiteId,
    workDate: d.workDate,
    noticeTime: d.noticeTime,
    // The planner always knows the zone; UTC only for an entry that somehow lacks it.
    timezone: d.timezone ?? 'UTC',
    ...(d.cell ? { cell: d.cell } : {}),
  };
}

/**
 * The jobsites that recent runs (slots within CATCH_UP_HOURS up to this one) could not judge and that
 * no later run has taken on since, whose working day has not passed in their zone, less those already
 * due now. Runs are read newest first: a jobsite a newer run took on is settled by that run (judged,
 * or listed in its own `unjudged`). Claims keep a jobsite judged twice from sending anything twice.
 */
export async function leftUnjudged(
  slot: Date,
  due: readonly DueJobsite[],
  runs: DispatchRunRepo,
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
  }
  return out;
}

/**
 * One run of the dispatch for the slot containing `at` (default now): plan, catch up what recent runs
 * could not judge, judge and notify in batches, and record the run. Every run is stored, scheduled or not.
 */
export async function runDispatch(
  deps: DispatchDeps,
  opts: { at?: Date; trigger?: DispatchRun['trigger'] } = {},
): Promise<DispatchRun> {
  const startedAt = deps.clock.now();
  const slot = slotStart(opts.at ?? startedAt);
  const runId = deps.ids.next();
  const planned = await planDispatch(slot, deps.schedule);
  const errors: string[] = [];
  let caughtUp: DueJobsite[] = [];
  try {
    caughtUp = await leftUnjudged(slot, planned, deps.runs);
  } catch (err) {
    errors.push(`Catching up failed: ${String((err as Error)?.message ?? err)}`);
  }
  // Kept in grid-cell order, so batches still ask for each cell once.
  const due = [...planned, ...caughtUp].sort((a, b) => (a.cell ?? '').localeCompare(b.cell ?? ''));
  deps.weather.resetStats();
  const run: DispatchRun = {
    runId,
    startedAt: startedAt.toISOString(),
    finishedAt: '',
    slotStart: slot.toISOString(),
    trigger: opts.trigger ?? 'schedule',
    due: due.length,
    judged: 0,
    upstreamCalls: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors,
    dueJobsites: due.map((d) => ({ tenantId: d.tenantId, jobsiteId: d.jobsiteId, workDate: d.workDate })),
    caughtUp: caughtUp.length,
    unjudged: [],
  };
  const size = deps.batchSize ?? 1000;
  for (let i = 0; i < due.length; i += size) {
    const batch = due.slice(i, i + size);
    try {
      const outcome = await notifyJobsites(batch, deps, runId, opts.at);
      run.judged += outcome.judged;
      run.failed += outcome.failed + outcome.unjudged.length;
      run.unjudged.push(...outcome.unjudged.map(unjudgedOf));
      for (const k of ['notice', 'update', 'allClear'] as const) run.sent[k] += outcome.sent[k];
      run.errors.push(...outcome.errors);
    } catch (err) {
      run.failed += batch.length;
      run.unjudged.push(...batch.map(unjudgedOf));
      run.errors.push(`Batch ${i / size + 1} failed: ${String((err as Error)?.message ?? err)}`);
    }
  }
  run.upstreamCalls = deps.weather.stats().upstreamCalls;
  run.errors = run.errors.slice(0, 50);
  run.finishedAt = deps.clock.now().toISOString();
  await deps.runs.record(run);
  return run;
}
