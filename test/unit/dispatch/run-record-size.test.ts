import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { storedError } from '../../../lambdas/adapters/dynamo/dispatch.repo';
import { dispatchRunEntity } from '../../../lambdas/adapters/dynamo/entities/dispatch-run.entity';
import { decodeBatch } from '../../../lambdas/core/dispatch/dispatch-batch';
import { RUN_RECORD_CAPS } from '../../../lambdas/core/dispatch/run-record-caps';
import type {
  DispatchRun,
  NoticeSlotRecord,
  UnjudgedJobsite,
} from '../../../lambdas/core/dispatch/dispatch.ports';
import { planRun, type DispatchDeps } from '../../../lambdas/core/dispatch/run-dispatch';
import { SIMULATED_SCENARIOS } from '../../../shared/records';
import { gridCellKey } from '../../../shared/weather/grid-cell';
import { DYNAMO_ITEM_LIMIT_BYTES, dynamoItemBytes } from '../../support/dynamo-item-size';
import { memoryDispatchRuns } from '../../support/memory-dispatch-runs';

/**
 * The run record of a 100,000-jobsite slot (issue 26 item 7) stays a DynamoDB item: under 400 KB as
 * DynamoDB counts it, even when every one of its batches fills all the room the planner gave it for
 * unjudged jobsites and errors, with the longest values those can hold.
 */
const AT = new Date('2026-12-02T11:00:00.000Z'); // Wednesday, 05:00 in Chicago
const DUE = 100_000;
const longest = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a));
const LONGEST_ZONE = longest(Intl.supportedValuesOf('timeZone'));
const LONGEST_CELL = `${gridCellKey(-89.987654, -179.987654)}|${longest(SIMULATED_SCENARIOS)}`;

function plannerDeps() {
  const slots: NoticeSlotRecord[] = Array.from({ length: DUE }, (_, i) => ({
    tenantId: randomUUID(),
    jobsiteId: randomUUID(),
    time: '05:00',
    forDay: 'same',
    timezone: 'America/Chicago',
    workingDays: [1, 2, 3, 4, 5],
    cell: `41.${String(i % 997).padStart(3, '0')}:-87.63`,
  }));
  const runs = memoryDispatchRuns();
  let id = 0;
  const deps = {
    schedule: { zonesInUse: async () => ['America/Chicago'], dueAt: async () => slots },
    runs,
    ids: { next: () => `${randomUUID()}-${++id}` },
    clock: { now: () => AT },
  } as unknown as DispatchDeps;
  return { deps, runs };
}

/** The item the adapter writes for `run` (ElectroDB's own put, keys and all). */
function storedItem(run: DispatchRun & { checkedJobsites: number; expiresAt: number }) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
  const entity = dispatchRunEntity({ table: 'raincheck', client });
  return (entity.put(run as never).params() as { Item: Record<string, unknown> }).Item;
}

describe('the run record of a 100,000-jobsite slot', () => {
  let batches: string[];
  let planned: DispatchRun;

  beforeAll(async () => {
    const { deps, runs } = plannerDeps();
    batches = (await planRun(deps, { at: AT })).batches;
    planned = runs.stored[0]!;
  });

  it('should stay under 400 KB when every batch adds all the unjudged jobsites and errors it has room for', () => {
    const messages = batches.map(decodeBatch);
    const worstUnjudged = (): UnjudgedJobsite => ({
      tenantId: randomUUID(),
      jobsiteId: randomUUID(),
      workDate: '2026-12-02',
      noticeTime: '05:00',
      timezone: LONGEST_ZONE,
      cell: LONGEST_CELL,
    });
    const longError = storedError(`Batch 100 failed: ${'upstream answered 503 '.repeat(200)}`);

    const worst = {
      ...planned,
      finishedAt: AT.toISOString(),
      judged: DUE,
      failed: DUE,
      upstreamCalls: DUE * 3,
      forecastCacheHits: DUE,
      sent: { notice: DUE * 15, update: DUE * 15, allClear: DUE * 15 },
      batchesDone: batches.length,
      unjudged: messages.flatMap((m) => Array.from({ length: m.unjudgedRoom }, worstUnjudged)),
      errors: [
        ...planned.errors,
        ...messages.flatMap((m) => Array(m.errorsRoom).fill(longError) as string[]),
      ],
      checkedJobsites: DUE,
      expiresAt: Math.floor(AT.getTime() / 1000) + 90 * 86_400,
    };
    const bytes = dynamoItemBytes(storedItem(worst));

    expect(batches).toHaveLength(100);
    expect(planned.dueJobsites).toHaveLength(RUN_RECORD_CAPS.dueJobsites);
    expect(worst.unjudged.length).toBeLessThanOrEqual(RUN_RECORD_CAPS.unjudged);
    expect(bytes).toBeLessThan(DYNAMO_ITEM_LIMIT_BYTES);
  });

  it('should cut it into queue messages SQS accepts, 1,000 jobsites each', () => {
    for (const body of batches) expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    expect(batches.map(decodeBatch).reduce((n, m) => n + m.jobsites.length, 0)).toBe(DUE);
  });

  it('should count sizes as DynamoDB does for strings, numbers, lists and maps', () => {
    // name "a" (1) + "héllo" (6); "n" (1) + 12300 → 3 significant digits (2) + 1; "l" (1) + list 3 + 2×(1+1)
    expect(dynamoItemBytes({ a: 'héllo' })).toBe(7);
    expect(dynamoItemBytes({ n: 12300 })).toBe(4);
    expect(dynamoItemBytes({ l: [true, null] })).toBe(8);
    // "m" (1) + map 3 + element overhead 1 + "k" 1 + "v" 1
    expect(dynamoItemBytes({ m: { k: 'v' } })).toBe(7);
  });
});
