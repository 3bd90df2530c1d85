import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWeatherProviders } from '../../../lambdas/adapters/weather/weather.factory';
import type {
  DispatchRun,
  DispatchRunRepo,
  NoticeSchedule,
  NoticeSender,
  NoticeSlotRecord,
} from '../../../lambdas/core/dispatch/dispatch.ports';
import { leftUnjudged, runDispatch, type DispatchDeps } from '../../../lambdas/core/dispatch/run-dispatch';
import type { Jobsite, Worker } from '../../../shared/records';
import { gridCell } from '../../../shared/weather/grid-cell';
import { memoryDispatchRuns } from '../../support/memory-dispatch-runs';
import { fixedRecords, PREMIUM_ACCOUNT, testJobsite, testWorker } from './records.fixtures';
import { prng as seeded } from '../../../bench/seeded-random';
import { MemoryHolidayCalendars } from '../../support/memory-holidays';
import { memoryDecisionsAndClaims } from '../../support/memory-dispatch-ports';

/**
 * Issue 10, Done-when: the dispatch against a failing upstream. The real Open-Meteo provider (retries
 * included, without the waits) talks to a loopback server that answers 503 to a seeded share of the
 * requests; repositories and the sender are in-memory fakes.
 */

// Wednesday 2 December 2026, 05:00 in Chicago (CST, UTC−6): every jobsite's notice time.
const AT = new Date('2026-12-02T11:00:00.000Z');
const WORK_DATE = '2026-12-02';
const ZONE = 'America/Chicago';
const TENANTS = ['tenant-a', 'tenant-b', 'tenant-c'];
const SITES_PER_TENANT = 100;
const WORKERS_PER_TENANT = 4;
const T0 = AT.toISOString();

/** An Open-Meteo-shaped forecast server on loopback: gusts of 60 km/h everywhere, all day. */
class FlakyUpstream {
  failRate = 0;
  requests = 0;
  failures = 0;
  private readonly random = seeded(20261202);
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    this.requests += 1;
    if (this.random() < this.failRate) {
      this.failures += 1;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: true, reason: 'Service unavailable' }));
      return;
    }
    const params = new URLSearchParams(req.method === 'POST' ? body : (req.url ?? '').split('?')[1]);
    const lats = (params.get('latitude') ?? '').split(',').map(Number);
    const lons = (params.get('longitude') ?? '').split(',').map(Number);
    const hours = Number(params.get('forecast_days') ?? 3) * 24;
    const start = Date.parse(`${WORK_DATE}T00:00:00Z`) / 1000;
    const time = Array.from({ length: hours }, (_, i) => start + i * 3600);
    const locations = lats.map((latitude, i) => ({
      ...(i > 0 ? { location_id: i } : {}),
      latitude,
      longitude: lons[i],
      utc_offset_seconds: 0,
      timezone: 'GMT',
      hourly_units: { time: 'unixtime', wind_gusts_10m: 'km/h' },
      hourly: { time, wind_gusts_10m: time.map(() => 60) },
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(locations.length === 1 ? locations[0] : locations));
  }
}

