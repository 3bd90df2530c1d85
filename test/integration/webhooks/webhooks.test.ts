import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { stormSiteInSeattle } from '../../support/storm-site';

/**
 * Signed webhooks through the real path: the routes, the table, the in-process queue running the
 * delivery Lambda's code, and a receiver on this machine. Every delivery is verified with the
 * `standardwebhooks` npm package (an independent implementation) and its 5-minute tolerance.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver: records every request; `answers[path]` lists the statuses to give, then 200. */
function startReceiver() {
  const received: Received[] = [];
  const answers: Record<string, number[]> = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = answers[req.url ?? '']?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'broken');
    });
  });
  return {
    received,
    answers,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until<T>(
  what: string,
  read: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const receiver = startReceiver();
let base: string;
let admin: string;
let owner: TestAccount;
let other: TestAccount;
const tag = Date.now();

beforeAll(async () => {
  base = await receiver.listen();
  admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  [owner, other] = await Promise.all([newAccount(stack, 'hooks'), newAccount(stack, 'hooks-other')]);
  await Promise.all([subscribe(stack, owner, 'enterprise'), subscribe(stack, other, 'enterprise')]);
}, 60_000);

afterAll(() => receiver.close());

async function addWebhook(account: TestAccount, path: string, events: string[]) {
  const res = await api('/api/webhooks', { token: account.token, body: { url: `${base}${path}`, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

const deliveriesOf = async (account: TestAccount, id: string) =>
  (await api(`/api/webhooks/${id}/deliveries`, { token: account.token })).body.items as {
    id: string;
    eventId: string;
    type: string;
    status: string;
    attempts: number;
    statusCode: number | null;
    durationMs: number | null;
    responseExcerpt: string | null;
  }[];

const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { id: string; type: string; created: string; data: Record<string, any> };

describe('webhooks', () => {
  it('should refuse a plan without API access with 403 naming the plan', async () => {
    const basic = await newAccount(stack, 'hooks-basic');
    await subscribe(stack, basic, 'basic');
    const res = await api('/api/webhooks', {
      token: basic.token,
      body: { url: `${base}/x`, events: ['notice.sent'] },
    });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Basic');
    expect(res.text).toContain('Enterprise');
  });

  it('should refuse a private address and an unknown event, naming the field', async () => {
    const privateUrl = await api('/api/webhooks', {
      token: owner.token,
      body: { url: 'https://10.0.0.7/hook', events: ['notice.sent'] },
    });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.fields.url).toMatch(/public address/);
    const badEvent = await api('/api/webhooks', {
      token: owner.token,
      body: { url: `${base}/x`, events: ['notice.exploded'] },
    });
    expect(badEvent.status).toBe(400);
    expect(Object.keys(badEvent.body.fields)[0]).toMatch(/^events/);
  });

  it('should show the whsec_ secret once and deliver a signed test event the library verifies', async () => {
    const hook = await addWebhook(owner, '/test', ['jobsite.created']);
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await api('/api/webhooks', { token: owner.token });
    expect(listed.text).not.toContain(hook.secret);
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(hook.id);

    const sent = await api(`/api/webhooks/${hook.id}/test`, { method: 'POST', token: owner.token });
    expect(sent.status).toBe(202);
    const got = await until('the test event', () => receiver.received.find((r) => r.path === '/test'));
    const event = verified(hook.secret, got);
    expect(event).toMatchObject({ type: 'webhook.test', id: got.headers['webhook-id'] });
    const tampered = { ...got, body: got.body.replace('"webhook.test"', '"webhook.tesT"') };
    expect(() => verified(hook.secret, tampered)).toThrow();

    const rows = await until('the delivery recorded', async () => {
      const items = await deliveriesOf(owner, hook.id);
      return items[0]?.status === 'succeeded' ? items : undefined;
    });
    expect(rows[0]).toMatchObject({
      type: 'webhook.test',
      statusCode: 200,
      responseExcerpt: 'thanks',
      attempts: 1,
    });
    expect(rows[0]!.durationMs).toEqual(expect.any(Number));

    const resent = await api(`/api/webhooks/${hook.id}/deliveries/${rows[0]!.id}/resend`, {
      method: 'POST',
      token: owner.token,
    });
    expect(resent.status).toBe(202);
    const again = await until('the resend', () => {
      const all = receiver.received.filter((r) => r.path === '/test');
      return all.length >= 2 ? all : undefined;
    });
    expect(again[1]!.headers['webhook-id']).toBe(got.headers['webhook-id']);
    expect(verified(hook.secret, again[1]!).id).toBe(event.id);
  });

  it('should retry a receiver answering 500 until it succeeds, with the same id each time', async () => {
    receiver.answers['/flaky'] = [500, 500];
    const hook = await addWebhook(owner, '/flaky', ['notice.sent']);
    await api(`/api/webhooks/${hook.id}/test`, { method: 'POST', token: owner.token });
    const row = await until('the retried delivery', async () => {
      const [latest] = await deliveriesOf(owner, hook.id);
      return latest?.status === 'succeeded' ? latest : undefined;
    });
    expect(row.attempts).toBe(3);
    const calls = receiver.received.filter((r) => r.path === '/flaky');
    expect(calls.map((c) => c.headers['webhook-id'])).toEqual(Array(3).fill(row.eventId));
    calls.forEach((c) => expect(verified(hook.secret, c).type).toBe('webhook.test'));
  });

  it('should raise jobsite.created for a jobsite made through the public API (/v1) as through /api', async () => {
    const hook = await addWebhook(owner, '/v1-made', ['jobsite.created']);
    const key = await api('/api/api-keys', {
      token: owner.token,
      body: { name: 'Hooks', scopes: ['read', 'write'] },
    });
    expect(key.status).toBe(201);
    const made = await api('/v1/jobsites', {
      token: key.body.secret,
      body: { name: `Keyed Yard ${tag}`, latitude: 47.61, longitude: -122.33 },
    });
    expect(made.status).toBe(201);
    const got = await until('jobsite.created from /v1', () =>
      receiver.received.find((r) => r.path === '/v1-made' && r.body.includes(made.body.id)),
    );
    expect(verified(hook.secret, got)).toMatchObject({ type: 'jobsite.created' });
  });

  it('should deliver a signed notice.sent from a real dispatch run, after the jobsite.created', async () => {
    const hook = await addWebhook(owner, '/notices', ['notice.sent', 'jobsite.created']);
    const { siteId } = await stormSiteInSeattle(stack, owner, {
      name: `Hook Tower ${tag}`,
      workerEmail: `hook-crew-${tag}@example.com`,
      noticeTimes: [{ time: '05:00', forDay: 'same' }],
    });
    // Wednesday 2 December 2026, 05:00 in Seattle.
    const run = await api('/api/admin/dispatch/run', {
      token: admin,
      body: { at: '2026-12-02T13:00:00.000Z' },
    });
    expect(run.status).toBe(200);
    const notice = await until('notice.sent', () =>
      receiver.received.find((r) => r.path === '/notices' && r.body.includes('"notice.sent"')),
    );
    const event = verified(hook.secret, notice);
    expect(event.data).toMatchObject({ jobsite: { id: siteId }, workDate: '2026-12-02', channel: 'email' });
    expect(event.data.reasons.length).toBeGreaterThan(0);
    const types = receiver.received
      .filter((r) => r.path === '/notices')
      .map((r) => verified(hook.secret, r))
      .filter((e) => e.data.jobsite?.id === siteId || e.data.jobsite === undefined)
      .map((e) => e.type);
    expect(types.indexOf('jobsite.created')).toBeLessThan(types.indexOf('notice.sent'));
  });

  it("should answer 404 for another account's webhook, and not touch it", async () => {
    const hook = await addWebhook(owner, '/private', ['notice.sent']);
    for (const [method, path] of [
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/test`],
      ['DELETE', `/api/webhooks/${hook.id}`],
    ] as const) {
      const res = await api(path, { method, token: other.token });
      expect(res.status).toBe(404);
    }
    const mine = await api('/api/webhooks', { token: owner.token });
    expect(mine.body.items.map((i: { id: string }) => i.id)).toContain(hook.id);
    const gone = await api(`/api/webhooks/${hook.id}`, { method: 'DELETE', token: owner.token });
    expect(gone.status).toBe(204);
    const after = await api('/api/webhooks', { token: owner.token });
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(hook.id);
  });
});
