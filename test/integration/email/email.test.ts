import { callerFromClaims } from '../../../lambdas/adapters/auth/claims';
import { createTokenVerifier } from '../../../lambdas/adapters/auth/local-token-verifier';
import { DynamoEmailTemplateRepo } from '../../../lambdas/adapters/dynamo/email-templates.repo';
import { DynamoWorkerStatusRepo } from '../../../lambdas/adapters/dynamo/worker-status.repo';
import { DynamoSuppressionList } from '../../../lambdas/adapters/dynamo/suppression-list.repo';
import { DynamoRateWindows } from '../../../lambdas/adapters/dynamo/rate-window.repo';
import { createSesClient } from '../../../lambdas/adapters/ses/ses.mailer';
import { SesNoticeMailer } from '../../../lambdas/adapters/ses/ses.notice-mailer';
import { createCompositionRoot } from '../../../lambdas/composition-root';
import { UnsubscribeTokens } from '../../../lambdas/core/email/unsubscribe';
import { createEmailEventsHandler } from '../../../lambdas/email-events/app';
import { EMAIL_EVENTS_SECRET_HEADER } from '../../../lambdas/routes/email-events.routes';
import { renderNotice, sampleNoticeInput } from '../../../shared/email';
import {
  apiResult,
  callApi,
  newAccount,
  spaRequest,
  subscribe,
  type ApiCallInit,
  type TestAccount,
} from '../../support/accounts';
import { emailRoutesApp } from '../../support/email-routes-app';
import { testStack } from '../stack';

/**
 * The email routes mounted the way the API Lambda and the local stack will mount them (public
 * routes before `requireCaller`), over the real adapters: DynamoDB Local through ElectroDB, the SES
 * emulator, tokens from cognito-local. Records are made through the running stack's own API.
 */
const stack = testStack();
const root = createCompositionRoot(stack.lambdaConfig);
const UNSUBSCRIBE_SECRET = 'integration-unsubscribe-secret-0123456789abcdef';
const EVENTS_SECRET = 'integration-email-events-secret';
const tokens = new UnsubscribeTokens(UNSUBSCRIBE_SECRET);
const workers = new DynamoWorkerStatusRepo(root.db);
const suppressions = new DynamoSuppressionList(root.db);
const mailer = new SesNoticeMailer(
  createSesClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.lambdaConfig.SES_ENDPOINT }),
  { from: stack.lambdaConfig.MAIL_FROM, ratePerSecond: 50, unsubscribeMailto: 'unsubscribe@raincheck.local' },
);
const verify = createTokenVerifier({
  issuer: stack.lambdaConfig.COGNITO_ISSUER!,
  clientId: stack.lambdaConfig.USER_POOL_CLIENT_ID,
});

const app = emailRoutesApp({
  unsubscribe: {
    tokens,
    workers,
    suppressions,
    jobsites: root.records.jobsites,
    accounts: root.accounts,
    clock: root.clock,
  },
  emailEvents: { secret: EVENTS_SECRET, workers, suppressions, clock: root.clock },
  authenticate: async (c) => {
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    return match ? callerFromClaims(await verify(match[1]!)) : null;
  },
  templates: {
    templates: new DynamoEmailTemplateRepo(root.db),
    accounts: root.accounts,
    clock: root.clock,
    ids: root.ids,
    mailer,
    appOrigin: stack.appUrl,
    rateWindows: new DynamoRateWindows(root.db),
  },
});

/** A request to the mounted routes as the SPA sends it. */
const call = async (path: string, init: ApiCallInit = {}) =>
  apiResult(await app.request(path, spaRequest(init)));

/** A worker made through the running stack's own API, as the workers page makes one. */
const addWorker = (account: TestAccount, name: string, email: string) =>
  callApi(stack, '/api/workers', { token: account.token, body: { name, email } });

async function mailbox(): Promise<any[]> {
  return ((await (await fetch(`${stack.mailboxUrl}/store`)).json()) as { emails: any[] }).emails;
}

const template = (kind: string, audience = 'worker') => ({
  name: `${kind} for ${audience}`,
  kind,
  audience,
  subject: '{{verdict}} at {{jobsite}}',
  body: 'Hi {{recipientName}}.\n\n{{action}}\n\n{{reason}}',
});

let basic: TestAccount;
let none: TestAccount;

