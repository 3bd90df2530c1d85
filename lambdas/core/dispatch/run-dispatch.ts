import { slotStart } from '../../../shared/notice-slots';
import type { IdGenerator } from '../runtime.ports';
import type { DispatchRun, DispatchRunRepo, NoticeSchedule } from './dispatch.ports';
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
 * One run of the dispatch for the slot containing `at` (default now): plan, judge and notify in
 * batches, and record the run. Every run is stored, scheduled or not.
 */
export async function runDispatch(
  deps: DispatchDeps,
  opts: { at?: Date; trigger?: DispatchRun['trigger'] } = {},
): Promise<DispatchRun> {
  const startedAt = deps.clock.now();
  const slot = slotStart(opts.at ?? startedAt);
  const runId = deps.ids.next();
  const due = await planDispatch(slot, deps.schedule);
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
    errors: [],
    dueJobsites: due.map((d) => ({ tenantId: d.tenantId, jobsiteId: d.jobsiteId, workDate: d.workDate })),
  };
  const size = deps.batchSize ?? 1000;
  for (let i = 0; i < due.length; i += size) {
    try {
      const outcome = await notifyJobsites(due.slice(i, i + size), deps, runId, opts.at);
      run.judged += outcome.judged;
      run.failed += outcome.failed + outcome.unjudged.length;
      for (const k of ['notice', 'update', 'allClear'] as const) run.sent[k] += outcome.sent[k];
      run.errors.push(...outcome.errors);
    } catch (err) {
      run.failed += Math.min(size, due.length - i);
      run.errors.push(`Batch ${i / size + 1} failed: ${String((err as Error)?.message ?? err)}`);
    }
  }
  run.upstreamCalls = deps.weather.stats().upstreamCalls;
  run.errors = run.errors.slice(0, 50);
  run.finishedAt = deps.clock.now().toISOString();
  await deps.runs.record(run);
  return run;
}
