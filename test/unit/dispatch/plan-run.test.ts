import { randomUUID } from 'node:crypto';
import { decodeBatch } from '../../../lambdas/core/dispatch/dispatch-batch';
import { RUN_RECORD_CAPS } from '../../../lambdas/core/dispatch/run-record-caps';
import type { DispatchRun, NoticeSlotRecord } from '../../../lambdas/core/dispatch/dispatch.ports';
import { batchSizeFor, planRun, type DispatchDeps } from '../../../lambdas/core/dispatch/run-dispatch';
import type { MetricName } from '../../../lambdas/core/observability.ports';
import { memoryDispatchRuns } from '../../support/memory-dispatch-runs';

/** The planner: what it records for a run and what it hands the queue. */

// Wednesday 2 December 2026, 05:00 in Chicago: every slot below is due now.
const AT = new Date('2026-12-02T11:00:00.000Z');
const ZONE = 'America/Chicago';

function deps(dueCount: number) {
  const slots: NoticeSlotRecord[] = Array.from({ length: dueCount }, (_, i) => ({
    tenantId: randomUUID(),
    jobsiteId: randomUUID(),
    time: '05:00',
    forDay: 'same',
    timezone: ZONE,
    workingDays: [1, 2, 3, 4, 5],
    cell: `41.${String(i % 97).padStart(2, '0')}:-87.63`,
  }));
  const runs = memoryDispatchRuns();
  const counted: { name: MetricName; value: number }[] = [];
  let id = 0;
  const d = {
    schedule: { zonesInUse: async () => [ZONE], dueAt: async () => slots },
    runs,
    ids: { next: () => `run-${++id}` },
    clock: { now: () => AT },
    metrics: {
      count: (name: MetricName, value: number) => void counted.push({ name, value }),
      flush: () => undefined,
    },
  } as unknown as DispatchDeps;
  return { deps: d, runs, counted };
}

describe('planRun', () => {
  it('should record a 10,000-jobsite run with capped lists and cut it into messages SQS accepts', async () => {
    const w = deps(10_000);
    const { run, batches } = await planRun(w.deps, { at: AT });
    expect(run).toMatchObject({ due: 10_000, judged: 0, batches: 10, batchesDone: 0 });
    expect(w.runs.stored[0]!.dueJobsites).toHaveLength(RUN_RECORD_CAPS.dueJobsites);
    expect(batches).toHaveLength(10);
    const messages = batches.map(decodeBatch);
    expect(messages.flatMap((m) => m.jobsites)).toHaveLength(10_000);
    for (const body of batches) expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    // Whatever every batch leaves unjudged or says went wrong, the record stays within the caps.
    expect(messages.reduce((n, m) => n + m.unjudgedRoom, 0)).toBeLessThanOrEqual(RUN_RECORD_CAPS.unjudged);
    expect(messages.reduce((n, m) => n + m.errorsRoom, 0)).toBeLessThanOrEqual(RUN_RECORD_CAPS.errors);
    expect(messages.map((m) => m.batchNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(w.counted).toContainEqual({ name: 'JobsitesDue', value: 10_000 });
  });

  it('should cut a slot into whole rounds of the workers so none idles while the last batches run', async () => {
    const w = deps(10_000);
    const { run, batches } = await planRun({ ...w.deps, workers: 4 }, { at: AT });
    // 1,000 a batch would be 10 batches: a third round run by 2 of the 4 workers.
    expect(run).toMatchObject({ due: 10_000, batches: 12 });
    const sizes = batches.map((b) => decodeBatch(b).jobsites.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(834);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
  });

  it.each([
    // due, most a batch, workers → jobsites a batch
    [10_000, 1000, 10, 1000],
    [10_000, 1000, 4, 834],
    [3_000, 1000, 10, 300],
    [100_000, 1000, 10, 1000],
    [120, 1000, 10, 50],
    [40, 1000, 10, 1000],
    [5_000, 1000, 1, 1000],
  ])('should size %i due at most %i a batch for %i workers at %i a batch', (due, max, workers, size) => {
    expect(batchSizeFor(due, max, workers)).toBe(size);
  });

  it('should count an incomplete run when the scheduled run before it judged fewer jobsites than were due', async () => {
    const w = deps(3);
    const previous: DispatchRun = {
      runId: 'earlier',
      startedAt: '2026-12-02T10:45:00.000Z',
      finishedAt: '2026-12-02T10:46:00.000Z',
      slotStart: '2026-12-02T10:45:00.000Z',
      trigger: 'schedule',
      due: 5,
      judged: 3,
      upstreamCalls: 1,
      sent: { notice: 0, update: 0, allClear: 0 },
      failed: 2,
      errors: [],
      dueJobsites: [],
      caughtUp: 0,
      unjudged: [],
    };
    await w.runs.record(previous);
    await planRun(w.deps, { at: AT });
    expect(w.counted).toContainEqual({ name: 'RunsIncomplete', value: 1 });

    const after = deps(3);
    await after.runs.record({ ...previous, judged: 5, failed: 0 });
    await planRun(after.deps, { at: AT });
    expect(after.counted).toContainEqual({ name: 'RunsIncomplete', value: 0 });
  });
});
