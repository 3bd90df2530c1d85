import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { apiFor, type TestAccount } from '../../support/accounts';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';

/**
 * Quiet hours through the real run: the account's setting saved through the API, the admin's "run
 * now" route with `at`, the simulated provider pinned to `storm`, DynamoDB Local and the SES emulator.
 */
const stack = testStack();
const mailToStack = (address: string) => mailTo(stack, address);
const api = apiFor(stack);

// Wednesday 2 December 2026, 21:00 in Chicago (CST, UTC−6), and 06:00 the next morning.
const AT_21 = '2026-12-03T03:00:00.000Z';
const AT_0545 = '2026-12-03T11:45:00.000Z';
const AT_06 = '2026-12-03T12:00:00.000Z';
const WORK_DATE = '2026-12-03';
const LIGHTNING = { id: 'lightning', metric: 'weather_code', op: '>=', threshold: 95, holdHours: 1 };

let admin: string;
let account: TestAccount;
const tag = Date.now();

const runAt = (at: string) => runDispatch(stack, admin, at);

// Without rules: the crane gust limit, which the storm meets all day.
async function siteWithWorker(name: string, rules?: object[]) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${tag}@example.com`;
  const worker = await api('/api/workers', { token: account.token, body: { name: `${name} Crew`, email } });
  expect(worker.status).toBe(201);
  const site = await api('/api/jobsites', {
    token: account.token,
    body: stormSiteInChicago(`${name} ${tag}`, [worker.body.id], {
      noticeTime: { time: '21:00', forDay: 'next' },
      rules,
    }),
  });
  expect(site.status).toBe(201);
  return { id: site.body.id as string, email };
}

let crane: { id: string; email: string };
let lightning: { id: string; email: string };
let changed: { id: string; email: string };

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'quiet');
  const quiet = await api.put(account, '/api/me/quiet-hours', {
    enabled: true,
    start: '20:00',
    end: '06:00',
  });
  expect(quiet.status).toBe(200);
  expect(quiet.body.profile.quietHours).toEqual({ enabled: true, start: '20:00', end: '06:00' });
  crane = await siteWithWorker('Crane Pad');
  lightning = await siteWithWorker('Steel Deck', [LIGHTNING]);
  changed = await siteWithWorker('Roof Works');
});

describe('quiet hours in the dispatch run', () => {
  it('should refuse quiet hours off the quarter hour, naming the field', async () => {
    const res = await api.put(account, '/api/me/quiet-hours', {
      enabled: true,
      start: '20:10',
      end: '06:00',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('start');
  });

  it('should hold a gust notice at 21:00 and send a lightning notice at once', async () => {
    await runAt(AT_21);
    expect(await mailToStack(crane.email)).toHaveLength(0);
    expect(await mailToStack(lightning.email)).toHaveLength(1);
    const alerts = await api('/api/alerts', { token: account.token });
    const held = alerts.body.items.filter((a: { jobsiteId: string }) => a.jobsiteId === crane.id);
    expect(held).toEqual([
      expect.objectContaining({ status: 'HELD', heldUntil: '06:00', kind: 'notice', workDate: WORK_DATE }),
    ]);
  });

  it('should not send a held notice whose delay no longer applies when quiet hours end', async () => {
    const cleared = await api.put(account, `/api/jobsites/${changed.id}`, { scenario: 'clear' });
    expect(cleared.status).toBe(200);
    await runAt(AT_0545);
    expect(await mailToStack(crane.email)).toHaveLength(0);
    await runAt(AT_06);
    expect(await mailToStack(changed.email)).toHaveLength(0);
  });

  it('should send the held notice once at 06:00, however often the run is repeated', async () => {
    await runAt(AT_06);
    const mail = await mailToStack(crane.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Full-day delay');
    expect(await mailToStack(lightning.email)).toHaveLength(1);
    const alerts = await api('/api/alerts', { token: account.token });
    const rows = alerts.body.items.filter((a: { jobsiteId: string }) => a.jobsiteId === crane.id);
    expect(rows).toEqual([expect.objectContaining({ status: 'SENT', kind: 'notice' })]);
  });
});
