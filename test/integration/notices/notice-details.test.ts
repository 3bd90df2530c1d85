import { NoticeDetailsTokens } from '../../../lambdas/core/notices/notice-link';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { stormSiteInSeattle } from '../../support/storm-site';

/**
 * Issue 20 through the real path: the company and site contact saved through the API, the admin's
 * "run now" with `at`, the simulated `storm` scenario, DynamoDB Local, the SES emulator's mailbox,
 * and the public details route read with no sign-in.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);
const origin = (stack.lambdaConfig.APP_ORIGIN ?? stack.appUrl).replace(/\/$/, '');

// Wednesday 2 December 2026, 18:00 in Seattle (PST, UTC−8): the evening notice about Thursday.
const AT_18 = '2026-12-03T02:00:00.000Z';
const WORK_DATE = '2026-12-03';
const tag = Date.now();
const COMPANY = `Acme Builders ${tag}`;
const ADDRESS = '1200 Alaskan Way, Seattle, WA 98101';
const CONTACT = { name: 'Ana Silva', phone: '+1 (206) 555-0100' };

let account: TestAccount;
let admin: string;
let siteId: string;
let workerEmail: string;
let mail: { from?: string; replyTo?: string[] | string; body: { text?: string; html?: string } };
let token: string;

beforeAll(async () => {
  admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  account = await newAccount(stack, 'notices');
  await subscribe(stack, account, 'premium');
  const profile = await api('/api/me/profile', {
    method: 'PUT',
    token: account.token,
    body: { name: 'Owen Owner', company: COMPANY, units: 'us' },
  });
  expect(profile.status).toBe(200);
  workerEmail = `crew-${tag}@example.com`;
  ({ siteId } = await stormSiteInSeattle(stack, account, {
    name: `Harbor Point Tower ${tag}`,
    workerEmail,
    noticeTimes: [{ time: '18:00', forDay: 'next' }],
  }));
});

describe('a jobsite’s address and site contact', () => {
  it('should refuse a site contact phone with letters, naming siteContact.phone', async () => {
    const res = await api(`/api/jobsites/${siteId}`, {
      method: 'PUT',
      token: account.token,
      body: { siteContact: { name: 'Ana', phone: 'call me maybe' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('siteContact.phone');
    expect(res.body.fields['siteContact.phone']).toMatch(/6–25/);
  });

  it('should save the address and the site contact and read them back', async () => {
    const res = await api(`/api/jobsites/${siteId}`, {
      method: 'PUT',
      token: account.token,
      body: { address: ADDRESS, siteContact: CONTACT },
    });
    expect(res.status).toBe(200);
    const read = await api(`/api/jobsites/${siteId}`, { token: account.token });
    expect(read.body).toMatchObject({ address: ADDRESS, siteContact: CONTACT });
  });
});

describe('a notice that speaks for the contractor', () => {
  beforeAll(async () => {
    const run = await api('/api/admin/dispatch/run', { token: admin, body: { at: AT_18 } });
    expect(run.status).toBe(200);
    const inbox = await mailTo(stack, workerEmail);
    expect(inbox).toHaveLength(1);
    mail = inbox[0] as typeof mail;
    const link = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/n/([A-Za-z0-9_-]+)`).exec(
      mail.body.text ?? '',
    );
    expect(link).not.toBeNull();
    token = link![1]!;
  });

  it('should carry the company, the address, the contact and the details link in both parts', () => {
    for (const part of [mail.body.text!, mail.body.html!]) {
      expect(part).toContain(COMPANY);
      expect(part).toContain(ADDRESS);
      expect(part).toContain('Ana Silva');
      expect(part).toContain(CONTACT.phone);
      expect(part).toContain(`${origin}/n/${token}`);
    }
  });

  it('should come from "<Company> via Raincheck" at our address, with replies to the account owner', () => {
    expect(mail.from).toContain(`${COMPANY} via Raincheck`);
    expect(mail.from).toContain(stack.lambdaConfig.MAIL_FROM!.replace(/^.*<|>$/g, ''));
    expect(JSON.stringify(mail.replyTo)).toContain(account.email);
  });

  it('should open the day’s details without signing in: verdict, reasons and the hourly forecast', async () => {
    const res = await fetch(`${stack.appUrl}/api/notices/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      company: COMPANY,
      contact: CONTACT,
      jobsite: { name: `Harbor Point Tower ${tag}`, address: ADDRESS, timezone: 'America/Los_Angeles' },
      date: WORK_DATE,
      verdict: 'full',
      units: 'us',
    });
    expect(body.judgement.rules[0].reason).toMatch(/gust/i);
    expect(body.forecast.hours.length).toBeGreaterThanOrEqual(24);
    expect(body.forecast.values.wind_gusts.length).toBe(body.forecast.hours.length);
    expect(JSON.stringify(body)).not.toContain(workerEmail);
    expect(JSON.stringify(body)).not.toContain(account.userId);
  });

  it('should answer a forged, cut-short, expired or another account’s token with the same 404', async () => {
    const secret = stack.lambdaConfig.UNSUBSCRIBE_SECRET!;
    const signer = new NoticeDetailsTokens(secret);
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const bad = [
      flip(token, 10),
      flip(token, token.length - 2),
      token.slice(0, -4),
      signer.sign({ tenantId: account.userId, jobsiteId: siteId, workDate: '2026-10-01' }),
      signer.sign({ tenantId: `${account.userId}x`, jobsiteId: siteId, workDate: WORK_DATE }),
      new NoticeDetailsTokens(`${secret}-forged`).sign({
        tenantId: account.userId,
        jobsiteId: siteId,
        workDate: WORK_DATE,
      }),
    ];
    const answers = await Promise.all(
      bad.map(async (t) => {
        const res = await fetch(`${stack.appUrl}/api/notices/${t}`);
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
  });
});
