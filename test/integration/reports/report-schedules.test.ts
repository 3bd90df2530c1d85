import { tenantFromStore } from '../../../lambdas/core/caller';
import { createDataRoot } from '../../../lambdas/composition/data.root';
import { DynamoReportScheduleRepo } from '../../../lambdas/adapters/dynamo/report-schedules.repo';
import { DOCUMENT_GONE_MESSAGE, DOCUMENT_LINK_INVALID_MESSAGE } from '../../../shared/report-schedules';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { seededAdminToken } from '../../support/cognito';
import { pdfText } from '../../support/pdf-text';
import type { TestStackInfo } from '../../support/stack-process';
import { testStack } from '../stack';

/**
 * Report schedules through the running stack (issue 25 §6): `PUT /api/reports/{id}/schedule`, the
 * scheduled job run again and again and at once (the admin's "run now", the same code EventBridge
 * invokes), the SES emulator's mailbox, the send history and the kept document's download.
 */
const stack = testStack();
const schedules = new DynamoReportScheduleRepo(createDataRoot(stack.lambdaConfig).db);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

interface MailboxEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  attachments: { content: string; contentType: string; filename?: string; size: number }[];
}
async function mailTo(s: TestStackInfo, address: string): Promise<MailboxEmail[]> {
  const store = (await (await fetch(`${s.mailboxUrl}/store`)).json()) as { emails: MailboxEmail[] };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

const TITLE = `November weather days ${Date.now()}`;
// After November ends in Denver (08:00 local on 1 December): the last whole month is November 2026.
const AFTER_NOVEMBER = '2026-12-01T15:00:00Z';
let premium: TestAccount;
let admin: string;
let reportId: string;
const rep = `rep-${Date.now()}@example.com`;
const pm = `pm-${Date.now()}@example.com`;

beforeAll(async () => {
  [premium, admin] = await Promise.all([newAccount(stack, 'schedules'), seededAdminToken(stack)]);
  await subscribe(stack, premium, 'premium');
  const site = await api('/api/jobsites', {
    token: premium.token,
    body: { name: 'Quarry Road Bridge', latitude: 39.74, longitude: -104.99, timezone: 'America/Denver' },
  });
  expect(site.status).toBe(201);
  const report = await api('/api/reports', {
    token: premium.token,
    body: { title: TITLE, jobsites: 'all', range: { relative: 'last-month' }, sections: ['ledger'] },
  });
  expect(report.status).toBe(201);
  reportId = report.body.id;
}, 90_000);

const run = (at: string) => api('/api/reports/schedules/run', { token: admin, body: { at } });

describe('report schedules', () => {
  it('should refuse a bad body with 400 naming the field', async () => {
    const put = (body: unknown) =>
      api(`/api/reports/${reportId}/schedule`, { method: 'PUT', token: premium.token, body });
    const cases: [unknown, string][] = [
      [{ cadence: 'daily', to: [rep] }, 'cadence'],
      [{ cadence: 'monthly', to: [] }, 'to'],
      [{ cadence: 'monthly', to: [rep, 'not an address'] }, 'to.1'],
      [{ cadence: 'monthly', to: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`) }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('should answer 404 for another account’s report and 403 naming the plan without customReports', async () => {
    const [other, basic] = await Promise.all([
      newAccount(stack, 'schedules-other'),
      newAccount(stack, 'schedules-basic'),
    ]);
    await Promise.all([subscribe(stack, other, 'premium'), subscribe(stack, basic, 'basic')]);
    const body = { cadence: 'monthly', to: ['thief@example.com'] };
    const theirs = await api(`/api/reports/${reportId}/schedule`, {
      method: 'PUT',
      token: other.token,
      body,
    });
    expect(theirs.status).toBe(404);
    expect((await api(`/api/reports/${reportId}/documents/2026-11`, { token: other.token })).status).toBe(
      404,
    );
    const refused = await api(`/api/reports/${reportId}/schedule`, {
      method: 'PUT',
      token: basic.token,
      body,
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('this account is on Basic');
  });

  it('should leave one schedule after 20 parallel PUTs', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(`/api/reports/${reportId}/schedule`, {
          method: 'PUT',
          token: premium.token,
          body: { cadence: i % 2 ? 'weekly' : 'monthly', to: [rep, pm] },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // The last word: monthly, kept in the zone of the report's jobsite.
    const last = await api(`/api/reports/${reportId}/schedule`, {
      method: 'PUT',
      token: premium.token,
      body: { cadence: 'monthly', to: [rep, pm.toUpperCase()] },
    });
    expect(last.body).toMatchObject({ cadence: 'monthly', to: [rep, pm], timezone: 'America/Denver' });
    const all = await schedules.listAll();
    expect(all.filter((s) => s.tenantId === premium.userId)).toHaveLength(1);
  });

  it('should send a monthly schedule once for its period, run 3 times and 5 at once', async () => {
    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(await run(AFTER_NOVEMBER));
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => run(AFTER_NOVEMBER)));
    for (const r of [...sequential, ...concurrent]) expect(r.status).toBe(200);
    // Across all eight runs, this account's schedule was sent exactly once.
    const mails = await mailTo(stack, rep);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.destination.to.sort()).toEqual([pm, rep].sort());
    expect(mail.subject).toBe(`${TITLE}: November 2026`);
    expect(mail.body.text).toContain('This monthly report covers November 2026, 2026-11-01 to 2026-11-30.');
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/-2026-11\.pdf$/);
    const text = pdfText(new Uint8Array(Buffer.from(attachment.content, 'base64'))).text.replace(/\s+/g, ' ');
    expect(text).toContain(TITLE);
    expect(text).toContain('Quarry Road Bridge');
    expect(text).toContain('2026-11-30');
  });

  it('should list the send in the history and download the kept document again', async () => {
    const view = await api(`/api/reports/${reportId}/schedule`, { token: premium.token });
    expect(view.status).toBe(200);
    expect(view.body.schedule).toMatchObject({ cadence: 'monthly' });
    expect(view.body.sends).toHaveLength(1);
    const [send] = view.body.sends;
    expect(send).toMatchObject({
      period: { key: '2026-11', label: 'November 2026', from: '2026-11-01', to: '2026-11-30' },
      recipients: [rep, pm],
      delivery: 'attached',
      status: 'sent',
      attempts: 1,
    });
    expect(send.bytes).toBeGreaterThan(1000);
    // Kept 90 days from when it was stored (as the bucket's lifecycle rule counts), whatever `at` the run named.
    const keptMs = Date.parse(send.documentExpiresAt) - Date.parse(send.sentAt);
    expect(keptMs).toBeGreaterThan(90 * 86_400_000 - 60_000);
    expect(keptMs).toBeLessThanOrEqual(90 * 86_400_000);
    const res = await fetch(`${stack.appUrl}/api/reports/${reportId}/documents/2026-11`, {
      headers: { authorization: `Bearer ${premium.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(send.bytes);
    const [mail] = await mailTo(stack, rep);
    expect(Buffer.from(bytes).equals(Buffer.from(mail!.attachments[0]!.content, 'base64'))).toBe(true);
  });

  it('should say a document past its 90 days is gone, and 404 a period never sent', async () => {
    const tenant = tenantFromStore(premium.userId);
    const august = { key: '2026-08', from: '2026-08-01', to: '2026-08-31', label: 'August 2026' };
    expect(
      await schedules.claim(tenant, reportId, {
        period: august,
        recipients: [rep],
        claimedAt: '2026-09-01T00:00:00Z',
        staleBefore: '2026-09-01T00:00:00Z',
      }),
    ).toBe(true);
    await schedules.markSent(tenant, reportId, '2026-08', {
      sentAt: '2026-09-01T00:00:01Z',
      delivery: 'attached',
      bytes: 1234,
      documentKey: `report-documents/${tenant}/${reportId}/deleted-by-the-lifecycle-rule.pdf`,
      documentExpiresAt: '2026-11-30T00:00:00Z',
      messageId: 'old',
    });
    const gone = await api(`/api/reports/${reportId}/documents/2026-08`, { token: premium.token });
    expect(gone.status).toBe(410);
    expect(JSON.stringify(gone.body)).toContain(DOCUMENT_GONE_MESSAGE);
    expect((await api(`/api/reports/${reportId}/documents/2026-07`, { token: premium.token })).status).toBe(
      404,
    );
    // A document link we never signed (cut short by a mail client, or made up) is not "deleted".
    const made = await api('/api/reports/documents/d1.made-up-token');
    expect(made.status).toBe(404);
    expect(JSON.stringify(made.body)).toContain(DOCUMENT_LINK_INVALID_MESSAGE);
  });

  it('should let one later run take over a claim a dead run left rendering, and never one handed to SES', async () => {
    const tenant = tenantFromStore(premium.userId);
    const june = { key: '2026-06', from: '2026-06-01', to: '2026-06-30', label: 'June 2026' };
    const claim = (claimedAt: string, staleBefore: string) =>
      schedules.claim(tenant, reportId, { period: june, recipients: [rep], claimedAt, staleBefore });
    expect(await claim('2026-07-01T10:00:00Z', '2026-07-01T09:45:00Z')).toBe(true);
    // Ten minutes on, the claim is not stale: nobody takes it.
    expect(await claim('2026-07-01T10:10:00Z', '2026-07-01T09:55:00Z')).toBe(false);
    // Twenty minutes on, five runs at once: exactly one takes it over.
    const takers = await Promise.all(
      Array.from({ length: 5 }, () => claim('2026-07-01T10:20:00Z', '2026-07-01T10:05:00Z')),
    );
    expect(takers.filter(Boolean)).toHaveLength(1);
    await schedules.markSending(tenant, reportId, '2026-06');
    // Handed to SES: however stale, never taken again (a second email is worse than a missing record).
    expect(await claim('2026-07-02T10:00:00Z', '2026-07-02T09:45:00Z')).toBe(false);
    expect(await schedules.getSend(tenant, reportId, '2026-06')).toMatchObject({
      status: 'sending',
      attempts: 2,
    });
  });

  it('should make one report from 20 parallel POSTs with one idempotency key', async () => {
    const title = `Idempotent ${Date.now()}`;
    const headers = { 'idempotency-key': `schedules-${Date.now()}` };
    const body = { title, jobsites: 'all', range: { relative: 'month-to-date' }, sections: ['ledger'] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api('/api/reports', { token: premium.token, body, headers })),
    );
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const list = await api('/api/reports', { token: premium.token });
    expect(list.body.reports.filter((r: { title: string }) => r.title === title)).toHaveLength(1);
  });
});
