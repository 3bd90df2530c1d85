import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { callApi, type TestAccount } from '../../support/accounts';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';

/**
 * Holidays and shutdown days through the real run: the account's calendar and the jobsite's own dates
 * saved through the API, the admin's "run now" with `at`, the simulated provider pinned to `storm`,
 * DynamoDB Local and the SES emulator. The account sets no calendar first: a US account gets the
 * US federal public holidays by default.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

// 21:00 in Chicago (CST, UTC−6) the evening before each work date: the notice for the next day.
const evenBefore = (workDate: string) => new Date(Date.parse(`${workDate}T03:00:00.000Z`)).toISOString();

let admin: string;
let account: TestAccount;
let site: { id: string; email: string };
const tag = Date.now();

async function runFor(workDate: string) {
  await runDispatch(stack, admin, evenBefore(workDate));
}

async function ledgerDay(date: string) {
  const res = await api(`/api/jobsites/${site.id}/ledger?from=${date}&to=${date}`, { token: account.token });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'holidays');
  const email = `holiday-crew-${tag}@example.com`;
  const worker = await api('/api/workers', { token: account.token, body: { name: 'Holiday Crew', email } });
  expect(worker.status).toBe(201);
  const created = await api('/api/jobsites', {
    token: account.token,
    body: stormSiteInChicago(`Lakeshore Tower ${tag}`, [worker.body.id], {
      noticeTime: { time: '21:00', forDay: 'next' },
    }),
  });
  expect(created.status).toBe(201);
  site = { id: created.body.id as string, email };
}, 60_000);

describe('holidays and shutdown days in the dispatch and the ledger', () => {
  it('should send the storm notice on an ordinary working day (the setup delays every day)', async () => {
    await runFor('2026-11-24');
    expect(await mailTo(stack, site.email)).toHaveLength(1);
    expect((await ledgerDay('2026-11-24')).totals.delayDays).toBe(1);
  });

  it("a run on a US account's jobsite on 2026-11-26 sends nothing and the ledger has no delay day there", async () => {
    await runFor('2026-11-26');
    expect(await mailTo(stack, site.email)).toHaveLength(1);
    const ledger = await ledgerDay('2026-11-26');
    expect(ledger.days).toEqual([]);
    expect(ledger.totals.delayDays).toBe(0);
  });

  it("should send nothing on the jobsite's own shutdown date and keep it out of the ledger", async () => {
    const saved = await api(`/api/jobsites/${site.id}`, {
      method: 'PUT',
      token: account.token,
      body: { nonWorkingDates: [{ date: '2026-12-01', name: 'Shutdown week' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.nonWorkingDates).toEqual([{ date: '2026-12-01', name: 'Shutdown week' }]);
    await runFor('2026-12-01');
    expect(await mailTo(stack, site.email)).toHaveLength(1);
    expect((await ledgerDay('2026-12-01')).totals.delayDays).toBe(0);
  });

  it("should send nothing on the account's own non-working date once the calendar is saved", async () => {
    const body = { country: 'US', region: null, extraDates: [{ date: '2026-12-02', name: 'Company day' }] };
    const saved = await api('/api/holidays', { method: 'PUT', token: account.token, body });
    expect(saved.status).toBe(200);
    const again = await api('/api/holidays', { method: 'PUT', token: account.token, body });
    expect(again.body).toEqual(saved.body);
    await runFor('2026-12-02');
    expect(await mailTo(stack, site.email)).toHaveLength(1);
  });

  it('should not count a day decided before it became a holiday as a delay day or against the allowance', async () => {
    // A decision stored for Thanksgiving (as if judged before the calendar said so).
    await root.dispatch.decisions.put({
      tenantId: tenantFromStore(account.userId),
      jobsiteId: site.id,
      workDate: '2026-11-26',
      verdict: 'full',
      hoursLost: 10,
      delayCalled: true,
      judgement: { date: '2026-11-26', verdict: 'full', hoursLost: 10, workingHours: 10, rules: [] },
      rules: [],
      forecast: null,
      lastKind: 'notice',
      announcement: null,
      decidedAt: '2026-11-26T03:00:00.000Z',
      runId: 'holiday-test',
    });
    const ledger = await ledgerDay('2026-11-26');
    expect(ledger.days).toEqual([
      expect.objectContaining({ date: '2026-11-26', holiday: 'Thanksgiving Day', delayDay: false }),
    ]);
    expect(ledger.months[0]).toMatchObject({ delayDays: 0, beyondAllowance: 0 });
  });
});

describe('the holiday calendar routes', () => {
  it("should list the preset's public holidays and the account's own dates for a year", async () => {
    const res = await api('/api/holidays?year=2026', { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.country).toBe('US');
    expect(res.body.region).toBeNull();
    expect(res.body.dates).toContainEqual({ date: '2026-11-26', name: 'Thanksgiving Day', source: 'preset' });
    expect(res.body.dates).toContainEqual({ date: '2026-12-02', name: 'Company day', source: 'account' });
    // Public holidays only: no observances.
    expect(res.body.dates.map((d: { name: string }) => d.name)).not.toContain("Valentine's Day");
  });

  it("should give a state's own public holidays with its region", async () => {
    const res = await api('/api/holidays', {
      method: 'PUT',
      token: account.token,
      body: { country: 'CA', region: 'ON', extraDates: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: 'CA', region: 'ON' });
    const year = new Date().getUTCFullYear();
    const list = await api(`/api/holidays?year=${year}`, { token: account.token });
    expect(list.body.dates.map((d: { name: string }) => d.name)).toContain('Family Day');
  });

  it.each([
    [{ country: 'XX', region: null, extraDates: [] }, 'country'],
    [{ country: 'US', region: 'ZZ', extraDates: [] }, 'region'],
    [
      { country: 'US', region: null, extraDates: [{ date: '2026-02-30', name: 'Nope' }] },
      'extraDates.0.date',
    ],
    [{ country: 'US', region: null, extraDates: [{ date: '2026-12-24', name: '' }] }, 'extraDates.0.name'],
  ])('should answer 400 naming the field for %j', async (body, field) => {
    const res = await api('/api/holidays', { method: 'PUT', token: account.token, body });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toEqual(expect.any(String));
  });

  it('should refuse the calendar without a signed-in caller', async () => {
    expect((await api('/api/holidays?year=2026')).status).toBe(401);
  });

  it("should label a jobsite's shutdown day on the weather screen and call no delay for it", async () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await api(`/api/jobsites/${site.id}`, {
      method: 'PUT',
      token: account.token,
      body: {
        workingDays: [1, 2, 3, 4, 5, 6, 7],
        nonWorkingDates: [{ date: tomorrow, name: 'Crane inspection' }],
      },
    });
    const res = await api('/api/weather?days=4', { token: account.token });
    expect(res.status).toBe(200);
    const item = res.body.items.find((i: { jobsite: { id: string } }) => i.jobsite.id === site.id);
    const day = item.days.find((d: { date: string }) => d.date === tomorrow);
    expect(day).toMatchObject({ holiday: 'Crane inspection', verdict: 'none', rules: [] });
  });
});
