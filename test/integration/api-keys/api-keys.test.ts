import { testStack } from '../stack';
import { accountOnPlan, apiFor, changePlan, newAccount, type TestAccount } from '../../support/accounts';

/**
 * API keys (issue 23) through the real path: the api app manages them, the public API's app (`/v1`)
 * authenticates them against DynamoDB Local with the same conditional writes as in AWS.
 */
const stack = testStack();
const api = apiFor(stack);

let enterprise: TestAccount;

beforeAll(async () => {
  enterprise = await accountOnPlan(stack, 'apikeys-enterprise', 'enterprise');
}, 60_000);

async function newKey(name: string, scopes: string[] = ['read', 'write']) {
  const res = await api('/api/api-keys', { token: enterprise.token, body: { name, scopes } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; prefix: string };
}

describe('managing API keys', () => {
  it('should show the secret once, list the key without it and count its calls when it is used', async () => {
    const key = await newKey('Procore sync', ['read']);
    expect(key.secret).toMatch(/^rck_live_[A-Za-z0-9_-]{43,}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);

    const used = await api('/v1/clients', { token: key.secret });
    expect(used.status).toBe(200);

    const list = await api('/api/api-keys', { token: enterprise.token });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({
      name: 'Procore sync',
      prefix: key.prefix,
      scopes: ['read'],
      createdBy: enterprise.email,
      callsToday: 1,
    });
    expect(listed.lastUsedAt).toEqual(expect.any(String));
    expect(list.text).not.toContain(key.secret);
  });

  it('should refuse the very next call with 401 when the key is revoked', async () => {
    const key = await newKey('Short-lived');
    expect((await api('/v1/jobsites', { token: key.secret })).status).toBe(200);

    const revoked = await api(`/api/api-keys/${key.id}`, { token: enterprise.token, method: 'DELETE' });
    expect(revoked.status).toBe(204);

    const after = await api('/v1/jobsites', { token: key.secret });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: { type: 'authentication_failed', message: expect.any(String) } });
    const again = await api(`/api/api-keys/${key.id}`, { token: enterprise.token, method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('should refuse 401 when the bearer is not a key or a made-up one', async () => {
    expect((await api('/v1/jobsites')).status).toBe(401);
    expect((await api('/v1/jobsites', { token: enterprise.token })).status).toBe(401);
    expect((await api('/v1/jobsites', { token: `rck_live_${'A'.repeat(43)}` })).status).toBe(401);
  });

  it('should refuse 403 naming the plan when a Premium account creates a key', async () => {
    const premium = await accountOnPlan(stack, 'apikeys-premium', 'premium');
    const res = await api('/api/api-keys', {
      token: premium.token,
      body: { name: 'Nope', scopes: ['read'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('Enterprise');
    expect(res.body.error).toContain('Premium');
  }, 60_000);

  it('should refuse the key 403 naming the plan once its account moves from Enterprise to Premium', async () => {
    const account = await accountOnPlan(stack, 'apikeys-downgrade', 'enterprise');
    const made = await api('/api/api-keys', { token: account.token, body: { name: 'D', scopes: ['read'] } });
    expect((await api('/v1/clients', { token: made.body.secret })).status).toBe(200);

    await changePlan(stack, account, 'premium');

    const refused = await api('/v1/clients', { token: made.body.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Enterprise.*Premium/);
  }, 60_000);

  it('should answer 400 naming the field when the name or scopes are wrong', async () => {
    const noName = await api('/api/api-keys', { token: enterprise.token, body: { scopes: ['read'] } });
    expect(noName.status).toBe(400);
    expect(noName.body.field).toBe('name');
    const writeOnly = await api('/api/api-keys', {
      token: enterprise.token,
      body: { name: 'W', scopes: ['write'] },
    });
    expect(writeOnly.status).toBe(400);
    expect(writeOnly.body.field).toBe('scopes');
  });

  it('should keep another account’s keys out of the list and refuse to revoke them', async () => {
    const key = await newKey('Mine');
    const other = await newAccount(stack, 'apikeys-other');
    const list = await api('/api/api-keys', { token: other.token });
    expect(list.body.items).toEqual([]);
    const res = await api(`/api/api-keys/${key.id}`, { token: other.token, method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await api('/v1/clients', { token: key.secret })).status).toBe(200);
  });
});

describe('the key’s limits and scope', () => {
  it('should answer 403 when a read key writes, and let it read', async () => {
    const key = await newKey('Read only', ['read']);
    const create = await api('/v1/clients', { token: key.secret, body: { name: 'Acme' } });
    expect(create.status).toBe(403);
    expect(create.body.error.type).toBe('permission_denied');
    const write = await newKey('Writer');
    const made = await api('/v1/clients', { token: write.secret, body: { name: 'Acme' } });
    expect(made.status).toBe(201);
    expect((await api(`/v1/clients/${made.body.id}`, { token: key.secret })).status).toBe(200);
    const put = await api(`/v1/clients/${made.body.id}`, {
      token: key.secret,
      method: 'PUT',
      body: { name: 'B' },
    });
    expect(put.status).toBe(403);
    const del = await api(`/v1/clients/${made.body.id}`, { token: key.secret, method: 'DELETE' });
    expect(del.status).toBe(403);
  });

  it('should answer 429 with Retry-After when a key goes past its burst of 20', async () => {
    const key = await newKey('Burst');
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => api('/v1/crews?limit=1', { token: key.secret })),
    );
    const seconds = (Date.now() - started) / 1000;
    const limited = answers.filter((a) => a.status === 429);
    const served = answers.filter((a) => a.status === 200);
    expect(served.length + limited.length).toBe(60);
    expect(served.length).toBeGreaterThanOrEqual(20);
    // The burst, plus what 10 a second refilled while the calls ran.
    expect(served.length).toBeLessThanOrEqual(20 + Math.ceil(seconds * 10) + 1);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.body.error.type).toBe('rate_limited');
  });
});
