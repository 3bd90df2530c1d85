import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import fc from 'fast-check';
import { tenantFromStore } from '../../../lambdas/core/caller';
import type { NoticeSender } from '../../../lambdas/core/dispatch/dispatch.ports';
import {
  decideChange,
  notifyJobsites,
  type NotifyDeps,
} from '../../../lambdas/core/dispatch/notify-jobsites';
import { FakeSuppressionList } from '../email/fakes';
import { CachedForecastProvider, type ForecastCache } from '../../../lambdas/core/weather/cached-forecast';
import type { WeatherProvider } from '../../../lambdas/core/weather/weather.ports';
import type { Worker } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import {
  CRANE_GUSTS,
  fixedRecords,
  fixedRepo,
  PREMIUM_ACCOUNT,
  testJobsite,
  testWorker,
} from './records.fixtures';
import { MemoryHolidayCalendars } from '../../support/memory-holidays';
import { memoryDecisionsAndClaims } from '../../support/memory-dispatch-ports';

/** In-memory fakes: the unit level only. The real adapters are covered by the integration tests. */
const TENANT = 'tenant-1';
const WORK_DATE = '2026-12-02';
const T0 = '2026-12-02T11:00:00.000Z';

const jobsite = testJobsite(
  {
    id: 'site-1',
    name: 'Harbor Crane Pad',
    latitude: 41.88,
    longitude: -87.63,
    recipients: { workerIds: ['w1', 'w2', 'w3'], crewIds: [], notifyClient: false },
  },
  T0,
);

const worker = (id: string, status: Worker['status'] = 'active'): Worker =>
  testWorker({ id, name: `Worker ${id}`, email: `${id}@example.com`, status }, T0);

/** A forecast for the work day whose wind gusts are `gust` km/h all day. */
function forecastWithGusts(gust: number): HourlyForecast {
  const start = Date.parse('2026-12-02T00:00:00Z');
  const time = Float64Array.from({ length: 72 }, (_, i) => start + i * 3_600_000);
  return {
    latitude: 41.9,
    longitude: -87.65,
    time,
    values: { wind_gusts: new Float64Array(72).fill(gust) },
    source: 'open-meteo',
  };
}

function fakes(workers: Worker[]) {
  let gust = 60;
  let calls = 0;
  const sent: { to: string; subject: string }[] = [];
  const suppressions = new FakeSuppressionList();
  const records = fixedRecords([jobsite], workers);
  const weather: WeatherProvider = {
    name: 'open-meteo',
    forecast: async (locations) => {
      calls += 1;
      return locations.map((l) => ({ key: l.key, ok: true as const, forecast: forecastWithGusts(gust) }));
    },
    stats: () => ({ upstreamCalls: calls, upstreamLocations: calls, retries: 0, failures: 0 }),
    resetStats: () => undefined,
  };
  const sender: NoticeSender = {
    send: async (content, recipient) => {
      sent.push({ to: recipient.email, subject: `${content.kind}:${content.judgement.verdict}` });
      return { messageId: `m-${sent.length}` };
    },
  };
  const deps: NotifyDeps = {
    records,
    accounts: PREMIUM_ACCOUNT,
    weather,
    ...memoryDecisionsAndClaims(),
    sender,
    suppressions,
    holidays: new MemoryHolidayCalendars(),
    workerStatus: {
      markIfActive: async (_t, id, _e, status) => {
        const w = workers.find((x) => x.id === id && x.status === 'active');
        if (w) w.status = status;
        return !!w;
      },
    },
    clock: { now: () => new Date(T0) },
  };
  return { deps, sent, suppressions, setGust: (g: number) => (gust = g), calls: () => calls };
}

const due = [{ tenantId: TENANT, jobsiteId: jobsite.id, workDate: WORK_DATE, noticeTime: '05:00' }];

