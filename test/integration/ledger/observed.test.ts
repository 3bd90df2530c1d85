import path from 'node:path';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { DynamoObservationRepo } from '../../../lambdas/adapters/dynamo/observations.repo';
import { NceiStationSource } from '../../../lambdas/adapters/observations/ncei.source';
import { OpenMeteoArchiveSource } from '../../../lambdas/adapters/observations/open-meteo-archive.source';
import { collectObservations } from '../../../lambdas/core/observations/collect-observations';
import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import { startObservationStandIn, type ObservationStandIn } from '../../../local/observation-stand-in';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { testStack } from '../stack';
import { GUSTS, OBSERVED_DATE, RAIN, SEATTLE } from '../../support/observation-fixtures';

/**
 * Observed weather beside the forecast (issue 25) through the real adapters, the table and the API:
 * the stand-in serves NCEI's and Open-Meteo's archive protocols over the fixtures; the collection runs
 * as the dispatch runs it, two days after the working day.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);
const FIXTURES = path.resolve(__dirname, '../../fixtures/observations');

const DATE = OBSERVED_DATE;

let account: TestAccount;
let standIn: ObservationStandIn;
let calledForGusts: string;
let calledForRain: string;
let unreachable: string;

function decision(jobsiteId: string, ruleId: string): Decision {
  return {
    tenantId: tenantFromStore(account.userId),
    jobsiteId,
    workDate: DATE,
    verdict: 'full',
    hoursLost: 10,
    delayCalled: true,
    judgement: {
      date: DATE,
      verdict: 'full',
      hoursLost: 10,
      workingHours: 10,
      rules: [
        { id: ruleId, kind: 'delay', hours: ['10:00', '11:00', '12:00'], peak: 55, reason: 'Forecast' },
      ],
    },
    rules: [GUSTS, RAIN],
    forecast: null,
    lastKind: 'notice',
    announcement: null,
    decidedAt: `${DATE}T01:00:00.000Z`,
    runId: 'observed-test',
  };
}

const clockAt = (iso: string) => ({ now: () => new Date(iso) });

beforeAll(async () => {
  standIn = await startObservationStandIn(FIXTURES);
  account = await newAccount(stack, 'observed');
  // Three jobsites: Premium.
  await subscribe(stack, account, 'premium');
  const ids: string[] = [];
  for (const name of ['Gusty Tower', 'Wet Tower', 'Offline Tower']) {
    const created = await api('/api/jobsites', { token: account.token, body: { name, ...SEATTLE } });
    expect(created.status).toBe(201);
    ids.push(created.body.id as string);
  }
  [calledForGusts, calledForRain, unreachable] = ids as [string, string, string];
  await root.dispatch.decisions.put(decision(calledForGusts, 'crane-gusts'));
  await root.dispatch.decisions.put(decision(calledForRain, 'rain-rate'));
  await root.dispatch.decisions.put(decision(unreachable, 'crane-gusts'));
  const repo = new DynamoObservationRepo(root.db);
  const base = {
    records: root.records,
    decisions: root.dispatch.decisions,
    clock: clockAt('2026-03-06T14:00:00Z'),
  };
  const live = [
    new NceiStationSource({ baseUrl: standIn.url }),
    new OpenMeteoArchiveSource({ baseUrl: standIn.url }),
  ];
  const tenantId = account.userId;
  await collectObservations({ ...base, observations: { sources: live, repo } }, [
    { tenantId, jobsiteId: calledForGusts },
    { tenantId, jobsiteId: calledForRain },
  ]);
  // Nothing listens on port 9 of loopback: both services unreachable.
  const dead = { baseUrl: 'http://127.0.0.1:9', retry: { maxAttempts: 1, timeoutMs: 2000 } };
  await collectObservations(
    {
      ...base,
      observations: { sources: [new NceiStationSource(dead), new OpenMeteoArchiveSource(dead)], repo },
    },
    [{ tenantId, jobsiteId: unreachable }],
  );
}, 60_000);

afterAll(async () => {
  await standIn?.close();
});

describe('observed weather beside the forecast', () => {
  it('should confirm a day called off for gusts, naming the station, its distance and the reanalysis', async () => {
    const res = await api(`/api/jobsites/${calledForGusts}/ledger/${DATE}`, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.observed.status).toBe('confirmed');
    expect(res.body.observed.judgedOn).toBe('SEATTLE BOEING FIELD, WA US');
    expect(res.body.observed.sources).toEqual([
      expect.objectContaining({
        name: 'Open-Meteo reanalysis',
        kind: 'reanalysis',
        distanceKm: expect.any(Number),
      }),
      expect.objectContaining({ name: 'SEATTLE BOEING FIELD, WA US', kind: 'station', distanceKm: 8.8 }),
    ]);
    for (const s of res.body.observed.sources) expect(s.attribution).toMatch(/NOAA|Open-Meteo/);
    const gusts = res.body.observed.rules.find((r: { id: string }) => r.id === 'crane-gusts');
    expect(gusts.forecast).toEqual({ hours: ['10:00', '11:00', '12:00'], peak: 55 });
    expect(gusts.observed).toMatchObject({
      hours: ['10:00', '11:00', '12:00', '13:00'],
      source: 'SEATTLE BOEING FIELD, WA US',
    });
    // The station's hourly series of the local day, as stored.
    const station = res.body.observed.series.find(
      (s: { source: { kind: string } }) => s.source.kind === 'station',
    );
    expect(station.hours).toHaveLength(24);
    expect(station.hours[0]).toBe('2026-03-04T08:00:00.000Z');
  });

  it('should not confirm a day called off for rain that the station measured below the limit', async () => {
    const res = await api(`/api/jobsites/${calledForRain}/ledger/${DATE}`, { token: account.token });
    expect(res.body.observed.status).toBe('not-confirmed');
    expect(res.body.observed.rules.find((r: { id: string }) => r.id === 'rain-rate').observed).toBeNull();
  });

  it('should say observation is unavailable, inventing nothing, when the services cannot be reached', async () => {
    const res = await api(`/api/jobsites/${unreachable}/ledger/${DATE}`, { token: account.token });
    expect(res.body.observed.status).toBe('unavailable');
    expect(res.body.observed.reason).toMatch(/could not be reached/);
    expect(res.body.observed.series).toEqual([]);
    expect(res.body.observed.sources).toEqual([]);
  });

  it('should carry each day verdict into the ledger and the confirmed share into analytics', async () => {
    const ledger = await api(`/api/jobsites/${calledForGusts}/ledger?from=2026-03-01&to=2026-03-31`, {
      token: account.token,
    });
    expect(ledger.body.days.map((d: { observed: string }) => d.observed)).toEqual(['confirmed']);
    const analytics = await api('/api/analytics?from=2026-03&to=2026-03', { token: account.token });
    expect(analytics.status).toBe(200);
    const share = (id: string) => analytics.body.jobsites.find((j: { id: string }) => j.id === id).observed;
    expect(share(calledForGusts)).toEqual([{ month: '2026-03', judged: 1, confirmed: 1, share: 1 }]);
    expect(share(calledForRain)).toEqual([{ month: '2026-03', judged: 1, confirmed: 0, share: 0 }]);
    expect(share(unreachable)).toEqual([{ month: '2026-03', judged: 0, confirmed: 0, share: null }]);
  });

  it('should ask the services no more once a day is fully observed, however often the runs come', async () => {
    const before = standIn.requests.length;
    const repo = new DynamoObservationRepo(root.db);
    const sources = [
      new NceiStationSource({ baseUrl: standIn.url }),
      new OpenMeteoArchiveSource({ baseUrl: standIn.url }),
    ];
    const tally = await collectObservations(
      {
        records: root.records,
        decisions: root.dispatch.decisions,
        clock: clockAt('2026-03-08T14:00:00Z'),
        observations: { sources, repo },
      },
      [{ tenantId: account.userId, jobsiteId: calledForGusts }],
    );
    expect(tally.fetched).toBe(0);
    expect(standIn.requests.length).toBe(before);
  });
});
