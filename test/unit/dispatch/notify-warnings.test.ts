import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NwsAlertsProvider } from '../../../lambdas/adapters/weather/nws.alerts';
import type { NoticeContent } from '../../../lambdas/core/dispatch/dispatch.ports';
import type { CellZonesCache } from '../../../lambdas/core/weather/weather.ports';
import { notifyJobsites, type NotifyDeps } from '../../../lambdas/core/dispatch/notify-jobsites';
import { fixedRecords, PREMIUM_ACCOUNT, testJobsite, testWorker } from './records.fixtures';
import { MemoryHolidayCalendars } from '../../support/memory-holidays';
import { loopbackServerDuringTests } from '../../support/loopback-server';
import { memoryDecisionsAndClaims } from '../../support/memory-dispatch-ports';

/**
 * Official warnings through the real NWS adapter, served the recorded NWS answer by a local HTTP
 * server; the records, decisions, claims and mailer are in-memory fakes (the unit level only).
 */
const HEAT = readFileSync(
  join(
    __dirname,
    '../../fixtures/weather/nws_alerts_active_point_33.25_-112.30_2024-07-18_excessive_heat.json',
  ),
  'utf8',
);
const T0 = '2024-07-20T11:00:00.000Z'; // Saturday 04:00 in Phoenix (MST, no DST)

const jobsite = testJobsite(
  {
    id: 'site-phx',
    name: 'Buckeye Warehouse',
    latitude: 33.25,
    longitude: -112.3,
    timezone: 'America/Phoenix',
    workingDays: [1, 2, 3, 4, 5, 6],
    workingHours: { start: '06:00', end: '16:00' },
    noticeTimes: [{ time: '04:00', forDay: 'same' }],
    rules: [{ id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28 }],
    recipients: { workerIds: ['w1'], crewIds: [], notifyClient: false },
  },
  T0,
);
const worker = testWorker({ id: 'w1', name: 'Ana Ruiz', email: 'ana@example.com' }, T0);

/** The zones of the Phoenix cell, in the shape of NWS's `/points` answer (written from its documentation). */
const PHOENIX_POINT = JSON.stringify({
  properties: {
    forecastZone: 'https://api.weather.gov/zones/forecast/AZZ537',
    county: 'https://api.weather.gov/zones/county/AZC013',
    fireWeatherZone: 'https://api.weather.gov/zones/fire/AZZ131',
  },
});

let answer: { status: number; body: string };
let pointAnswer: { status: number; body: string };
const server = loopbackServerDuringTests();
/** What NWS was asked, in order: path and query. */
const requests = () => server.requests.map((r) => r.url.pathname + r.url.search);
beforeEach(() => {
  answer = { status: 200, body: HEAT };
  pointAnswer = { status: 200, body: PHOENIX_POINT };
  server.respond((req) => ({
    ...(req.url.pathname.startsWith('/points/') ? pointAnswer : answer),
    headers: { 'content-type': 'application/geo+json' },
  }));
});

function deps(alerts = nwsProvider(), zonesCache?: CellZonesCache) {
  const sent: NoticeContent[] = [];
  const start = Date.parse('2024-07-20T00:00:00Z');
  const d: NotifyDeps = {
    records: fixedRecords([jobsite], [worker]),
    accounts: PREMIUM_ACCOUNT,
    weather: {
      name: 'open-meteo',
      // A calm forecast: only the official warning can make the day a delay.
      forecast: async (locations) =>
        locations.map((l) => ({
          key: l.key,
          ok: true as const,
          forecast: {
            latitude: 33.25,
            longitude: -112.3,
            time: Float64Array.from({ length: 72 }, (_, i) => start + i * 3_600_000),
            values: { wind_gusts: new Float64Array(72).fill(10) },
            source: 'open-meteo',
          },
        })),
      stats: () => ({ upstreamCalls: 1, upstreamLocations: 1, retries: 0, failures: 0 }),
      resetStats: () => undefined,
    },
    ...memoryDecisionsAndClaims(),
    sender: { send: async (content) => (sent.push(content), { messageId: `m-${sent.length}` }) },
    suppressions: { reasonsOf: async () => new Map() },
    holidays: new MemoryHolidayCalendars(),
    clock: { now: () => new Date(T0) },
    alerts,
    ...(zonesCache ? { zonesCache } : {}),
  };
  return { d, sent };
}

function nwsProvider() {
  return new NwsAlertsProvider({
    baseUrl: server.url,
    userAgent: 'Raincheck tests (tests@raincheck.example)',
    retry: { maxAttempts: 1, timeoutMs: 2000 },
  });
}

/** A zones cache kept in memory (the table's is tested against DynamoDB Local). */
function memoryZonesCache(): CellZonesCache & { entries: Map<string, string[]> } {
  const entries = new Map<string, string[]>();
  return {
    entries,
    getMany: async (keys) => new Map(keys.filter((k) => entries.has(k)).map((k) => [k, entries.get(k)!])),
    putMany: async (list) => list.forEach((e) => entries.set(e.cellKey, e.zones)),
  };
}

