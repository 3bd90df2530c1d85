import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { stormSiteInChicago } from '../../support/dispatch';

/**
 * Analytics, the ledger evidence and the account export through the running stack, over decisions
 * and notices made by real dispatch runs (the admin's run route, the simulated "storm" forecast).
 */
const stack = testStack();
const api = apiFor(stack);

// Monday 30 November and Tuesday 1 December 2026, 05:00 in Chicago (CST, UTC−6): a month boundary.
const RUNS = ['2026-11-30T11:00:00.000Z', '2026-12-01T11:00:00.000Z'];
const DAYS = ['2026-11-30', '2026-12-01'];
const RATE_CENTS = 4_850;
const STORM_RULES = [
  { id: 'crane-gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'the crane gust limit' },
  { id: 'rain-rate', metric: 'precipitation', op: '>=', threshold: 2.54, label: 'the rain limit' },
];

let admin: string;
let premium: TestAccount;
let basic: TestAccount;
let siteId: string;
let clientId: string;
let basicSiteId: string;
const workerEmails: string[] = [];

beforeAll(async () => {
  admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  [premium, basic] = await Promise.all([
    newAccount(stack, 'analytics'),
    newAccount(stack, 'analytics-basic'),
  ]);
  await Promise.all([subscribe(stack, premium, 'premium'), subscribe(stack, basic, 'basic')]);
  const tag = Date.now();
  const profile = await api.put(premium, '/api/me/profile', {
    name: 'Pat Analytics',
    company: 'Pier Builders',
    units: 'us',
  });
  expect(profile.status).toBe(200);
  const crew = await api('/api/crews', {
    token: premium.token,
    body: { name: 'Concrete crew', hourlyRateCents: RATE_CENTS },
  });
  expect(crew.status).toBe(201);
  expect(crew.body.hourlyRateCents).toBe(RATE_CENTS);
  for (const name of ['Avery', 'Blake']) {
    const email = `${name.toLowerCase()}-analytics-${tag}@example.com`;
    const res = await api('/api/workers', {
      token: premium.token,
      body: { name: `${name} Stone`, email, crewIds: [crew.body.id] },
    });
    expect(res.status).toBe(201);
    workerEmails.push(email);
  }
  const client = await api('/api/clients', { token: premium.token, body: { name: `Harbor Co ${tag}` } });
  expect(client.status).toBe(201);
  clientId = client.body.id;
  const site = await api('/api/jobsites', {
    token: premium.token,
    body: {
      ...stormSiteInChicago(`Pier Seven ${tag}`, [], { rules: STORM_RULES }),
      clientId,
      recipients: { crewIds: [crew.body.id] },
    },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  const other = await api('/api/jobsites', {
    token: basic.token,
    body: { name: `Basic Yard ${tag}`, latitude: 41.88, longitude: -87.63, scenario: 'storm' },
  });
  expect(other.status).toBe(201);
  basicSiteId = other.body.id;
  for (const at of RUNS) {
    const run = await api('/api/admin/dispatch/run', { token: admin, body: { at } });
    expect(run.status).toBe(200);
  }
}, 120_000);

describe('analytics', () => {
  it('should count each dispatched delay day, its hours and its notices in its own month', async () => {
    const ledger = await api(`/api/jobsites/${siteId}/ledger?from=${DAYS[0]}&to=${DAYS[1]}`, {
      token: premium.token,
    });
    expect(ledger.body.days.map((d: { date: string; verdict: string }) => [d.date, d.verdict])).toEqual([
      [DAYS[0], 'full'],
      [DAYS[1], 'full'],
    ]);
    const hours = ledger.body.days.map((d: { hoursLost: number }) => d.hoursLost) as number[];

    const res = await api('/api/analytics?from=2026-11&to=2026-12', { token: premium.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2026-11',
      to: '2026-12',
      plan: 'premium',
      advancedAnalytics: true,
    });
    const site = res.body.jobsites.find((j: { id: string }) => j.id === siteId);
    expect(site.months).toEqual([
      { month: '2026-11', delayDays: 1, hoursLost: hours[0] },
      { month: '2026-12', delayDays: 1, hoursLost: hours[1] },
    ]);
    // Two crew workers told about each day, both sent.
    for (const m of res.body.months)
      expect(m).toMatchObject({
        delayDays: 1,
        sent: { notice: 2, update: 0, allClear: 0 },
        attempted: 2,
        delivered: 2,
        deliveryRate: 100,
      });
    expect(res.body.totals).toMatchObject({ delayDays: 2, attempted: 4, delivered: 4, deliveryRate: 100 });
  });

  it('should price the cost of delay per jobsite and client with the crew rate', async () => {
    const ledger = await api(`/api/jobsites/${siteId}/ledger?from=${DAYS[0]}&to=${DAYS[1]}`, {
      token: premium.token,
    });
    const hoursLost = ledger.body.totals.hoursLost as number;
    const res = await api('/api/analytics/advanced?from=2026-11&to=2026-12', { token: premium.token });
    expect(res.status).toBe(200);
    const cost = Math.round(2 * RATE_CENTS * hoursLost);
    expect(res.body.jobsites.find((j: { id: string }) => j.id === siteId)).toMatchObject({
      hoursLost,
      hourlyCostCents: 2 * RATE_CENTS,
      crewWorkers: 2,
      costCents: cost,
    });
    expect(res.body.clients).toEqual([
      expect.objectContaining({ clientId, jobsites: 1, delayDays: 2, hoursLost, costCents: cost }),
    ]);
  });

  it('should refuse the advanced part to a Basic account with 403 naming the plan, and give it the basic one', async () => {
    const advanced = await api('/api/analytics/advanced', { token: basic.token });
    expect(advanced.status).toBe(403);
    expect(advanced.text).toContain('Your Basic plan does not include them');
    const plain = await api('/api/analytics?from=2026-11&to=2026-12', { token: basic.token });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ plan: 'basic', advancedAnalytics: false });
    expect(plain.body.jobsites.map((j: { id: string }) => j.id)).toEqual([basicSiteId]);
  });

  it('should answer 400 naming the field for a bad month range', async () => {
    const res = await api('/api/analytics?from=2026-13', { token: premium.token });
    expect(res.status).toBe(400);
    expect(res.text).toContain('from');
  });
});

describe('ledger evidence', () => {
  it("should show one day's verdict, forecast, rules and who was told with each delivery's status", async () => {
    const res = await api(`/api/jobsites/${siteId}/ledger/${DAYS[0]}`, { token: premium.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: DAYS[0],
      verdict: 'full',
      delayDay: true,
      beyondAllowance: true,
      client: { id: clientId },
      jobsite: { id: siteId, timezone: 'America/Chicago' },
      worked: null,
    });
    expect(res.body.forecast.hours.length).toBeGreaterThan(0);
    expect(res.body.judgement.rules.length).toBeGreaterThan(0);
    expect(
      res.body.messages.map((m: { recipient: string; status: string }) => [m.recipient, m.status]).sort(),
    ).toEqual(workerEmails.map((e) => [e, 'SENT']).sort());
  });

  it('should be 404 for a day without a decision and for another account', async () => {
    expect((await api(`/api/jobsites/${siteId}/ledger/2026-11-29`, { token: premium.token })).status).toBe(
      404,
    );
    expect((await api(`/api/jobsites/${siteId}/ledger/${DAYS[0]}`, { token: basic.token })).status).toBe(404);
  });
});

describe('account export', () => {
  it("should download every record of the caller's account and nothing of another's", async () => {
    const res = await api('/api/me/export', { token: premium.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    const data = res.body;
    expect(data.account).toEqual({ userId: premium.userId, email: premium.email });
    expect(data.profile).toMatchObject({ userId: premium.userId, name: 'Pat Analytics' });
    expect(data.subscription).toMatchObject({ plan: 'premium' });
    expect(data.billingHistory.length).toBeGreaterThanOrEqual(1);
    expect(data.jobsites.map((j: { jobsiteId: string }) => j.jobsiteId)).toEqual([siteId]);
    expect(data.clients.map((c: { clientId: string }) => c.clientId)).toEqual([clientId]);
    expect(data.crews).toEqual([expect.objectContaining({ hourlyRateCents: RATE_CENTS })]);
    expect(data.workers.map((w: { email: string }) => w.email).sort()).toEqual([...workerEmails].sort());
    expect(data.decisions.map((d: { workDate: string }) => d.workDate)).toEqual(DAYS);
    expect(data.messages).toHaveLength(4);
    expect(Array.isArray(data.emailTemplates)).toBe(true);
    const text = res.text;
    for (const foreign of [basic.userId, basic.email, basicSiteId]) expect(text).not.toContain(foreign);
  });

  it('should refuse a request without a token', async () => {
    expect((await api('/api/me/export')).status).toBe(401);
  });
});

describe('a day that became a holiday after it was decided', () => {
  it('should leave the analytics, as it leaves the ledger, once the jobsite marks it non-working', async () => {
    const marked = await api.put(premium, `/api/jobsites/${siteId}`, {
      nonWorkingDates: [{ date: DAYS[1], name: 'Site shutdown' }],
    });
    expect(marked.status).toBe(200);
    const res = await api('/api/analytics?from=2026-11&to=2026-12', { token: premium.token });
    const site = res.body.jobsites.find((j: { id: string }) => j.id === siteId);
    expect(site.months).toEqual([
      expect.objectContaining({ month: '2026-11', delayDays: 1 }),
      { month: '2026-12', delayDays: 0, hoursLost: 0 },
    ]);
  });
});
