import type { Subscription } from '../../../shared/subscription';
import type { EmailTemplate } from '../../../shared/email/template';
import type { Caller, TenantId } from '../../../lambdas/core/caller';
import type { EmailTemplateRepo, NoticeMessage } from '../../../lambdas/core/email/email.ports';
import { UnsubscribeTokens } from '../../../lambdas/core/email/unsubscribe';
import { EMAIL_EVENTS_SECRET_HEADER } from '../../../lambdas/routes/email-events.routes';
import { emailRoutesApp } from '../../support/email-routes-app';
import { noticeTemplate } from '../../support/email-templates';
import { FakeSuppressionList, FakeWorkerStatusRepo, MemoryRateWindows, fixedClock } from './fakes';

class MemoryTemplates implements EmailTemplateRepo {
  readonly rows = new Map<string, EmailTemplate>();
  async list(tenant: TenantId) {
    return [...this.rows.entries()].filter(([k]) => k.startsWith(`${tenant}#`)).map(([, v]) => v);
  }
  async get(tenant: TenantId, id: string) {
    return this.rows.get(`${tenant}#${id}`) ?? null;
  }
  async create(tenant: TenantId, t: EmailTemplate) {
    this.rows.set(`${tenant}#${t.id}`, t);
  }
  async replace(tenant: TenantId, t: EmailTemplate, expected: string) {
    if (this.rows.get(`${tenant}#${t.id}`)?.updatedAt !== expected) return false;
    this.rows.set(`${tenant}#${t.id}`, t);
    return true;
  }
  async remove(tenant: TenantId, id: string) {
    this.rows.delete(`${tenant}#${id}`);
  }
}

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const EVENTS_SECRET = 'local-email-events-secret';