describe('notifyJobsites', () => {
  it('should send a delay notice to each active worker and none to bounced or unsubscribed ones', async () => {
    const f = fakes([worker('w1'), worker('w2', 'bounced'), worker('w3', 'unsubscribed')]);
    const outcome = await notifyJobsites(due, f.deps, 'run-1');
    expect(outcome.sent).toEqual({ notice: 1, update: 0, allClear: 0 });
    expect(f.sent).toEqual([{ to: 'w1@example.com', subject: 'notice:full' }]);
  });

  it("should send nothing to an address on the account's suppression list, whatever record it sits on, and show it there", async () => {
    // w1 unsubscribed through one record; w1b is another record of the same address (any case).
    const again = { ...worker('w1b'), email: 'W1@Example.com' };
    const f = fakes([worker('w1', 'unsubscribed'), again, worker('w2')]);
    f.deps.records.jobsites = {
      ...fixedRepo([{ ...jobsite, recipients: { ...jobsite.recipients, workerIds: ['w1', 'w1b', 'w2'] } }]),
      createWithin: async () => undefined,
    };
    await f.suppressions.add(tenantFromStore(TENANT), 'w1@example.com', 'unsubscribed', T0);
    await notifyJobsites(due, f.deps, 'run-1');
    expect(f.sent).toEqual([{ to: 'w2@example.com', subject: 'notice:full' }]);
    expect(again.status).toBe('unsubscribed');
  });

  it('should send nothing twice when the same batch runs again', async () => {
    const f = fakes([worker('w1'), worker('w2')]);
    await notifyJobsites(due, f.deps, 'run-1');
    await notifyJobsites(due, f.deps, 'run-1');
    await notifyJobsites(due, f.deps, 'run-2');
    expect(f.sent).toHaveLength(2);
  });

  it('should ask the upstream once for jobsites in one grid cell', async () => {
    const f = fakes([worker('w1')]);
    await notifyJobsites([...due, ...due], f.deps, 'run-1');
    expect(f.calls()).toBe(1);
  });

  it('should let a failed send be tried again by the next run', async () => {
    const f = fakes([worker('w1')]);
    const send = f.deps.sender.send;
    f.deps.sender.send = async () => {
      throw new Error('SES throttled');
    };
    const failed = await notifyJobsites(due, f.deps, 'run-1');
    expect(failed.failed).toBe(1);
    f.deps.sender.send = send;
    const retried = await notifyJobsites(due, f.deps, 'run-2');
    expect(retried.sent.notice).toBe(1);
  });

  it('should produce at most one notice and one all-clear when the forecast crosses the threshold back and forth', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 20, max: 80, noNaN: true }), { minLength: 10, maxLength: 10 }),
        async (gusts) => {
          const f = fakes([worker('w1')]);
          for (const [i, g] of gusts.entries()) {
            f.setGust(g);
            await notifyJobsites(due, f.deps, `run-${i}`);
          }
          const kinds = f.sent.map((s) => s.subject.split(':')[0]);
          expect(kinds.filter((k) => k === 'notice').length).toBeLessThanOrEqual(1);
          expect(kinds.filter((k) => k === 'allClear').length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should judge the new forecast and send the all-clear when an admin runs the next slot of the same UTC day', async () => {
    const f = fakes([worker('w1')]);
    const stored = new Map<string, HourlyForecast>();
    const cache: ForecastCache = {
      getMany: async (keys) => new Map(keys.flatMap((k) => (stored.has(k) ? [[k, stored.get(k)!]] : []))),
      putMany: async (entries) => entries.forEach((e) => stored.set(e.key, e.forecast)),
    };
    // Both runs well within the cache's 30 real minutes.
    f.deps.weather = new CachedForecastProvider(f.deps.weather, cache, f.deps.clock);
    const evening = { ...due[0]!, noticeTime: '18:00' };
    // 18:00 the evening before in Chicago, then 05:00 that morning: one UTC day (2 December).
    await notifyJobsites([evening], f.deps, 'run-evening', new Date('2026-12-02T00:00:00.000Z'));
    f.setGust(20);
    await notifyJobsites(due, f.deps, 'run-morning', new Date('2026-12-02T11:00:00.000Z'));
    expect(f.sent.map((s) => s.subject)).toEqual(['notice:full', 'allClear:none']);
    expect(f.calls()).toBe(2);
  });

  it('should hold a called delay while the forecast wobbles within the clearing margin', async () => {
    const f = fakes([worker('w1')]);
    for (const g of [50, 47, 49.5, 46, 48.5, 45.5]) {
      f.setGust(g);
      await notifyJobsites(due, f.deps, `run-${g}`);
    }
    expect(f.sent.map((s) => s.subject)).toEqual(['notice:full']);
  });
});