function world(upstreamUrl: string) {
  const jobsites = new Map<string, Jobsite[]>();
  const workers = new Map<string, Worker[]>();
  const slots: NoticeSlotRecord[] = [];
  TENANTS.forEach((tenantId, t) => {
    const ws = Array.from({ length: WORKERS_PER_TENANT }, (_, w) =>
      testWorker(
        { id: `${tenantId}-w${w}`, name: `Worker ${w}`, email: `w${w}@${tenantId}.example.com` },
        T0,
      ),
    );
    workers.set(tenantId, ws);
    const sites = Array.from({ length: SITES_PER_TENANT }, (_, i): Jobsite => {
      // 60 grid cells in all, 5 jobsites each, every cell shared by two tenants' jobsites.
      const cell = (t * SITES_PER_TENANT + i) % 60;
      return testJobsite(
        {
          id: `${tenantId}-site-${i}`,
          name: `Site ${i} of ${tenantId}`,
          latitude: 41 + (cell % 10) * 0.1 + 0.01,
          longitude: -88 + Math.floor(cell / 10) * 0.1 + 0.01,
          timezone: ZONE,
          recipients: {
            workerIds: [ws[i % WORKERS_PER_TENANT]!.id, ws[(i + 1) % WORKERS_PER_TENANT]!.id],
            crewIds: [],
            notifyClient: false,
          },
        },
        T0,
      );
    });
    jobsites.set(tenantId, sites);
    for (const s of sites)
      slots.push({
        tenantId,
        jobsiteId: s.id,
        time: '05:00',
        forDay: 'same',
        timezone: ZONE,
        workingDays: s.workingDays,
        cell: gridCell(s.latitude, s.longitude).key,
      });
  });

  const schedule: NoticeSchedule = {
    zonesInUse: async () => [ZONE],
    dueAt: async (timezone, time) => (timezone === ZONE ? slots.filter((s) => s.time === time) : []),
  };
  const records = fixedRecords(jobsites, workers);
  /** Messages per (recipient, jobsite, day): the duplicate check. */
  const sends = new Map<string, number>();
  const sender: NoticeSender = {
    send: async (content, recipient) => {
      const key = `${recipient.email}|${content.jobsite.id}|${content.workDate}`;
      sends.set(key, (sends.get(key) ?? 0) + 1);
      return { messageId: `m-${sends.size}` };
    },
  };
  const runs = memoryDispatchRuns();
  const stored = runs.stored;
  let now = AT;
  let id = 0;
  const weather = createWeatherProviders(
    {
      RAINCHECK_WEATHER_PROVIDER: 'open-meteo',
      RAINCHECK_OPEN_METEO_URL: upstreamUrl,
      RAINCHECK_NWS_URL: 'http://127.0.0.1:1',
      NWS_USER_AGENT: 'Raincheck tests (tests@raincheck.example)',
      RAINCHECK_WEATHER_TIMEOUT_MS: 5_000,
      // 8 attempts: a request fails for good with 0.3^8 ≈ 7e-5 at a 30% failure rate.
      RAINCHECK_WEATHER_MAX_ATTEMPTS: 8,
    },
    { sleep: async () => undefined },
  ).forecast;
  const deps: DispatchDeps = {
    records,
    accounts: PREMIUM_ACCOUNT,
    weather,
    ...memoryDecisionsAndClaims(),
    sender,
    suppressions: { reasonsOf: async () => new Map() },
    holidays: new MemoryHolidayCalendars(),
    clock: { now: () => now },
    schedule,
    runs,
    ids: { next: () => `run-${++id}` },
    // Many batches, so many upstream requests meet the failures.
    batchSize: 20,
  };
  return {
    deps,
    sends,
    stored,
    setNow: (at: Date) => (now = at),
    duplicates: () => [...sends].filter(([, n]) => n > 1),
    totalSent: () => [...sends.values()].reduce((a, b) => a + b, 0),
  };
}

const DUE = TENANTS.length * SITES_PER_TENANT;
/** Two recipients per jobsite, one delay notice each. */
const MESSAGES = DUE * 2;

