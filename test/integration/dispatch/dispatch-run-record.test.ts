import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { DynamoDispatchRunRepo } from '../../../lambdas/adapters/dynamo/dispatch.repo';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import { RUN_RECORD_CAPS } from '../../../lambdas/core/dispatch/run-record-caps';
import type { BatchTally, DispatchRun, UnjudgedJobsite } from '../../../lambdas/core/dispatch/dispatch.ports';
import { testStack } from '../stack';

/**
 * The run record in DynamoDB Local as the fanned-out workers fill it: each batch adds its counts once
 * (a conditional marker and ADD in one transaction), in any order, and a 10,000-jobsite run fits.
 */
const stack = testStack();
const db = createRaincheckService(
  stack.lambdaConfig.TABLE_NAME,
  createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
);
const runs = new DynamoDispatchRunRepo(db);

function unjudged(n: number): UnjudgedJobsite[] {
  return Array.from({ length: n }, () => ({
    tenantId: randomUUID(),
    jobsiteId: randomUUID(),
    workDate: '2026-12-02',
    noticeTime: '05:00',
    timezone: 'America/Argentina/Buenos_Aires',
    cell: '-34.60:-58.40',
  }));
}

function openingRun(due: number, batches: number): DispatchRun {
  // A start in the far past keeps these runs out of the recent runs other tests read.
  const startedAt = new Date(Date.UTC(2001, 0, 1, 0, 0, 0, Math.floor(Math.random() * 1e9))).toISOString();
  return {
    runId: randomUUID(),
    startedAt,
    finishedAt: '',
    slotStart: startedAt,
    trigger: 'schedule',
    due,
    judged: 0,
    upstreamCalls: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors: [],
    dueJobsites: unjudged(due).map(({ tenantId, jobsiteId, workDate }) => ({
      tenantId,
      jobsiteId,
      workDate,
    })),
    caughtUp: 0,
    unjudged: [],
    batches,
    batchesDone: 0,
  };
}

function tally(batchNo: number, counts: Partial<BatchTally>): BatchTally {
  return {
    batchNo,
    judged: 0,
    upstreamCalls: 0,
    forecastCacheHits: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors: [],
    unjudged: [],
    finishedAt: `2001-01-01T00:0${batchNo}:00.000Z`,
    ...counts,
  };
}

describe('the dispatch run record', () => {
  it('should hold the sum of every batch, counting a redelivered batch once, whichever batch finishes last, and what uncounted attempts sent', async () => {
    const run = openingRun(30, 3);
    await runs.record(run);
    const ref = { runId: run.runId, startedAt: run.startedAt };
    const second = tally(2, { judged: 10, upstreamCalls: 2, sent: { notice: 4, update: 1, allClear: 0 } });
    expect(await runs.addBatch(ref, second)).toBe(true);
    expect(
      await runs.addBatch(
        ref,
        tally(1, { judged: 10, upstreamCalls: 1, sent: { notice: 3, update: 0, allClear: 2 } }),
      ),
    ).toBe(true);
    // SQS delivered batch 2 again: nothing is added.
    expect(await runs.addBatch(ref, second)).toBe(false);
    const failed = unjudged(4);
    expect(
      await runs.addBatch(
        ref,
        tally(3, { judged: 6, failed: 4, unjudged: failed, errors: ['Site 7: no forecast (503)'] }),
      ),
    ).toBe(true);

    // An earlier, uncounted attempt at batch 3 had sent one notice and asked upstream twice.
    await runs.addAttempt(ref, {
      sent: { notice: 1, update: 0, allClear: 0 },
      upstreamCalls: 2,
      forecastCacheHits: 1,
    });

    const stored = await runs.get(ref);
    expect(stored).toMatchObject({
      due: 30,
      judged: 26,
      upstreamCalls: 5,
      forecastCacheHits: 1,
      sent: { notice: 8, update: 1, allClear: 2 },
      failed: 4,
      errors: ['Site 7: no forecast (503)'],
      unjudged: failed,
      batches: 3,
      batchesDone: 3,
    });
  });

  it('should store a 10,000-jobsite run that failed whole within the caps, with its full counts', async () => {
    const batches = 10;
    const run = openingRun(10_000, batches);
    await runs.record(run);
    const ref = { runId: run.runId, startedAt: run.startedAt };
    // Each batch stores its share of the room for unjudged jobsites and errors, as the planner gives it.
    const room = Math.floor(RUN_RECORD_CAPS.unjudged / batches);
    for (let b = 1; b <= batches; b++) {
      const added = await runs.addBatch(
        ref,
        tally(b, {
          failed: 1000,
          upstreamCalls: 3,
          unjudged: unjudged(room),
          errors: Array.from(
            { length: 5 },
            (_, i) => `Site ${b}-${i}: no forecast (Open-Meteo answered 503 after 3 attempts)`,
          ),
        }),
      );
      expect(added).toBe(true);
    }
    const stored = (await runs.get(ref))!;
    expect(stored).toMatchObject({
      due: 10_000,
      judged: 0,
      failed: 10_000,
      upstreamCalls: 30,
      batchesDone: 10,
    });
    expect(stored.dueJobsites).toHaveLength(RUN_RECORD_CAPS.dueJobsites);
    expect(stored.unjudged).toHaveLength(RUN_RECORD_CAPS.unjudged);
    expect(stored.errors).toHaveLength(50);
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(400 * 1024);
  });
});
