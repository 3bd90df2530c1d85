import { createCompositionRoot } from '../../lambdas/composition-root';
import { runDispatch } from '../../lambdas/core/dispatch/run-dispatch';
import { localClock, slotStart } from '../../shared/notice-slots';
import { testStack } from './stack';

const stack = testStack();
const config = stack.lambdaConfig;
const { db } = createCompositionRoot(config);

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

describe('the scheduled dispatch run', () => {
  it('should record the run with the jobsites whose notice falls in the current slot, and only those', async () => {
    const tz = 'America/Denver';
    const now = new Date();
    const local = localClock(slotStart(now), tz);
    const allDays = [1, 2, 3, 4, 5, 6, 7];
    const tenantId = `tenant-${Date.now()}`;
    await db.entities.jobsite
      .put({
        tenantId,
        jobsiteId: 'due-now',
        name: 'Due now',
        timezone: tz,
        active: true,
        noticeTimes: [{ time: hhmm(local.minuteOfDay), forDay: 'same' }],
        workingDays: allDays,
      })
      .go();
    await db.entities.jobsite
      .put({
        tenantId,
        jobsiteId: 'later',
        name: 'Later',
        timezone: tz,
        active: true,
        noticeTimes: [{ time: hhmm((local.minuteOfDay + 120) % 1440), forDay: 'same' }],
        workingDays: allDays,
      })
      .go();
    await db.entities.jobsite
      .put({
        tenantId,
        jobsiteId: 'paused',
        name: 'Paused',
        timezone: tz,
        active: false,
        noticeTimes: [{ time: hhmm(local.minuteOfDay), forDay: 'same' }],
        workingDays: allDays,
      })
      .go();

    const root = createCompositionRoot(config, { clock: { now: () => now } });
    const run = await runDispatch(root.dispatch);

    const mine = run.dueJobsites.filter((j) => j.tenantId === tenantId).map((j) => j.jobsiteId);
    expect(mine).toEqual(['due-now']);
    const recent = await root.dispatch.runs.listRecent(5);
    expect(recent.map((r) => r.runId)).toContain(run.runId);
    expect(run.checkedJobsites).toBeGreaterThanOrEqual(2);
  });
});
