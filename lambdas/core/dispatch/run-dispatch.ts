import { dueNotices, slotStart } from '../../../shared/notice-slots';
import type { Clock, DispatchRun, DispatchRunRepo, IdGenerator, JobsiteScheduleRepo } from '../ports';

/**
 * One run of the scheduled dispatch: finds the active jobsites with a notice due in the current slot
 * and records the run. Judging the forecast and sending notices build on this in a later issue.
 */
export async function runDispatch(deps: {
  jobsites: JobsiteScheduleRepo;
  runs: DispatchRunRepo;
  clock: Clock;
  ids: IdGenerator;
}): Promise<DispatchRun> {
  const startedAt = deps.clock.now();
  const slot = slotStart(startedAt);
  const active = await deps.jobsites.listActive();
  const dueJobsites = active
    .filter((site) => {
      try {
        return dueNotices(site, slot).length > 0;
      } catch {
        // A jobsite with a broken timezone must not stop the run for everyone else.
        return false;
      }
    })
    .map(({ tenantId, jobsiteId, name }) => ({ tenantId, jobsiteId, name }));
  const run: DispatchRun = {
    runId: deps.ids.next(),
    startedAt: startedAt.toISOString(),
    finishedAt: deps.clock.now().toISOString(),
    slotStart: slot.toISOString(),
    dueJobsites,
    checkedJobsites: active.length,
  };
  await deps.runs.record(run);
  return run;
}
