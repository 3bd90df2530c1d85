import { mailTo } from '../../support/mailbox';
import { CRANE_GUST_LIMIT } from '../../support/storm-site';
import { testStack } from '../stack';
import { apiFor, newAccount, type TestAccount } from '../../support/accounts';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';

/**
 * The dispatch through the real path: jobsites and workers made through the API, the admin's
 * "run now" route, the simulated provider pinned per jobsite, DynamoDB Local and the SES emulator.
 */
const stack = testStack();
const mailToStack = (address: string) => mailTo(stack, address);
const api = apiFor(stack);

// Wednesday 2 December 2026, 05:00 in Chicago (CST, UTC−6).
const AT = '2026-12-02T11:00:00.000Z';
const WORK_DATE = '2026-12-02';

let admin: string;
let account: TestAccount;
let workers: { id: string; email: string }[];
let storm: { id: string; name: string };

const runAt = (at = AT) => runDispatch(stack, admin, at);

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'dispatch');
  const tag = Date.now();
  workers = [];
  for (const name of ['Avery Stone', 'Blake Rivers']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.com`;
    const res = await api('/api/workers', { token: account.token, body: { name, email } });
    expect(res.status).toBe(201);
    workers.push({ id: res.body.id, email });
  }
  const site = await api('/api/jobsites', {
    token: account.token,
    body: stormSiteInChicago(
      `Lakeshore Tower ${tag}`,
      workers.map((w) => w.id),
    ),
  });
  expect(site.status).toBe(201);
  storm = site.body;
});

describe('the dispatch run', () => {
  it('should refuse the run route to a signed-in user who is not an admin', async () => {
    const res = await api('/api/admin/dispatch/run', { token: account.token, body: {} });
    expect(res.status).toBe(403);
  });

  it('should send each worker one delay notice naming the jobsite, the day and the reason', async () => {
    const run = await runAt();
    expect(run).toMatchObject({
      runId: expect.any(String),
      slotStart: AT,
      due: expect.any(Number),
      judged: expect.any(Number),
      upstreamCalls: expect.any(Number),
      sent: { notice: expect.any(Number), update: expect.any(Number), allClear: expect.any(Number) },
      failed: expect.any(Number),
      errors: expect.any(Array),
    });
    expect(run.due).toBeGreaterThanOrEqual(1);
    expect(run.judged).toBeGreaterThanOrEqual(1);
    expect(run.sent.notice).toBeGreaterThanOrEqual(2);
    for (const w of workers) {
      const mail = await mailToStack(w.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toContain(storm.name);
      expect(mail[0]!.subject).toContain('Dec 2');
      expect(mail[0]!.body.text).toMatch(/Gusts .* mph/);
      expect(mail[0]!.body.text).toContain('/unsubscribe?token=');
      expect(mail[0]!.body.text).toContain('Simulated weather');
    }
    const alerts = await api('/api/alerts', { token: account.token });
    expect(alerts.body.items.filter((a: { jobsiteId: string }) => a.jobsiteId === storm.id)).toHaveLength(2);
    expect(alerts.body.items[0]).toMatchObject({ kind: 'notice', status: 'SENT', workDate: WORK_DATE });
  });

  it('should send nothing more when the same run is invoked again, twice at once', async () => {
    await Promise.all([runAt(), runAt()]);
    for (const w of workers) expect(await mailToStack(w.email)).toHaveLength(1);
  });

  it('should send one all-clear when the called delay no longer applies', async () => {
    const cleared = await api.put(account, `/api/jobsites/${storm.id}`, { scenario: 'clear' });
    expect(cleared.status).toBe(200);
    const run = await runAt();
    expect(run.sent.allClear).toBeGreaterThanOrEqual(2);
    await runAt();
    for (const w of workers) {
      const mail = await mailToStack(w.email);
      expect(mail.map((m) => m.subject.replace(/ at .*/, ''))).toEqual([
        '[Simulated weather] Full-day delay',
        '[Simulated weather] All clear',
      ]);
    }
  });

  it('should judge but not email the jobsites of an account without a paid plan', async () => {
    const free = await newAccount(stack, 'dispatch-free');
    const email = `free-worker-${Date.now()}@example.com`;
    const worker = await api('/api/workers', { token: free.token, body: { name: 'Free Worker', email } });
    const site = await api('/api/jobsites', {
      token: free.token,
      body: {
        name: 'Free site',
        latitude: 41.9,
        longitude: -87.7,
        noticeTimes: [{ time: '05:00', forDay: 'same' }],
        rules: [CRANE_GUST_LIMIT],
        recipients: { workerIds: [worker.body.id] },
        scenario: 'storm',
      },
    });
    expect(site.status).toBe(201);
    const run = await runAt();
    expect(run.judged).toBeGreaterThanOrEqual(1);
    expect(await mailToStack(email)).toHaveLength(0);
  });

  it('should not plan a paused jobsite, nor one whose notice time is not in the slot', async () => {
    const before = await runAt();
    const paused = await api('/api/jobsites', {
      token: account.token,
      body: {
        name: 'Paused',
        latitude: 41.8,
        longitude: -87.6,
        noticeTimes: [{ time: '05:00', forDay: 'same' }],
        active: false,
      },
    });
    const evening = await api('/api/jobsites', {
      token: account.token,
      body: {
        name: 'Evening',
        latitude: 41.8,
        longitude: -87.6,
        noticeTimes: [{ time: '18:00', forDay: 'next' }],
      },
    });
    expect([paused.status, evening.status]).toEqual([201, 201]);
    const after = await runAt();
    expect(after.due).toBe(before.due);
    // 18:00 the day before (Tuesday in Chicago) is 00:00 UTC on Wednesday: the evening notice is due then.
    const eve = await runAt('2026-12-02T00:00:00.000Z');
    expect(eve.due).toBeGreaterThanOrEqual(1);
    const runs = await api('/api/admin/dispatch/runs?limit=3', { token: admin });
    expect(runs.body.items[0]).toMatchObject({ trigger: 'admin', slotStart: '2026-12-02T00:00:00.000Z' });
  });
});
