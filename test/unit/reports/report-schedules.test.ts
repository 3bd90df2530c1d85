import { tenantFromStore, type Caller } from '../../../lambdas/core/caller';
import { documentLinks } from '../../../lambdas/core/reports/document-links';
import {
  putSchedule,
  runReportSchedules,
  type ReportSchedulesDeps,
} from '../../../lambdas/core/reports/report-schedules';
import type {
  EmailAttachment,
  ReportScheduleRepo,
  StoredSend,
} from '../../../lambdas/core/reports/report-schedules.ports';
import { scheduledReportEmail } from '../../../lambdas/core/reports/scheduled-email';
import { sesAttachment } from '../../../lambdas/adapters/ses/ses.attachment-mailer';
import { ATTACHMENT_LIMIT_BYTES, type ReportSchedule } from '../../../shared/report-schedules';
import type { ReportDefinition } from '../../../shared/reports';

const TENANT = 'owner-1';
const REPORT: ReportDefinition = {
  id: '5b0c5c1e-6a6f-4c55-9a39-1b2f4a9d7e01',
  title: 'Monthly weather-day report',
  jobsites: 'all',
  range: { relative: 'last-month' },
  sections: ['ledger'],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const SECRET = 'x'.repeat(40);

/** The schedules repo in memory, with the same claim rule as DynamoDB's conditional writes. */
function memorySchedules() {
  const schedules = new Map<string, ReportSchedule>();
  const sends = new Map<string, StoredSend>();
  const repo: ReportScheduleRepo = {
    put: async (_t, s) => (schedules.set(s.reportId, s), s),
    get: async (_t, id) => schedules.get(id) ?? null,
    remove: async (_t, id) => void schedules.delete(id),
    listAll: async () => [...schedules.values()].map((s) => ({ ...s, tenantId: tenantFromStore(TENANT) })),
    claim: async (_t, reportId, c) => {
      const key = `${reportId}#${c.period.key}`;
      const held = sends.get(key);
      const stale = held?.status === 'rendering' && held.claimedAt < c.staleBefore;
      if (held && held.status !== 'failed' && !stale) return false;
      sends.set(key, {
        period: c.period,
        recipients: c.recipients,
        delivery: null,
        bytes: null,
        status: 'rendering',
        attempts: (held?.attempts ?? 0) + 1,
        error: null,
        claimedAt: c.claimedAt,
        sentAt: null,
        documentExpiresAt: null,
        documentKey: null,
      });
      return true;
    },
    markSending: async (_t, reportId, periodKey) => {
      sends.get(`${reportId}#${periodKey}`)!.status = 'sending';
    },
    markSent: async (_t, reportId, periodKey, s) => {
      Object.assign(sends.get(`${reportId}#${periodKey}`)!, { ...s, status: 'sent', error: null });
    },
    markFailed: async (_t, reportId, periodKey, error) => {
      Object.assign(sends.get(`${reportId}#${periodKey}`)!, { status: 'failed', error });
    },
    listSends: async (_t, reportId) =>
      [...sends.entries()].filter(([k]) => k.startsWith(reportId)).map(([, v]) => v),
    getSend: async (_t, reportId, periodKey) => sends.get(`${reportId}#${periodKey}`) ?? null,
  };
  return { repo, sends };
}

function setup(pdfBytes: number, opts: { plan?: 'premium' | 'basic' } = {}) {
  const { repo, sends } = memorySchedules();
  const outbox: { to: string[]; subject: string; text: string; attachments: EmailAttachment[] }[] = [];
  const stored = new Map<string, Uint8Array>();
  let failNext = 0;
  const links = documentLinks({ secret: SECRET, appOrigin: 'https://app.example.com' });
  const now = { value: new Date('2026-11-20T12:00:00Z') };
  const deps = {
    reports: { create: async () => {}, get: async () => REPORT, list: async () => [REPORT] },
    accounts: {
      getSubscription: async () => ({ plan: opts.plan ?? 'premium', status: 'active' }) as never,
    },
    ledger: {
      clock: { now: () => now.value },
      records: { jobsites: { list: async () => [] }, clients: { list: async () => [] } },
    } as never,
    schedules: repo,
    documents: {
      put: async (key: string, bytes: Uint8Array) => void stored.set(key, bytes),
      get: async (key: string) => stored.get(key) ?? null,
    },
    renderer: { pdf: async () => new Uint8Array(pdfBytes) },
    mailer: {
      sendWithAttachments: async (m: (typeof outbox)[number]) => {
        if (failNext-- > 0) throw new Error('SES is throttling');
        outbox.push(m);
        return { messageId: `m-${outbox.length}` };
      },
    },
    appOrigin: 'https://app.example.com',
    documentLink: links.link,
  } satisfies ReportSchedulesDeps;
  const owner: Caller = { userId: TENANT, email: 'owner@example.com', groups: [] };
  return { deps, owner, outbox, sends, stored, links, now, failOnce: () => (failNext = 1) };
}

describe('runReportSchedules', () => {
  it('should send each period once however often it runs, with the PDF attached up to 7 MB', async () => {
    const t = setup(ATTACHMENT_LIMIT_BYTES);
    await putSchedule(t.owner, REPORT.id, { cadence: 'monthly', to: ['rep@example.com'] }, t.deps);
    const at = new Date('2026-12-01T09:00:00Z');
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runReportSchedules(t.deps, { at }));
    expect(runs.map((r) => r.sent)).toEqual([1, 0, 0]);
    expect(runs.map((r) => r.alreadyClaimed)).toEqual([0, 1, 1]);
    expect(t.outbox).toHaveLength(1);
    expect(t.outbox[0]!.subject).toBe('Monthly weather-day report: November 2026');
    expect(t.outbox[0]!.text).toContain('covers November 2026, 2026-11-01 to 2026-11-30');
    expect(t.outbox[0]!.attachments).toEqual([
      expect.objectContaining({
        fileName: 'monthly-weather-day-report-2026-11.pdf',
        contentType: 'application/pdf',
      }),
    ]);
    const [send] = t.sends.values();
    expect(send).toMatchObject({ status: 'sent', delivery: 'attached', bytes: ATTACHMENT_LIMIT_BYTES });
  });

  it('should send a signed link instead above 7 MB, and the link should open that document only', async () => {
    const t = setup(ATTACHMENT_LIMIT_BYTES + 1);
    await putSchedule(t.owner, REPORT.id, { cadence: 'weekly', to: ['rep@example.com'] }, t.deps);
    await runReportSchedules(t.deps, { at: new Date('2026-11-30T12:00:00Z') });
    const mail = t.outbox[0]!;
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('too large to attach');
    const url = /https:\/\/app\.example\.com\/api\/reports\/documents\/(\S+)/.exec(mail.text)![1]!;
    expect(t.links.read(url, new Date('2026-12-01T00:00:00Z'))).toEqual({
      tenant: TENANT,
      reportId: REPORT.id,
      periodKey: '2026-W48',
    });
    // After its 90 days, or altered by one character, the link opens nothing.
    expect(t.links.read(url, new Date('2027-03-01T00:00:00Z'))).toBeNull();
    expect(
      t.links.read(url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A'), new Date('2026-12-01')),
    ).toBeNull();
    expect([...t.sends.values()][0]).toMatchObject({ delivery: 'linked', status: 'sent' });
    // Why not, for the page: a link of ours past its days is gone; one we never signed is not valid.
    expect(t.links.open(url, new Date('2027-03-01T00:00:00Z'))).toBe('expired');
    expect(t.links.open('not-a-link', new Date('2026-12-01'))).toBe('invalid');
    expect(t.links.open(url.slice(0, 40), new Date('2026-12-01'))).toBe('invalid');
  });

  it('should record a failed send and retry it on the next run, once', async () => {
    const t = setup(1000);
    await putSchedule(t.owner, REPORT.id, { cadence: 'monthly', to: ['rep@example.com'] }, t.deps);
    t.failOnce();
    const at = new Date('2026-12-01T09:00:00Z');
    expect(await runReportSchedules(t.deps, { at })).toMatchObject({ failed: 1, sent: 0 });
    expect([...t.sends.values()][0]).toMatchObject({ status: 'failed', error: 'SES is throttling' });
    expect(await runReportSchedules(t.deps, { at })).toMatchObject({ failed: 0, sent: 1 });
    expect(await runReportSchedules(t.deps, { at })).toMatchObject({ sent: 0, alreadyClaimed: 1 });
    expect(t.outbox).toHaveLength(1);
    expect([...t.sends.values()][0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('should owe nothing for a period that ended before the schedule was made', async () => {
    const t = setup(1000);
    await putSchedule(t.owner, REPORT.id, { cadence: 'monthly', to: ['rep@example.com'] }, t.deps);
    // Made on 20 November: October is not owed, November is.
    expect(await runReportSchedules(t.deps, { at: new Date('2026-11-25T00:00:00Z') })).toMatchObject({
      due: 0,
    });
    expect(await runReportSchedules(t.deps, { at: new Date('2026-12-01T00:00:00Z') })).toMatchObject({
      due: 1,
    });
  });

  it('should skip, without claiming, an account that lost custom reports', async () => {
    const t = setup(1000);
    await putSchedule(t.owner, REPORT.id, { cadence: 'monthly', to: ['rep@example.com'] }, t.deps);
    t.deps.accounts.getSubscription = async () => ({ plan: 'basic', status: 'active' }) as never;
    expect(await runReportSchedules(t.deps, { at: new Date('2026-12-01T00:00:00Z') })).toMatchObject({
      skipped: 1,
      sent: 0,
    });
    expect(t.sends.size).toBe(0);
  });
});

describe('scheduledReportEmail', () => {
  it('should say which week a weekly report covers and escape the link in HTML', () => {
    const mail = scheduledReportEmail({
      title: 'Harbor <Tower>',
      cadence: 'weekly',
      period: { key: '2026-W47', from: '2026-11-16', to: '2026-11-22', label: 'Week 47 of 2026' },
      reportUrl: 'https://app.example.com/analytics/reports/x?a=1&b=2',
      downloadUrl: null,
      bytes: 1_572_864,
    });
    expect(mail.subject).toBe('Harbor <Tower>: Week 47 of 2026');
    expect(mail.text).toContain('This weekly report covers Week 47 of 2026, 2026-11-16 to 2026-11-22.');
    expect(mail.text).toContain('The PDF (1.5 MB) is attached.');
    expect(mail.html).toContain('href="https://app.example.com/analytics/reports/x?a=1&amp;b=2"');
  });
});

describe('sesAttachment', () => {
  it('should hand SES the raw bytes as a base64-encoded attachment with its name and type', () => {
    const bytes = new TextEncoder().encode('%PDF-1.7');
    expect(sesAttachment({ fileName: 'r.pdf', contentType: 'application/pdf', bytes })).toEqual({
      FileName: 'r.pdf',
      ContentType: 'application/pdf',
      RawContent: bytes,
      ContentDisposition: 'ATTACHMENT',
      ContentTransferEncoding: 'BASE64',
    });
  });
});