beforeAll(async () => {
  [basic, none] = await Promise.all([newAccount(stack, 'email-basic'), newAccount(stack, 'email-none')]);
  await subscribe(stack, basic, 'basic');
});

describe('email templates API', () => {
  it('should create, list, read, update and delete a template', async () => {
    const created = await call('/api/email-templates', { token: basic.token, body: template('notice') });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call('/api/email-templates', { token: basic.token })).body.items).toEqual([created.body]);
    expect((await call(`/api/email-templates/${id}`, { token: basic.token })).body).toEqual(created.body);
    const updated = await call(`/api/email-templates/${id}`, {
      method: 'PUT',
      token: basic.token,
      body: { subject: 'New: {{jobsite}}' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ subject: 'New: {{jobsite}}', body: created.body.body });
    expect((await call(`/api/email-templates/${id}`, { method: 'DELETE', token: basic.token })).status).toBe(
      204,
    );
    expect((await call(`/api/email-templates/${id}`, { token: basic.token })).status).toBe(404);
  });

  it("should keep one account's templates from another", async () => {
    const created = await call('/api/email-templates', { token: basic.token, body: template('update') });
    expect((await call(`/api/email-templates/${created.body.id}`, { token: none.token })).status).toBe(404);
    expect(
      (await call(`/api/email-templates/${created.body.id}`, { method: 'DELETE', token: none.token })).status,
    ).toBe(404);
    await call(`/api/email-templates/${created.body.id}`, { method: 'DELETE', token: basic.token });
  });

  it("should refuse a template beyond the plan's limit with 403 naming it", async () => {
    expect((await call('/api/email-templates', { token: none.token, body: template('notice') })).status).toBe(
      201,
    );
    const over = await call('/api/email-templates', { token: none.token, body: template('allClear') });
    expect(over.status).toBe(403);
    expect(over.body.error).toBe(
      'Without a plan, your account allows 1 email template. Upgrade to Basic for up to 3 email templates.',
    );
  });

  it('should answer 400 naming the field for invalid bodies', async () => {
    const unknown = await call('/api/email-templates', {
      token: basic.token,
      body: { ...template('notice'), body: 'Hi {{foreman}}' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      field: 'body',
      error: expect.stringContaining('Unknown placeholder'),
    });
    const kind = await call('/api/email-templates', { token: basic.token, body: { ...template('nope') } });
    expect(kind.body).toMatchObject({ field: 'kind', error: 'Kind must be one of notice, update, allClear' });
    const malformed = await call('/api/email-templates', {
      token: basic.token,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('should refuse the routes without a signed-in caller', async () => {
    expect((await call('/api/email-templates')).status).toBe(401);
    expect((await call('/api/email/test', { body: {} })).status).toBe(401);
  });

  it("should send a test to the caller's own address through the notice mailer", async () => {
    const res = await call('/api/email/test', {
      token: basic.token,
      body: { kind: 'notice', audience: 'worker' },
    });
    expect(res.status).toBe(202);
    expect(res.body.to).toBe(basic.email);
    const mail = (await mailbox()).find((e) => e.messageId === res.body.messageId);
    expect(mail.destination.to).toEqual([basic.email]);
    expect(mail.subject).toBe('[Test] Partial delay at Riverside Medical Center – Tue, Mar 10');
    expect(mail.body.html).toContain('Riverside Medical Center');
  });

  it("should preview and test-send with the account's own company, not the sample's", async () => {
    // The profile through the running stack's own API (this file's app mounts only the email routes).
    const profile = await callApi(stack, '/api/me/profile', {
      method: 'PUT',
      token: basic.token,
      body: { name: 'Pat Doyle', company: 'Pier Builders', units: 'us' },
    });
    expect(profile.status).toBe(200);
    const preview = await call('/api/email-templates/preview', {
      token: basic.token,
      body: { kind: 'notice', audience: 'worker', subject: '{{verdict}} at {{jobsite}}', body: '{{action}}' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('Pier Builders');
    expect(preview.body.text).toContain('Pat Doyle');
    expect(preview.body.text).not.toContain('Summit Builders');
    const sent = await call('/api/email/test', {
      token: basic.token,
      body: { kind: 'notice', audience: 'worker' },
    });
    const mail = (await mailbox()).find((e) => e.messageId === sent.body.messageId);
    expect(mail.body.text).toContain('Pier Builders');
  });
});

describe('the notice mailer against the SES emulator', () => {
  it('should store the one-click unsubscribe headers with the message', async () => {
    const url = tokens.url(stack.appUrl, { tenantId: basic.userId, workerId: 'w', email: 'ana@example.com' });
    const rendered = renderNotice({
      ...sampleNoticeInput({ kind: 'notice', audience: 'worker', appOrigin: stack.appUrl }),
      unsubscribeUrl: url,
    });
    const { messageId } = await mailer.send({ to: 'ana@example.com', ...rendered, unsubscribeUrl: url });
    const mail = (await mailbox()).find((e) => e.messageId === messageId);
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: `<${url}>, <mailto:unsubscribe@raincheck.local?subject=unsubscribe>`,
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(mail.body.text).toContain(`Stop these emails: ${url}`);
  });
});

describe('unsubscribe links', () => {
  it('should describe the worker and mark them unsubscribed without signing in', async () => {
    const worker = await addWorker(basic, 'Ana Unsub', `ana-${Date.now()}@example.com`);
    const token = tokens.sign({ tenantId: basic.userId, workerId: worker.body.id, email: worker.body.email });

    const read = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(read).toMatchObject({ status: 200, body: { email: worker.body.email, status: 'active' } });

    const done = await call('/api/unsubscribe', { body: { token } });
    expect(done).toMatchObject({ status: 200, body: { status: 'unsubscribed' } });
    const again = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again).toMatchObject({ status: 200, body: { status: 'unsubscribed' } });

    const stored = await callApi(stack, `/api/workers/${worker.body.id}`, { token: basic.token });
    expect(stored.body.status).toBe('unsubscribed');
  });

  it('should refuse a tampered link and change nothing', async () => {
    const worker = await addWorker(basic, 'Ben Tamper', `ben-${Date.now()}@example.com`);
    const forged = new UnsubscribeTokens('someone-elses-secret-that-is-long-enough!').sign({
      tenantId: basic.userId,
      workerId: worker.body.id,
      email: worker.body.email,
    });
    expect((await call('/api/unsubscribe', { body: { token: forged } })).status).toBe(400);
    expect((await callApi(stack, `/api/workers/${worker.body.id}`, { token: basic.token })).body.status).toBe(
      'active',
    );
  });
});

describe('bounces and complaints', () => {
  const bounceEvent = (email: string, bounceType = 'Permanent') => ({
    eventType: 'Bounce',
    bounce: { bounceType, bouncedRecipients: [{ emailAddress: email }] },
    mail: { messageId: 'local-test' },
  });

  it('should mark every account worker with a hard-bounced address bounced', async () => {
    const email = `bounce-${Date.now()}@example.com`;
    const [a, b] = await Promise.all([
      addWorker(basic, 'Bounce A', email),
      addWorker(none, 'Bounce B', email),
    ]);
    const res = await call('/api/email-events', {
      body: bounceEvent(email.toUpperCase()),
      headers: { [EMAIL_EVENTS_SECRET_HEADER]: EVENTS_SECRET },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { results: [{ action: 'bounced', marked: 2, matched: 2 }] },
    });
    expect((await callApi(stack, `/api/workers/${a.body.id}`, { token: basic.token })).body.status).toBe(
      'bounced',
    );
    expect((await callApi(stack, `/api/workers/${b.body.id}`, { token: none.token })).body.status).toBe(
      'bounced',
    );
  });

  it('should refuse the local route without the shared secret', async () => {
    const email = `nosecret-${Date.now()}@example.com`;
    const w = await addWorker(basic, 'No Secret', email);
    expect((await call('/api/email-events', { body: bounceEvent(email) })).status).toBe(403);
    expect((await callApi(stack, `/api/workers/${w.body.id}`, { token: basic.token })).body.status).toBe(
      'active',
    );
  });

  it('should mark a complaining address unsubscribed through the SNS Lambda handler', async () => {
    const email = `complaint-${Date.now()}@example.com`;
    const w = await addWorker(basic, 'Complainer', email);
    const handler = createEmailEventsHandler({ workers, suppressions, clock: root.clock });
    const event = {
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: email }] },
      mail: { messageId: 'x' },
    };
    await expect(handler({ Records: [{ Sns: { Message: JSON.stringify(event) } }] })).resolves.toEqual({
      applied: 1,
      marked: 1,
    });
    expect((await callApi(stack, `/api/workers/${w.body.id}`, { token: basic.token })).body.status).toBe(
      'unsubscribed',
    );
  });
});
