import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';
import { measureSms } from '../../../shared/sms-text';
import { createAppRoot } from '../../../lambdas/composition/app.root';

/**
 * The SMS channel through the real path: workers through the API, the local SMS server (AWS's own
 * JSON 1.0 protocol, spoken to by the real SDK client), replies typed in its outbox reaching the
 * sms-events handler as SNS events, and the admin's "run now" dispatch.
 */
const stack = testStack();
const api = apiFor(stack);

// Wednesday 2 December 2026, 05:00 in Chicago.
const AT = '2026-12-02T11:00:00.000Z';

interface Text {
  to: string;
  from: string;
  body: string;
  direction: 'out' | 'in';
}

async function textsTo(phone: string): Promise<Text[]> {
  const res = await fetch(`${stack.smsOutboxUrl}/messages`);
  return ((await res.json()) as Text[]).filter((t) => t.direction === 'out' && t.to === phone);
}

async function reply(from: string, body: string) {
  const res = await fetch(`${stack.smsOutboxUrl}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  expect(res.status).toBe(201);
}

let admin: string;
let account: TestAccount;
let worker: { id: string };
let site: { id: string; name: string };
const tag = Date.now();
const phone = `+1206555${String(tag % 10000).padStart(4, '0')}`;
const written = `(206) 555-${phone.slice(-4)}`;

const runAt = (at = AT) => runDispatch(stack, admin, at);

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'sms');
});

describe('texting a worker', () => {
  it('should store a phone written any common way as E.164 and ask the worker to reply YES', async () => {
    const res = await api('/api/workers', {
      token: account.token,
      body: { name: 'Casey Lane', email: `casey-${tag}@example.com`, phone: written, smsOptIn: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone, smsOptIn: true, sms: { status: 'pending' } });
    worker = res.body;
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Reply YES to get weather-delay texts from /);
  });

  it('should refuse a number that is not a mobile number, naming the field', async () => {
    const res = await api.put(account, `/api/workers/${worker.id}`, { phone: '555 010 4040' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ phone: 'Enter a mobile number, e.g. +1 206 555 0100' });
  });

  it('should turn SMS on when the worker answers yes, whatever the case and punctuation', async () => {
    await reply(phone, '  Yes! ');
    const res = await api(`/api/workers/${worker.id}`, { token: account.token });
    expect(res.body.sms).toEqual({ status: 'on' });
  });

  it('should text a delay notice once, however often and however concurrently the slot runs', async () => {
    const created = await api('/api/jobsites', {
      token: account.token,
      body: stormSiteInChicago(`Pier Nine ${tag}`, [worker.id]),
    });
    expect(created.status).toBe(201);
    site = created.body;
    await runAt();
    await runAt();
    await Promise.all([runAt(), runAt()]);
    const notices = (await textsTo(phone)).filter((t) => t.body.includes(site.name));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('Weather delay');
    expect(notices[0]!.body).toContain('Dec 2');
    const alerts = await api('/api/alerts', { token: account.token });
    const texted = alerts.body.items.filter((a: { channel?: string }) => a.channel === 'sms');
    expect(texted).toHaveLength(1);
    expect(texted[0]).toMatchObject({
      status: 'SENT',
      recipient: phone,
      segments: expect.any(Number),
      messageId: expect.any(String),
      jobsiteName: site.name,
      audience: 'worker',
    });
    // The carrier's delivery event (sms-events) finds the text's claim by its message id.
    const deliveries = createAppRoot(stack.lambdaConfig).smsRoot!.texts.deliveries;
    expect(await deliveries.record(texted[0].messageId, 'DELIVERED', new Date().toISOString())).toBe(true);
    const after = await api('/api/alerts', { token: account.token });
    const delivered = after.body.items.find((a: { channel?: string }) => a.channel === 'sms');
    expect(delivered).toMatchObject({ status: 'SENT', deliveryStatus: 'DELIVERED' });
  });

  it("should link the text to the notice's details with a short code that opens the same page", async () => {
    const [notice] = (await textsTo(phone)).filter((t) => t.body.includes(site.name));
    const link = /(\S+)\/n\/([A-Za-z0-9_-]+)/.exec(notice!.body);
    expect(link?.[2]).toHaveLength(8);
    expect(measureSms(notice!.body).segments).toBeLessThanOrEqual(2);
    const details = await api(`/api/notices/${link![2]}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ date: '2026-12-02', jobsite: { name: site.name } });
    expect((await api('/api/notices/Zz9_-Zz9')).status).toBe(404);
  });

  it("should count the texts' segments against the plan's monthly allowance", async () => {
    const usage = await api('/api/sms/usage', { token: account.token });
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ allowance: 1000, month: expect.stringMatching(/^\d{4}-\d{2}$/) });
    expect(usage.body.used).toBeGreaterThanOrEqual(1);
  });

  it('should ask the foreman to reply 1 or 2 by text, and record a reply 1 as the crew standing down', async () => {
    const set = await api.put(account, `/api/jobsites/${site.id}`, { foremanWorkerId: worker.id });
    expect(set.status).toBe(200);
    // Thursday 3 December 2026, 05:00 in Chicago: the next working morning, still stormy.
    await runAt('2026-12-03T11:00:00.000Z');
    const asked = (await textsTo(phone)).filter((t) => t.body.includes('Reply 1 = crew stood down'));
    expect(asked).toHaveLength(1);
    await reply(phone, '1');
    const list = await api(`/api/confirmations?jobsiteId=${site.id}&from=2026-12-03&to=2026-12-03`, {
      token: account.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ workDate: '2026-12-03', answer: 'stood-down', answeredVia: 'sms' }),
    ]);
  });

  it('should stop the next text at once when the worker replies STOP', async () => {
    await reply(phone, 'stop');
    expect((await api(`/api/workers/${worker.id}`, { token: account.token })).body.sms).toEqual({
      status: 'stopped',
    });
    const before = (await textsTo(phone)).length;
    const cleared = await api.put(account, `/api/jobsites/${site.id}`, { scenario: 'clear' });
    expect(cleared.status).toBe(200);
    const run = await runAt();
    expect(run.sent.allClear).toBeGreaterThanOrEqual(1);
    expect(await textsTo(phone)).toHaveLength(before);
  });

  it('should keep the consent log, with time and source, on the worker and in the account export', async () => {
    const consent = await api(`/api/workers/${worker.id}/sms-consent`, { token: account.token });
    expect(consent.status).toBe(200);
    expect(consent.body.status).toBe('stopped');
    expect(consent.body.log.map((e: { event: string; source: string }) => [e.event, e.source])).toEqual([
      ['asked', 'contractor'],
      ['yes', 'sms-reply'],
      ['stop', 'sms-reply'],
    ]);
    const exported = await api('/api/me/export', { token: account.token });
    expect(exported.body.smsConsents).toEqual([
      expect.objectContaining({ phone, state: 'stopped', log: consent.body.log }),
    ]);
  });

  it('should refuse to turn SMS on under a plan without it, naming the plan', async () => {
    const basic = await newAccount(stack, 'sms-basic');
    await subscribe(stack, basic, 'basic');
    const res = await api('/api/workers', {
      token: basic.token,
      body: { name: 'Drew Hale', email: `drew-${tag}@example.com`, phone: written, smsOptIn: true },
    });
    expect(res.status).toBe(403);
    expect(res.body.error ?? res.body.message).toContain('Basic');
  });
});
