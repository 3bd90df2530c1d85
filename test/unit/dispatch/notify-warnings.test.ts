import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NwsAlertsProvider } from '../../../lambdas/adapters/weather/nws.alerts';
import type { NoticeContent } from '../../../lambdas/core/dispatch/dispatch.ports';
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

const server = loopbackServerDuringTests();
const nwsAnswers = (status: number, body: string) =>
  server.respond(() => ({ status, headers: { 'content-type': 'application/geo+json' }, body }));
beforeEach(() => nwsAnswers(200, HEAT));

function deps() {
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
    alerts: new NwsAlertsProvider({
      baseUrl: server.url,
      userAgent: 'Raincheck tests (tests@raincheck.example)',
      retry: { maxAttempts: 1, timeoutMs: 2000 },
    }),
  };
  return { d, sent };
}

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
    // Two jobsite entries in one grid cell: NWS is asked once, for the cell.
    expect(server.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/alerts/active?point=33.25,-112.3',
    ]);
  });

  it('should judge on the forecast alone when NWS fails', async () => {
    nwsAnswers(503, 'unavailable');
    const { d, sent } = deps();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const outcome = await notifyJobsites(due, d, 'run-1', new Date(T0));
    expect(outcome).toMatchObject({ judged: 2, failed: 0, unjudged: [] });
    expect(sent).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Official warnings unavailable'));
    warn.mockRestore();
  });
});
