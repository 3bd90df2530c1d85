import { createAppRoot } from '../../../lambdas/composition/app.root';
import { DynamoClaimRepo } from '../../../lambdas/adapters/dynamo/dispatch.repo';
import type { MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import type { Verdict } from '../../../shared/weather/engine';
import { callApi, newAccount, type TestAccount } from '../../support/accounts';
import { storedRainDecision } from '../../support/stored-decision';
import { testStack } from '../stack';

/**
 * The weather-day ledger through the running stack's API, over decisions written directly through
 * the composition root (the trusted path the dispatch itself uses).
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

const DENVER = { latitude: 39.74, longitude: -104.99, timezone: 'America/Denver' };
const RANGE = 'from=2026-01-26&to=2026-02-06';

let account: TestAccount;
let jobsiteId: string;

const decision = (workDate: string, verdict: Verdict, hoursLost: number) =>
  storedRainDecision({
    userId: account.userId,
    jobsiteId,
    workDate,
    verdict,
    hoursLost,
    rain: { peak: 0.3, reason: 'Rain 0.3 in/h, work stops' },
    runId: 'ledger-test',
  });

beforeAll(async () => {
  account = await newAccount(stack, 'ledger');
  const created = await api('/api/jobsites', {
    token: account.token,
    body: { name: 'Ledger Yard', ...DENVER, anticipatedWeatherDays: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
  });
  expect(created.status).toBe(201);
  expect(created.body.anticipatedWeatherDays).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  jobsiteId = created.body.id as string;
  for (const d of [
    decision('2026-01-29', 'none', 0),
    decision('2026-01-30', 'full', 10),
    decision('2026-02-02', 'full', 10),
    decision('2026-02-03', 'partial', 6),
    decision('2026-02-04', 'partial', 2),
  ])
    await root.dispatch.decisions.put(d);
  // Who was told: two notices sent about Jan 30, one still pending; one about Feb 2.
  const claims = new DynamoClaimRepo(root.db);
  const claim = (workDate: string, recipient: string): MessageClaim => ({
    tenantId: account.userId,
    jobsiteId,
    workDate,
    messageKey: 'notice:full',
    recipient,
    kind: 'notice',
    verdict: 'full',
    audience: 'worker',
    recipientName: recipient,
    jobsiteName: 'Ledger Yard',
    runId: 'ledger-test',
  });
  const at = new Date('2026-01-29T01:00:00Z');
  for (const c of [
    claim('2026-01-30', 'a@example.com'),
    claim('2026-01-30', 'b@example.com'),
    claim('2026-02-02', 'a@example.com'),
  ]) {
    await claims.claim(c, at);
    await claims.markSent(c, `m-${c.recipient}-${c.workDate}`, at);
  }
  await claims.claim(claim('2026-01-30', 'c@example.com'), at);
  // Worker a was also texted about Jan 30 (one text, not a third person told), and a manager got an
  // escalation text, which is about the foreman, not the day's notice.
  for (const c of [
    {
      ...claim('2026-01-30', '+12065550100'),
      messageKey: 'sms:notice:full',
      channel: 'sms' as const,
      segments: 1,
    },
    {
      ...claim('2026-01-30', '+12065550101'),
      messageKey: 'sms:escalation:r-1',
      kind: 'escalation' as const,
      channel: 'sms' as const,
      segments: 1,
    },
  ]) {
    await claims.claim(c, at);
    await claims.markSent(c, `m-${c.recipient}`, at);
  }
  // The day before: an earlier day in the same month, to put January over its allowance.
  await root.dispatch.decisions.put(decision('2026-01-27', 'full', 10));
}, 60_000);

describe('weather-day ledger', () => {
  it('counts delay days beyond the monthly allowance across the month boundary', async () => {
    const res = await api(`/api/jobsites/${jobsiteId}/ledger?${RANGE}`, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.jobsite).toEqual({ id: jobsiteId, name: 'Ledger Yard', timezone: 'America/Denver' });
    expect(res.body.from).toBe('2026-01-26');
    expect(res.body.to).toBe('2026-02-06');
    expect(res.body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-01-27',
      '2026-01-29',
      '2026-01-30',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
    ]);
    expect(res.body.days[2]).toEqual({
      date: '2026-01-30',
      verdict: 'full',
      hoursLost: 10,
      reasons: ['Rain 0.3 in/h, work stops'],
      worked: null,
      note: null,
      decidedAt: '2026-01-30T05:00:00.000Z',
      notified: 2,
      texted: 1,
      delayDay: true,
      // January's allowance of 1 went to Jan 27: this second delay day is beyond it.
      beyondAllowance: true,
      // Long past, and never observed (no observation was stored for it): issue 25.
      observed: 'unavailable',
    });
    expect(res.body.days.map((d: { notified: number }) => d.notified)).toEqual([0, 0, 2, 1, 0, 0]);
    expect(res.body.days.map((d: { texted: number }) => d.texted)).toEqual([0, 0, 1, 0, 0, 0]);
    expect(res.body.months).toEqual([
      { month: '2026-01', delayDays: 2, hoursLost: 20, anticipated: 1, beyondAllowance: 1 },
      { month: '2026-02', delayDays: 2, hoursLost: 16, anticipated: 1, beyondAllowance: 1 },
    ]);
    expect(res.body.totals).toEqual({ delayDays: 4, hoursLost: 36, beyondAllowance: 2 });
  });

  it('exports the ledger as CSV, one row per working day', async () => {
    const res = await api(`/api/jobsites/${jobsiteId}/ledger.csv?${RANGE}`, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,verdict,hours lost,worked,reasons,note');
    expect(lines).toHaveLength(1 + 6);
    expect(lines[3]).toBe('2026-01-30,full,10,,"Rain 0.3 in/h, work stops",');
  });

  it('keeps both the verdict and the "worked" mark, and counts the day no more', async () => {
    const marked = await api(`/api/jobsites/${jobsiteId}/ledger/2026-02-02`, {
      method: 'PUT',
      token: account.token,
      body: { worked: true, note: 'Rain held off' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ date: '2026-02-02', worked: true, note: 'Rain held off' });

    const res = await api(`/api/jobsites/${jobsiteId}/ledger?${RANGE}`, { token: account.token });
    const feb2 = res.body.days.find((d: { date: string }) => d.date === '2026-02-02');
    expect(feb2).toMatchObject({ verdict: 'full', hoursLost: 10, worked: true, note: 'Rain held off' });
    expect(res.body.months[1]).toEqual({
      month: '2026-02',
      delayDays: 1,
      hoursLost: 6,
      anticipated: 1,
      beyondAllowance: 0,
    });
    expect(res.body.totals).toEqual({ delayDays: 3, hoursLost: 26, beyondAllowance: 1 });

    const csv = await api(`/api/jobsites/${jobsiteId}/ledger.csv?${RANGE}`, { token: account.token });
    expect(csv.text).toContain('2026-02-02,full,10,yes,"Rain 0.3 in/h, work stops",Rain held off');

    // Unmarking puts the day back.
    await api(`/api/jobsites/${jobsiteId}/ledger/2026-02-02`, {
      method: 'PUT',
      token: account.token,
      body: { worked: false },
    });
    const again = await api(`/api/jobsites/${jobsiteId}/ledger?${RANGE}`, { token: account.token });
    expect(again.body.totals).toEqual({ delayDays: 4, hoursLost: 36, beyondAllowance: 2 });
  });

  it('answers 404 for a day without a decision, and 400 for bad ranges', async () => {
    const noDay = await api(`/api/jobsites/${jobsiteId}/ledger/2026-02-05`, {
      method: 'PUT',
      token: account.token,
      body: { worked: true },
    });
    expect(noDay.status).toBe(404);
    for (const q of ['from=2026-02-30', 'from=2026-03-02&to=2026-03-01', 'from=2025-01-01&to=2026-02-06'])
      expect((await api(`/api/jobsites/${jobsiteId}/ledger?${q}`, { token: account.token })).status).toBe(
        400,
      );
  });

  it('is 404 for another account, for the ledger, the CSV and the mark', async () => {
    const other = await newAccount(stack, 'ledger-other');
    expect((await api(`/api/jobsites/${jobsiteId}/ledger?${RANGE}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await api(`/api/jobsites/${jobsiteId}/ledger.csv?${RANGE}`, { token: other.token })).status).toBe(
      404,
    );
    const mark = await api(`/api/jobsites/${jobsiteId}/ledger/2026-01-30`, {
      method: 'PUT',
      token: other.token,
      body: { worked: true },
    });
    expect(mark.status).toBe(404);
    const unknown = await api('/api/jobsites/00000000-0000-4000-8000-000000000000/ledger', {
      token: account.token,
    });
    expect(unknown.status).toBe(404);
  });
});