/** A storm-based warning: its polygon around Buckeye, no zones of the Phoenix cell. */
function polygonWarning(ring: number[][]) {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        id: 'https://api.weather.gov/alerts/urn:oid:test.severe.1',
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: {
          id: 'urn:oid:test.severe.1',
          status: 'Actual',
          messageType: 'Alert',
          event: 'Severe Thunderstorm Warning',
          severity: 'Severe',
          onset: '2024-07-20T12:00:00Z',
          ends: '2024-07-20T23:00:00Z',
          areaDesc: 'Maricopa, AZ',
          geocode: { UGC: ['AZC099'] },
          affectedZones: ['https://api.weather.gov/zones/county/AZC099'],
        },
      },
    ],
  });
}
const AROUND_BUCKEYE = [
  [-112.6, 33.0],
  [-112.0, 33.0],
  [-112.0, 33.5],
  [-112.6, 33.5],
  [-112.6, 33.0],
];
const AWAY_FROM_BUCKEYE = AROUND_BUCKEYE.map(([lon, lat]) => [lon! + 2, lat!]);

const due = [
  { tenantId: 't1', jobsiteId: jobsite.id, workDate: '2024-07-20', noticeTime: '04:00' },
  { tenantId: 't1', jobsiteId: jobsite.id, workDate: '2024-07-20', noticeTime: '04:00' },
];

describe('official warnings in the dispatch', () => {
  it('should call a calm day a full delay with the warning as the reason when an excessive heat warning covers it', async () => {
    const { d, sent } = deps();
    const outcome = await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(outcome.sent.notice).toBe(1);
    expect(sent[0]!.judgement).toMatchObject({ verdict: 'full', hoursLost: 10 });
    expect(sent[0]!.judgement.rules[0]!.reason).toBe('Official warning: Excessive Heat Warning (NWS)');
    // Every alert in force once, then the cell's zones once (the warning is issued by zone).
    expect(requests()).toEqual(['/alerts/active?status=actual', '/points/33.25,-112.3']);
  });

  it("should ask NWS for the alerts once across the batches of a run, and for a cell's zones once ever when they are kept", async () => {
    const alerts = nwsProvider();
    const zonesCache = memoryZonesCache();
    await notifyJobsites(due, deps(alerts, zonesCache).d, 'run-1', new Date(T0));
    await notifyJobsites(due, deps(alerts, zonesCache).d, 'run-1', new Date(T0));
    // A new process (a cold Lambda) in a later run: the alerts anew, the zones from the cache.
    const { d, sent } = deps(nwsProvider(), zonesCache);
    await notifyJobsites(due, d, 'run-2', new Date(T0));
    expect(sent[0]!.judgement.rules[0]!.reason).toBe('Official warning: Excessive Heat Warning (NWS)');
    expect(requests()).toEqual([
      '/alerts/active?status=actual',
      '/points/33.25,-112.3',
      '/alerts/active?status=actual',
    ]);
    expect([...zonesCache.entries.values()]).toEqual([['AZZ537', 'AZC013', 'AZZ131']]);
  });

  it('should call a delay from a storm polygon over the jobsite, without asking for its zones', async () => {
    answer = { status: 200, body: polygonWarning(AROUND_BUCKEYE) };
    const { d, sent } = deps();
    await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(sent[0]!.judgement.rules[0]!.reason).toBe('Official warning: Severe Thunderstorm Warning (NWS)');
    expect(requests()).toEqual(['/alerts/active?status=actual']);
  });

  it('should send nothing when the storm polygon lies elsewhere', async () => {
    answer = { status: 200, body: polygonWarning(AWAY_FROM_BUCKEYE) };
    const { d, sent } = deps();
    await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(sent).toHaveLength(0);
  });

  it('should stop asking a failing NWS for the rest of the run and say so once', async () => {
    answer = { status: 503, body: 'unavailable' };
    const alerts = nwsProvider();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const batch of [1, 2, 3]) {
      const outcome = await notifyJobsites(due, deps(alerts).d, 'run-1', new Date(T0));
      expect({ batch, judged: outcome.judged }).toEqual({ batch, judged: 2 });
    }
    expect(requests()).toEqual(['/alerts/active?status=actual']);
    expect(
      warn.mock.calls.filter(([line]) => String(line).includes('Official warnings unavailable')),
    ).toHaveLength(1);
    warn.mockRestore();
  });

  it("should judge on the forecast and polygons alone when a cell's zones cannot be read", async () => {
    pointAnswer = { status: 500, body: 'down' };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { d, sent } = deps();
    const outcome = await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(outcome).toMatchObject({ judged: 2, failed: 0 });
    expect(sent).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Zones of a place unavailable'));
    warn.mockRestore();
  });

  it('should judge on the forecast alone when NWS fails', async () => {
    answer = { status: 503, body: 'unavailable' };
    const { d, sent } = deps();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const outcome = await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(outcome).toMatchObject({ judged: 2, failed: 0, unjudged: [] });
    expect(sent).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Official warnings unavailable'));
    warn.mockRestore();
  });
});