function setup(opts: { plan?: Subscription['plan']; emailVerified?: boolean } = {}) {
  const caller: Caller = {
    userId: 'tenant-1',
    email: 'boss@example.com',
    groups: [],
    ...(opts.emailVerified === false ? {} : { emailVerified: true }),
  };
  const templates = new MemoryTemplates();
  const sent: NoticeMessage[] = [];
  const workers = new FakeWorkerStatusRepo();
  const suppressions = new FakeSuppressionList();
  workers.add('tenant-1', { id: 'worker-1', email: 'ana@example.com' });
  const tokens = new UnsubscribeTokens(SECRET);
  let n = 0;
  const app = emailRoutesApp({
    unsubscribe: { tokens, workers, suppressions, jobsites: { list: async () => [] }, clock: fixedClock },
    emailEvents: { secret: EVENTS_SECRET, workers, suppressions, clock: fixedClock },
    authenticate: async () => caller,
    templates: {
      templates,
      accounts: {
        getSubscription: async () =>
          opts.plan ? ({ plan: opts.plan, status: 'active' } as Subscription) : null,
        getProfile: async () => null,
      },
      clock: fixedClock,
      rateWindows: new MemoryRateWindows(),
      ids: { next: () => `t${++n}` },
      appOrigin: 'https://app.example.com/',
      mailer: {
        send: async (m) => {
          sent.push(m);
          return { messageId: 'ses-1' };
        },
        sendBatch: async () => ({ messageIds: [] }),
      },
    },
  });
  const call = async (
    path: string,
    init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.request(path, {
      method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any, headers: res.headers };
  };
  const token = tokens.sign({ tenantId: 'tenant-1', workerId: 'worker-1', email: 'ana@example.com' });
  return { call, templates, sent, workers, token };
}

const template = noticeTemplate('Crew notice', 'Hi {{recipientName}}. {{action}}');

describe('email template routes', () => {
  it('should create, read, list, update and delete a template', async () => {
    const { call } = setup({ plan: 'basic' });
    const created = await call('/api/email-templates', { body: template });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...template, id: 't1' });
    expect((await call('/api/email-templates/t1')).body.name).toBe('Crew notice');
    expect((await call('/api/email-templates')).body).toMatchObject({
      items: [{ id: 't1' }],
      nextCursor: null,
    });
    const updated = await call('/api/email-templates/t1', { method: 'PUT', body: { name: 'Renamed' } });
    expect(updated.body).toMatchObject({ name: 'Renamed', subject: template.subject });
    expect((await call('/api/email-templates/t1', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/api/email-templates/t1')).status).toBe(404);
  });

  it('should refuse a template beyond the plan with 403 naming the limit', async () => {
    const { call } = setup();
    expect((await call('/api/email-templates', { body: template })).status).toBe(201);
    const second = await call('/api/email-templates', { body: { ...template, kind: 'update' } });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe(
      'Without a plan, your account allows 1 email template. Upgrade to Basic for up to 3 email templates.',
    );
  });

  it('should refuse a second template for the same kind and audience with 409', async () => {
    const { call } = setup({ plan: 'premium' });
    await call('/api/email-templates', { body: template });
    const again = await call('/api/email-templates', { body: { ...template, name: 'Other' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('"Crew notice" is already the delay notice template for workers');
  });

  it('should answer 400 naming the field for an unknown placeholder', async () => {
    const { call } = setup({ plan: 'premium' });
    const res = await call('/api/email-templates', { body: { ...template, body: 'Hi {{foreman}}' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'body',
      error: expect.stringContaining('Unknown placeholder {{foreman}}'),
    });
  });

  it('should answer 404 for an id that cannot exist', async () => {
    const { call } = setup();
    expect((await call('/api/email-templates/not%20an%20id')).status).toBe(404);
  });

  it('should render a preview with the sample data', async () => {
    const { call } = setup();
    const res = await call('/api/email-templates/preview', {
      body: { kind: 'notice', audience: 'worker', subject: '{{jobsite}}', body: '{{action}}' },
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Riverside Medical Center');
    expect(res.body.text).toContain("Don't come in early: report at 11 AM, not before.");
    expect(res.body.html).toContain('https://app.example.com/unsubscribe?token=sample');
  });

  it("should send a test only to the caller's own verified address", async () => {
    const { call, sent } = setup({ plan: 'basic' });
    await call('/api/email-templates', { body: template });
    const res = await call('/api/email/test', { body: { templateId: 't1' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ to: 'boss@example.com', messageId: 'ses-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'boss@example.com',
      subject: '[Test] Partial delay at Riverside Medical Center',
    });
  });

  it('should refuse a test when the caller has no verified email', async () => {
    const { call, sent } = setup({ emailVerified: false });
    expect((await call('/api/email/test', { body: {} })).status).toBe(403);
    expect(sent).toHaveLength(0);
  });
});

describe('unsubscribe routes', () => {
  it('should describe the link without signing in, and mark the worker on POST', async () => {
    const { call, token, workers } = setup();
    const read = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ email: 'ana@example.com', status: 'active' });
    expect(read.headers.get('cache-control')).toBe('no-store');
    const done = await call('/api/unsubscribe', { body: { token } });
    expect(done.body).toMatchObject({ status: 'unsubscribed' });
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('unsubscribed');
  });

  it('should accept a one-click POST from a mail client (RFC 8058)', async () => {
    const { call, token, workers } = setup();
    const res = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('unsubscribed');
  });

  it('should refuse a one-click POST without the one-click body', async () => {
    const { call, token, workers } = setup();
    const res = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { raw: 'x=y' });
    expect(res.status).toBe(400);
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('active');
  });

  it('should answer 400 for a tampered or missing token', async () => {
    const { call, token } = setup();
    expect((await call(`/api/unsubscribe?token=${encodeURIComponent(token.slice(0, -2))}`)).status).toBe(400);
    expect((await call('/api/unsubscribe')).body).toMatchObject({ field: 'token' });
    expect((await call('/api/unsubscribe', { body: {} })).status).toBe(400);
  });
});

describe('email events route', () => {
  const event = {
    eventType: 'Bounce',
    bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'ana@example.com' }] },
    mail: { messageId: 'm' },
  };

  it('should mark a hard-bounced worker when the shared secret is presented', async () => {
    const { call, workers } = setup();
    const res = await call('/api/email-events', {
      body: event,
      headers: { [EMAIL_EVENTS_SECRET_HEADER]: EVENTS_SECRET },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ action: 'bounced', marked: 1, matched: 1 }] });
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('bounced');
  });

  it('should refuse (403) a request without the shared secret and change nothing', async () => {
    const { call, workers } = setup();
    const res = await call('/api/email-events', {
      body: event,
      headers: { [EMAIL_EVENTS_SECRET_HEADER]: 'wrong' },
    });
    expect(res.status).toBe(403);
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('active');
  });
});
