import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { callApi, changePlan, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { stormSiteInSeattle } from '../../support/storm-site';

/**
 * Issue 24 item 4 through the real path: an Enterprise account's brand on the delay notice a worker
 * gets (SES emulator), on the public details and unsubscribe pages' data, and on the owner's test
 * send; the same account on Premium is back to Raincheck's own look.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);
const origin = (stack.lambdaConfig.APP_ORIGIN ?? stack.appUrl).replace(/\/$/, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Thursday 3 December 2026, 18:00 in Seattle (PST, UTC−8): the evening notice about Friday.
const AT_18 = '2026-12-04T02:00:00.000Z';
const tag = Date.now();
const BRAND = {
  companyName: `Harbor Steel ${tag}`,
  colour: '#0b7285',
  footer: 'Harbor Steel Erectors, 12 Dock St, Tacoma\nSafety line 555-0100',
  logoUrl: null,
};
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let account: TestAccount;
let workerEmail: string;
let logoUrl: string;
let mail: { from?: string; subject: string; body: { text?: string; html?: string } };

beforeAll(async () => {
  const admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  account = await newAccount(stack, 'brand-notices');
  await subscribe(stack, account, 'enterprise');
  const upload = await api('/api/account/brand/logo-upload', {
    token: account.token,
    body: { contentType: 'image/png' },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([PNG], { type: 'image/png' }));
  expect((await fetch(upload.body.url, { method: 'POST', body: form })).status).toBe(204);
  const put = await api('/api/account/brand', {
    method: 'PUT',
    token: account.token,
    body: { ...BRAND, logoKey: upload.body.key },
  });
  expect(put.status).toBe(200);
  logoUrl = put.body.logoUrl;
  workerEmail = `brand-crew-${tag}@example.com`;
  await stormSiteInSeattle(stack, account, {
    name: `Pier 4 Crane Pad ${tag}`,
    workerEmail,
    noticeTimes: [{ time: '18:00', forDay: 'next' }],
  });
  const run = await api('/api/admin/dispatch/run', { token: admin, body: { at: AT_18 } });
  expect(run.status).toBe(200);
  const inbox = await mailTo(stack, workerEmail);
  expect(inbox).toHaveLength(1);
  mail = inbox[0] as typeof mail;
}, 90_000);

describe('a white-labelled notice', () => {
  it('should come from the company alone, not "via Raincheck"', () => {
    expect(mail.from).toContain(`"${BRAND.companyName}"`.replace(/"/g, ''));
    expect(mail.from).not.toContain('Raincheck');
  });

  it("should carry the brand's name, logo, colour and footer, and never Raincheck's name", () => {
    const html = mail.body.html!;
    const text = mail.body.text!;
    expect(html).toContain(`src="${logoUrl}"`);
    expect(html).toContain('background:#0b7285');
    expect(html).toContain('Safety line 555-0100');
    expect(text).toContain('Harbor Steel Erectors, 12 Dock St, Tacoma');
    expect(text).toContain(`Sent by ${BRAND.companyName} about Pier 4 Crane Pad ${tag}.`);
    for (const part of [html, text]) {
      expect(part).toContain(BRAND.companyName);
      expect(part).not.toMatch(/Raincheck/);
    }
  });

  it('should give the details and unsubscribe pages the brand', async () => {
    const details = new RegExp(`${escape(origin)}/n/([A-Za-z0-9_-]+)`).exec(mail.body.text!)![1]!;
    const page = await api(`/api/notices/${details}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      company: BRAND.companyName,
      brand: { ...BRAND, logoUrl, onColour: '#ffffff' },
    });
    const unsubscribe = new RegExp(`${escape(origin)}/unsubscribe\\?token=([^\\s]+)`).exec(
      mail.body.text!,
    )![1]!;
    const view = await api(`/api/unsubscribe?token=${unsubscribe}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      sender: BRAND.companyName,
      brand: { companyName: BRAND.companyName, logoUrl },
    });
  });

  it("should show the brand in the owner's test notice", async () => {
    const sent = await api('/api/email/test', {
      token: account.token,
      body: { kind: 'notice', audience: 'worker' },
    });
    expect(sent.status).toBe(202);
    const test = (await mailTo(stack, account.email)).find((m) => m.messageId === sent.body.messageId)!;
    expect((test as unknown as { from: string }).from).toContain(`"${BRAND.companyName}"`);
    expect(test.body.html).toContain(`src="${logoUrl}"`);
    expect(test.body.text).toContain(BRAND.companyName);
    expect(test.body.text).not.toMatch(/Raincheck/);
  });

  it("should fall back to Raincheck's look once the account leaves Enterprise", async () => {
    await changePlan(stack, account, 'premium');
    const sent = await api('/api/email/test', {
      token: account.token,
      body: { kind: 'notice', audience: 'worker' },
    });
    expect(sent.status).toBe(202);
    const test = (await mailTo(stack, account.email)).find((m) => m.messageId === sent.body.messageId)!;
    expect(test.body.html).not.toContain(logoUrl);
    expect(test.body.text).toContain('Sent by Raincheck');
  }, 60_000);
});