describe('re-running a slot', () => {
  const tenant = tenantFromStore(TENANT);

  it('should write no decision when the day is judged as before, and keep the mark and its author', async () => {
    const f = fakes([worker('w1')]);
    await notifyJobsites(due, f.deps, 'run-1');
    const first = (await f.deps.decisions.get(tenant, jobsite.id, WORK_DATE))!;
    await f.deps.decisions.put({ ...first, worked: true, markedAt: T0, markedBy: 'member-2' });
    const put = jest.spyOn(f.deps.decisions, 'put');

    await notifyJobsites(due, f.deps, 'run-2');
    expect(put).not.toHaveBeenCalled();

    f.setGust(70);
    await notifyJobsites(due, f.deps, 'run-3');
    expect(put).toHaveBeenCalledTimes(1);
    expect(await f.deps.decisions.get(tenant, jobsite.id, WORK_DATE)).toMatchObject({
      runId: 'run-3',
      worked: true,
      markedBy: 'member-2',
    });
  });

  it('should put a message down to the member who changed the rules since the day was judged, and not a weather change', async () => {
    const f = fakes([worker('w1')]);
    const claim = jest.spyOn(f.deps.claims, 'claim');
    const send = jest.spyOn(f.deps.sender, 'send');
    await notifyJobsites(due, f.deps, 'run-1');
    // Dana raises the gust limit above the forecast: the called delay clears at the next run.
    const later = '2026-12-02T11:30:00.000Z';
    const raised = {
      ...jobsite,
      rules: [{ ...CRANE_GUSTS, threshold: 70 }],
      rulesUpdatedAt: '2026-12-02T11:10:00.000Z',
      rulesUpdatedByName: 'Dana Ortiz',
    };
    f.deps.records = fixedRecords([raised], [worker('w1')]);
    f.deps.clock = { now: () => new Date(later) };
    await notifyJobsites(due, f.deps, 'run-2');
    // Then the weather alone turns the day bad again: nobody caused that.
    f.setGust(90);
    f.deps.clock = { now: () => new Date('2026-12-02T12:00:00.000Z') };
    await notifyJobsites(due, f.deps, 'run-3');

    expect(f.sent.map((s) => s.subject)).toEqual(['notice:full', 'allClear:none', 'update:full']);
    const causes = claim.mock.calls.map(([c]) => [c.kind, c.causedBy ?? null]);
    expect(causes).toEqual([
      ['notice', null],
      ['allClear', 'Dana Ortiz'],
      ['update', null],
    ]);
    // The notice itself carries the cause, so its words can name Dana (shared/email/notice-facts.ts).
    expect(send.mock.calls.map(([content]) => content.causedBy ?? null)).toEqual([null, 'Dana Ortiz', null]);
  });

  it("should read the batch's decisions in one call when the store reads many at once", async () => {
    const f = fakes([worker('w1')]);
    await notifyJobsites(due, f.deps, 'run-1');
    const readOne = f.deps.decisions.get;
    const getMany = jest.fn(
      async (days: readonly { tenantId: string; jobsiteId: string; workDate: string }[]) => {
        const found = new Map<string, Decision>();
        for (const d of days) {
          const hit = await readOne(tenantFromStore(d.tenantId), d.jobsiteId, d.workDate);
          if (hit) found.set(`${d.tenantId}|${d.jobsiteId}|${d.workDate}`, hit);
        }
        return found;
      },
    );
    const get = jest.spyOn(f.deps.decisions, 'get');
    f.deps.decisions.getMany = getMany;

    const outcome = await notifyJobsites([...due, ...due], f.deps, 'run-2');

    expect(getMany).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
    expect(outcome.sent).toEqual({ notice: 0, update: 0, allClear: 0 });
  });
});

describe('decideChange', () => {
  const day = (verdict: DayJudgement['verdict'], hoursLost: number): DayJudgement => ({
    date: WORK_DATE,
    verdict,
    hoursLost,
    workingHours: 10,
    rules: [],
  });
  const FULL_DAY_CALLED = { delayCalled: true, verdict: 'full', hoursLost: 10, lastKind: 'notice' } as const;
  const PARTIAL_DAY_CALLED = {
    delayCalled: true,
    verdict: 'partial',
    hoursLost: 3,
    lastKind: 'notice',
  } as const;
  const CLEARED = { delayCalled: false, verdict: 'none', hoursLost: 0, lastKind: 'allClear' } as const;
  it.each([
    ['a new delay', null, day('partial', 3), day('partial', 3), 'notice'],
    ['no delay and none called', null, day('none', 0), day('none', 0), null],
    ['a called delay that no longer applies', FULL_DAY_CALLED, day('none', 0), day('none', 0), 'allClear'],
    ['a called delay held by the margin', FULL_DAY_CALLED, day('none', 0), day('partial', 2), null],
    ['a called delay that grew', PARTIAL_DAY_CALLED, day('full', 10), day('full', 10), 'update'],
    ['a called delay that moved an hour', PARTIAL_DAY_CALLED, day('partial', 4), day('partial', 4), null],
    ['a cleared day that turns bad again', CLEARED, day('full', 10), day('full', 10), 'update'],
  ] as const)('should decide %s', (_name, prior, judged, clearing, kind) => {
    expect(decideChange(prior as never, judged, clearing).kind).toBe(kind);
  });
});

// The tenant helper is the only way a core test makes a tenant id.
void tenantFromStore;
