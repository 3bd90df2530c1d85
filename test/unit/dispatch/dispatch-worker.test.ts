import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { SimulatedWeatherProvider } from '../../../lambdas/adapters/weather/simulated.provider';
import { encodeBatch, type BatchDeps } from '../../../lambdas/core/dispatch/dispatch-batch';
import type { DispatchRun, MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import type { WeatherProvider } from '../../../lambdas/core/weather/weather.ports';
import { createDispatchWorkerHandler } from '../../../lambdas/dispatch-worker/app';
import type { Jobsite } from '../../../shared/records';
import { DISPATCH_MAX_RECEIVE_COUNT } from '../../../shared/dispatch-queue';
import { memoryDispatchRuns } from '../../support/memory-dispatch-runs';
import { fixedRecords, PREMIUM_ACCOUNT, testJobsite, testWorker } from './records.fixtures';
import { MemoryHolidayCalendars } from '../../support/memory-holidays';

/**
 * The `dispatch-worker` Lambda's SQS handler (Powertools batch processor) over in-memory repositories:
 * what SQS is told about each message, and what lands in the run record.
 */

const AT = '2026-12-02T11:00:00.000Z';
const WORK_DATE = '2026-12-02';
const TENANT = 'tenant-a';
const T0 = AT;

const worker = testWorker({ id: 'w1', name: 'Avery Stone', email: 'avery@example.com' }, T0);

function jobsite(id: string, latitude = 41.88, longitude = -87.63): Jobsite {
  // The simulated storm: gusts over the limit all day, so each jobsite gets a delay notice.
  const recipients = { workerIds: [worker.id], crewIds: [], notifyClient: false };
  return testJobsite({ id, name: `Site ${id}`, latitude, longitude, recipients, scenario: 'storm' }, T0);
}

/** The simulated forecast, but every upstream call for a failing location answers 503. */
function weatherOf(mode: { failing: boolean; failingSouthOf?: number }): WeatherProvider {
  const simulated = new SimulatedWeatherProvider();
  const fails = (latitude: number) => mode.failing || latitude < (mode.failingSouthOf ?? -90);
  return {
    name: 'open-meteo',
    forecast: async (locations, opts) => {
      const ok = await simulated.forecast(locations, opts);
      return locations.map((l, i) =>
        fails(l.latitude)
          ? { key: l.key, ok: false as const, error: 'Open-Meteo answered 503 after 3 attempts', status: 503 }
          : ok[i]!,
      );
    },
    stats: () => ({ upstreamCalls: 1, upstreamLocations: 1, retries: 0, failures: mode.failing ? 1 : 0 }),
    resetStats: () => undefined,
  };
}

function world() {
  const mode: { failing: boolean; failingSouthOf?: number } = { failing: false };
  const runs = memoryDispatchRuns();
  const claims = new Set<string>();
  const sent: string[] = [];
  const key = (c: MessageClaim) => [c.jobsiteId, c.workDate, c.messageKey, c.recipient].join('|');
  // s3 is in New York: another grid cell, which can fail while Chicago's answers.
  const sites = [jobsite('s1'), jobsite('s2'), jobsite('s3', 40.71, -74.0)];
  const records = fixedRecords(sites, [worker]);
  const deps: BatchDeps = {
    records,
    accounts: PREMIUM_ACCOUNT,
    weather: weatherOf(mode),
    decisions: {
      get: async () => null,
      put: async () => undefined,
      listRange: async () => [],
      mark: async () => false,
    },
    claims: {
      claim: async (c) => (claims.has(key(c)) ? false : (claims.add(key(c)), true)),
      markSent: async () => undefined,
      release: async (c) => void claims.delete(key(c)),
      listRecent: async () => [],
    },
    sender: {
      send: async (content, to) => {
        sent.push(`${to.email}|${content.jobsite.id}`);
        return { messageId: `m-${sent.length}` };
      },
    },
    suppressions: { reasonsOf: async () => new Map() },
    holidays: new MemoryHolidayCalendars(),
    clock: { now: () => new Date(AT) },
    runs,
  };
  const run: DispatchRun = {
    runId: 'run-1',
    startedAt: AT,
    finishedAt: '',
    slotStart: AT,
    trigger: 'schedule',
    due: 2,
    judged: 0,
    upstreamCalls: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors: [],
    dueJobsites: [],
    caughtUp: 0,
    unjudged: [],
    batches: 2,
    batchesDone: 0,
  };
  void runs.record(run);
  const body = (batchNo: number, siteIds: string[]) =>
    encodeBatch(
      {
        runId: run.runId,
        runStartedAt: run.startedAt,
        slotStart: run.slotStart,
        asOf: AT,
        batchNo,
        unjudgedRoom: 600,
        errorsRoom: 25,
      },
      siteIds.map((jobsiteId) => ({
        tenantId: TENANT,
        jobsiteId,
        workDate: WORK_DATE,
        noticeTime: '05:00',
        timezone: 'America/Chicago',
      })),
    );
  const current = async () => (await runs.get({ runId: run.runId, startedAt: run.startedAt }))!;
  return { deps, mode, sent, body, current, handler: createDispatchWorkerHandler(deps) };
}

function sqsRecord(messageId: string, body: string, receiveCount: number): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '0',
      SenderId: 'planner',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:DispatchQueue',
    awsRegion: 'us-east-1',
  };
}