describe('the dispatch against a failing upstream', () => {
  const upstream = new FlakyUpstream();
  beforeAll(() => upstream.start());
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests = 0;
    upstream.failures = 0;
  });

  it('should judge every due jobsite and send nobody a duplicate when 30% of calls fail with 503', async () => {
    upstream.failRate = 0.3;
    const w = world(upstream.url);
    for (let i = 0; i < 3; i++) {
      const run = await runDispatch(w.deps, { at: AT });
      expect(run).toMatchObject({ due: DUE, judged: DUE, failed: 0, unjudged: [], errors: [] });
      expect(run.upstreamCalls).toBeGreaterThan(DUE / 20);
    }
    expect(upstream.failures).toBeGreaterThan(0);
    expect(upstream.failures / upstream.requests).toBeGreaterThan(0.15);
    expect(w.duplicates()).toEqual([]);
    expect(w.sends.size).toBe(MESSAGES);
    expect(w.totalSent()).toBe(MESSAGES);
  });

  it('should record the failure at 100% and let the next run catch up, sending each message once', async () => {
    const w = world(upstream.url);
    upstream.failRate = 1;
    const failed = await runDispatch(w.deps, { at: AT });
    expect(failed).toMatchObject({ due: DUE, judged: 0, failed: DUE, caughtUp: 0 });
    expect(failed.unjudged).toHaveLength(DUE);
    expect(failed.errors.length).toBeGreaterThan(0);
    expect(failed.errors[0]).toContain('503');
    expect(w.totalSent()).toBe(0);
    expect(w.stored[0]).toMatchObject({ runId: failed.runId, failed: DUE });

    // The next slot (05:15 in Chicago) has nothing due of its own: it catches up.
    upstream.failRate = 0;
    const next = new Date(AT.getTime() + 15 * 60_000);
    w.setNow(next);
    const caughtUp = await runDispatch(w.deps, { at: next });
    expect(caughtUp).toMatchObject({ due: DUE, caughtUp: DUE, judged: DUE, failed: 0, unjudged: [] });
    expect(caughtUp.sent.notice).toBe(MESSAGES);
    expect(w.duplicates()).toEqual([]);
    expect(w.totalSent()).toBe(MESSAGES);

    // Settled: the slot after takes nothing on again, and a re-run of the failed slot sends nothing twice.
    const after = new Date(AT.getTime() + 30 * 60_000);
    w.setNow(after);
    expect(await runDispatch(w.deps, { at: after })).toMatchObject({ due: 0, caughtUp: 0 });
    expect(await runDispatch(w.deps, { at: AT })).toMatchObject({
      due: DUE,
      judged: DUE,
      sent: { notice: 0 },
    });
    expect(w.totalSent()).toBe(MESSAGES);
  });

  it('should carry unjudged jobsites forward while the outage lasts', async () => {
    const w = world(upstream.url);
    upstream.failRate = 1;
    await runDispatch(w.deps, { at: AT });
    const second = await runDispatch(w.deps, { at: new Date(AT.getTime() + 15 * 60_000) });
    expect(second).toMatchObject({ caughtUp: DUE, judged: 0 });
    expect(second.unjudged).toHaveLength(DUE);
    upstream.failRate = 0;
    const third = await runDispatch(w.deps, { at: new Date(AT.getTime() + 30 * 60_000) });
    // Once, although two earlier runs listed them.
    expect(third).toMatchObject({ due: DUE, caughtUp: DUE, judged: DUE });
    expect(w.totalSent()).toBe(MESSAGES);
    expect(w.duplicates()).toEqual([]);
  });
});

describe('leftUnjudged', () => {
  const entry = (jobsiteId: string, workDate: string) => ({
    tenantId: 'tenant-a',
    jobsiteId,
    workDate,
    noticeTime: '17:00',
    timezone: ZONE,
  });
  const runOf = (slotStart: string, unjudged: ReturnType<typeof entry>[]): DispatchRun => ({
    runId: slotStart,
    startedAt: slotStart,
    finishedAt: slotStart,
    slotStart,
    trigger: 'schedule',
    due: unjudged.length,
    judged: 0,
    upstreamCalls: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: unjudged.length,
    errors: [],
    dueJobsites: unjudged,
    caughtUp: 0,
    unjudged,
  });
  const repo = (runs: DispatchRun[]): DispatchRunRepo => ({
    ...memoryDispatchRuns(),
    listRecent: async (limit) => runs.slice(0, limit),
  });

  it('should skip days that have passed in the jobsite zone, runs out of the window and jobsites due now', async () => {
    // 00:15 on 3 December in Chicago.
    const slot = new Date('2026-12-03T06:15:00.000Z');
    const recent = runOf('2026-12-03T05:00:00.000Z', [
      entry('yesterday', '2026-12-02'),
      entry('today', '2026-12-03'),
      entry('tomorrow', '2026-12-04'),
      entry('due-now', '2026-12-04'),
    ]);
    const old = runOf('2026-12-02T23:00:00.000Z', [entry('too-old', '2026-12-04')]);
    const dueNow = [{ ...entry('due-now', '2026-12-04') }];
    const out = await leftUnjudged(slot, dueNow, repo([recent, old]));
    expect(out.map((d) => d.jobsiteId)).toEqual(['today', 'tomorrow']);
  });

  it('should leave out a jobsite a later run took on', async () => {
    const slot = new Date('2026-12-02T12:00:00.000Z');
    const failedRun = runOf('2026-12-02T11:00:00.000Z', [entry('a', '2026-12-02'), entry('b', '2026-12-02')]);
    const laterRun = { ...runOf('2026-12-02T11:15:00.000Z', []), dueJobsites: [entry('a', '2026-12-02')] };
    const out = await leftUnjudged(slot, [], repo([laterRun, failedRun]));
    expect(out.map((d) => d.jobsiteId)).toEqual(['b']);
  });
});
