import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';

/** The public API `/v1` with real keys: records, verdicts, the ledger, alerts, idempotency, errors. */
const stack = testStack();
/**
 * As a well-behaved client does: a 429 (the key's bucket holds 20 calls, refilled at 10/s) is
 * retried after its `Retry-After`, so these tests' many quick calls are not read as failures. The
 * limit itself is tested in api-keys.test.ts.
 */
async function api(pathname: string, init: Parameters<typeof callApi>[2] = {}) {
  for (let attempt = 0; ; attempt++) {
    const res = await callApi(stack, pathname, init);
    if (res.status !== 429 || attempt >= 5) return res;
    const wait = Number(res.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
  }
}

let mine: { account: TestAccount; secret: string };
let theirs: { account: TestAccount; secret: string };

async function enterpriseWithKey(prefix: string) {
  const account = await newAccount(stack, prefix);
  await subscribe(stack, account, 'enterprise');
  const key = await api('/api/api-keys', {
    token: account.token,
    body: { name: 'Tests', scopes: ['read', 'write'] },
  });
  expect(key.status).toBe(201);
  return { account, secret: key.body.secret as string };
}

beforeAll(async () => {
  [mine, theirs] = await Promise.all([enterpriseWithKey('v1-mine'), enterpriseWithKey('v1-theirs')]);
}, 90_000);

const CHICAGO = { latitude: 41.88, longitude: -87.63 };

describe('records through /v1', () => {
  it('should create a jobsite from the same body as /api/jobsites and page the list with a cursor', async () => {
    for (const name of ['Alpha Yard', 'Bravo Yard', 'Charlie Yard']) {
      const made = await api('/v1/jobsites', { token: mine.secret, body: { name, ...CHICAGO } });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ name, timezone: 'America/Chicago', id: expect.any(String) });
    }
    const first = await api('/v1/jobsites?limit=2', { token: mine.secret });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await api(`/v1/jobsites?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, {
      token: mine.secret,
    });
    expect(next.body.data.map((j: { name: string }) => j.name)).toContain('Charlie Yard');
    expect(next.body.nextCursor).toBeNull();
    // Signed in to the app, the same account sees what the key created.
    const app = await api('/api/jobsites', { token: mine.account.token });
    expect(app.body.items).toHaveLength(3);
  });

  it('should read, update and delete a worker, a crew and a client', async () => {
    for (const [resource, body, patch] of [
      ['workers', { name: 'Ana Silva', email: 'ana.v1@example.com' }, { name: 'Ana S. Silva' }],
      ['crews', { name: 'Day crew' }, { name: 'Early crew' }],
      ['clients', { name: 'Acme Owners' }, { name: 'Acme Holdings' }],
    ] as const) {
      const made = await api(`/v1/${resource}`, { token: mine.secret, body });
      expect(made.status).toBe(201);
      const read = await api(`/v1/${resource}/${made.body.id}`, { token: mine.secret });
      expect(read.body).toEqual(made.body);
      const put = await api(`/v1/${resource}/${made.body.id}`, {
        token: mine.secret,
        method: 'PUT',
        body: patch,
      });
      expect(put.status).toBe(200);
      expect(put.body.name).toBe(patch.name);
      const del = await api(`/v1/${resource}/${made.body.id}`, { token: mine.secret, method: 'DELETE' });
      expect(del.status).toBe(204);
      expect((await api(`/v1/${resource}/${made.body.id}`, { token: mine.secret })).status).toBe(404);
    }
  });

  it('should answer 400 in the one error shape naming the field when a body is invalid', async () => {
    const res = await api('/v1/jobsites', { token: mine.secret, body: { ...CHICAGO } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { type: 'invalid_request', message: expect.any(String), field: 'name' },
    });
  });
});

describe('jobsite data through /v1', () => {
  it('should give the working days of the next 7 with the dashboard’s verdicts', async () => {
    const site = await api('/v1/jobsites', {
      token: mine.secret,
      body: { name: 'Storm Yard', ...CHICAGO, scenario: 'storm' },
    });
    expect(site.status).toBe(201);
    const res = await api(`/v1/jobsites/${site.body.id}/verdicts`, { token: mine.secret });
    expect(res.status).toBe(200);
    // Working days only (weekends are not judged), so at most 7 and at least 5 in any week.
    expect(res.body.data.length).toBeGreaterThanOrEqual(5);
    expect(res.body.data.length).toBeLessThanOrEqual(7);
    for (const day of res.body.data) {
      expect(day).toMatchObject({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        verdict: expect.stringMatching(/^(none|partial|full)$/),
        delayDay: expect.any(Boolean),
        reasons: expect.any(Array),
      });
    }
    const dashboard = await api('/api/weather?days=7', { token: mine.account.token });
    const item = dashboard.body.items.find((i: { jobsite: { id: string } }) => i.jobsite.id === site.body.id);
    const pick = (d: { date: string; verdict: string }) => `${d.date} ${d.verdict}`;
    expect(res.body.data.map(pick)).toEqual(item.days.map(pick));
  });

  it('should give the ledger for a range and the alert history', async () => {
    const site = await api('/v1/jobsites', { token: mine.secret, body: { name: 'Ledger Yard', ...CHICAGO } });
    const ledger = await api(`/v1/jobsites/${site.body.id}/ledger?from=2026-01-01&to=2026-01-31`, {
      token: mine.secret,
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data).toMatchObject({ days: expect.any(Array), totals: { delayDays: 0 } });
    const bad = await api(`/v1/jobsites/${site.body.id}/ledger?from=January`, { token: mine.secret });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('from');
    const alerts = await api('/v1/alerts?limit=5', { token: mine.secret });
    expect(alerts.status).toBe(200);
    expect(alerts.body.data).toEqual(expect.any(Array));
  });
});

describe('tenancy through /v1', () => {
  it('should answer 404 on every route when the id is another account’s', async () => {
    const ids: Record<string, string> = {};
    for (const [resource, body] of [
      ['jobsites', { name: 'Their Yard', ...CHICAGO }],
      ['workers', { name: 'Their Worker', email: 'their.worker@example.com' }],
      ['crews', { name: 'Their crew' }],
      ['clients', { name: 'Their client' }],
    ] as const) {
      const made = await api(`/v1/${resource}`, { token: theirs.secret, body });
      expect(made.status).toBe(201);
      ids[resource] = made.body.id;
    }
    const tries: [string, string, object?][] = [];
    for (const resource of Object.keys(ids)) {
      const path = `/v1/${resource}/${ids[resource]}`;
      tries.push(['GET', path], ['PUT', path, { name: 'Taken over' }], ['DELETE', path]);
    }
    tries.push(
      ['GET', `/v1/jobsites/${ids.jobsites}/verdicts`],
      ['GET', `/v1/jobsites/${ids.jobsites}/ledger`],
    );
    for (const [method, path, body] of tries) {
      const res = await api(path, { token: mine.secret, method, body });
      expect({ method, path, status: res.status, type: res.body?.error?.type }).toEqual({
        method,
        path,
        status: 404,
        type: 'not_found',
      });
    }
    const still = await api(`/v1/clients/${ids.clients}`, { token: theirs.secret });
    expect(still.body.name).toBe('Their client');
  });
});

describe('idempotent creates through /v1', () => {
  it('should create one record when the same POST is sent 20 times at once', async () => {
    // A fresh key: its bucket (burst 20) is not shared with the calls of the tests above.
    const fresh = await api('/api/api-keys', {
      token: mine.account.token,
      body: { name: 'Idempotency', scopes: ['read', 'write'] },
    });
    const secret = fresh.body.secret as string;
    const headers = { 'idempotency-key': `crew-${Date.now()}` };
    const body = { name: 'Idempotent crew' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api('/v1/crews', { token: secret, body, headers })),
    );
    for (const a of answers) expect([201, 409]).toContain(a.status);
    await new Promise((r) => setTimeout(r, 1000)); // let the bucket refill for the reads below
    const list = await api('/v1/crews?q=Idempotent', { token: secret });
    expect(list.body.data).toHaveLength(1);
    const replay = await api('/v1/crews', { token: secret, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(list.body.data[0].id);
    const other = await api('/v1/crews', { token: secret, body: { name: 'Another' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.type).toBe('conflict');
  });
});

describe('the OpenAPI document', () => {
  it('should serve an OpenAPI 3.1 document without a key that lists the routes', async () => {
    const res = await api('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v1/jobsites', '/v1/jobsites/{id}', '/v1/jobsites/{id}/verdicts']),
    );
  });
});