const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const context = {} as Context;

describe('the dispatch-worker SQS handler', () => {
  it('should report the message as a batch item failure and count nothing yet when the upstream fails and receives remain', async () => {
    const w = world();
    w.mode.failing = true;
    const response = await w.handler(event(sqsRecord('msg-1', w.body(1, ['s1', 's2']), 1)), context);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(await w.current()).toMatchObject({ judged: 0, failed: 0, batchesDone: 0, unjudged: [] });
  });

  it('should record the failure on the last receive and still report it, so SQS parks the batch in the DLQ', async () => {
    const w = world();
    w.mode.failing = true;
    const response = await w.handler(
      event(sqsRecord('msg-1', w.body(1, ['s1', 's2']), DISPATCH_MAX_RECEIVE_COUNT)),
      context,
    );
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    const run = await w.current();
    expect(run).toMatchObject({ judged: 0, failed: 2, batchesDone: 1 });
    // Listed for the next runs to catch up.
    expect(run.unjudged.map((u) => u.jobsiteId)).toEqual(['s1', 's2']);
    expect(run.errors[0]).toContain('503');
  });

  it('should report only the failing message of a delivery and count the one that went through', async () => {
    const w = world();
    w.mode.failingSouthOf = 41;
    const response = await w.handler(
      event(sqsRecord('msg-chicago', w.body(1, ['s1']), 1), sqsRecord('msg-new-york', w.body(2, ['s3']), 1)),
      context,
    );
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'msg-new-york' }]);
    expect(await w.current()).toMatchObject({ judged: 1, failed: 0, sent: { notice: 1 }, batchesDone: 1 });
  });

  it('should count a redelivered batch once and send nothing twice', async () => {
    const w = world();
    const body = w.body(1, ['s1', 's2']);
    for (const receive of [1, 2]) {
      const response = await w.handler(event(sqsRecord('msg-1', body, receive)), context);
      expect(response.batchItemFailures).toEqual([]);
    }
    // The second delivery's upstream call was real; its judgements were not new.
    expect(await w.current()).toMatchObject({
      judged: 2,
      sent: { notice: 2 },
      batchesDone: 1,
      upstreamCalls: 2,
    });
    expect(w.sent).toEqual(['avery@example.com|s1', 'avery@example.com|s2']);
  });

  it('should count the messages an attempt sent before the batch failed, and the batch once when its retry succeeds', async () => {
    const w = world();
    const body = w.body(1, ['s1', 's3']);
    w.mode.failingSouthOf = 41;
    const first = await w.handler(event(sqsRecord('msg-1', body, 1)), context);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    // Chicago's notice went out on the first attempt; nothing of the batch is counted yet but that.
    expect(await w.current()).toMatchObject({ judged: 0, sent: { notice: 1 }, batchesDone: 0 });

    w.mode.failingSouthOf = undefined;
    const retry = await w.handler(event(sqsRecord('msg-1', body, 2)), context);
    expect(retry.batchItemFailures).toEqual([]);
    expect(await w.current()).toMatchObject({ judged: 2, failed: 0, sent: { notice: 2 }, batchesDone: 1 });
    expect(w.sent).toEqual(['avery@example.com|s1', 'avery@example.com|s3']);
  });
});
