import { testStack } from '../stack';
import { apiFor, newAccount, type TestAccount } from '../../support/accounts';
import { seededAdminToken } from '../../support/cognito';

/** Read-only support sessions (issue 22 §7) through the running stack: grant, session, log, revoke. */
const stack = testStack();
const api = apiFor(stack);

let admin: string;
let owner: TestAccount;

beforeAll(async () => {
  owner = await newAccount(stack, 'support-owner');
  admin = await seededAdminToken(stack);
});

describe('support sessions', () => {
  it('should refuse a session with 403 while the account has granted no access', async () => {
    const res = await api('/api/admin/support-sessions', { token: admin, body: { accountId: owner.userId } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/not granted support access/);
  });

  it('should refuse a session with 403 to a caller without support_access', async () => {
    await api('/api/account/support-access', { method: 'PUT', token: owner.token, body: { grantHours: 72 } });
    const other = await newAccount(stack, 'support-not-admin');
    const res = await api('/api/admin/support-sessions', {
      token: other.token,
      body: { accountId: owner.userId },
    });
    expect(res.status).toBe(403);
  });

  it('should answer 400 naming grantHours when it is outside 0 to 72', async () => {
    const res = await api('/api/account/support-access', {
      method: 'PUT',
      token: owner.token,
      body: { grantHours: 100 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('grantHours');
  });

  it('should read the account in a granted session, refuse every write, log each request and end on revoke', async () => {
    const client = await api('/api/clients', { token: owner.token, body: { name: 'Harbor Builders' } });
    expect(client.status).toBe(201);
    const grant = await api('/api/account/support-access', {
      method: 'PUT',
      token: owner.token,
      body: { grantHours: 72 },
    });
    expect(grant.status).toBe(200);
    const grantedUntil = grant.body.grantedUntil as string;
    expect(Date.parse(grantedUntil) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const session = await api('/api/admin/support-sessions', {
      token: admin,
      body: { accountId: owner.userId },
    });
    expect(session.status).toBe(201);
    expect(session.body.token).toMatch(/^rcs_[A-Za-z0-9_-]{43,}$/);
    expect(session.body.expiresAt).toBe(grantedUntil);
    const token = session.body.token as string;

    const clients = await api('/api/clients', { token });
    expect(clients.status).toBe(200);
    expect(clients.body.items.map((c: { name: string }) => c.name)).toEqual(['Harbor Builders']);
    const me = await api('/api/me', { token });
    expect(me.body.profile.userId).toBe(owner.userId);
    expect(me.body.isAdmin).toBe(false);

    const writes = await Promise.all([
      api('/api/clients', { token, body: { name: 'Support Wrote This' } }),
      api(`/api/clients/${client.body.id}`, { method: 'PUT', token, body: { name: 'Renamed' } }),
      api(`/api/clients/${client.body.id}`, { method: 'DELETE', token }),
      api('/api/account/support-access', { method: 'PUT', token, body: { grantHours: 72 } }),
      api('/api/support/requests', { token, body: { subject: 'x', body: 'y', page: '/dashboard' } }),
      api('/api/me', { method: 'PATCH', token, body: { company: 'Hacked' } }),
    ]);
    expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403, 403, 403]);
    // Admin powers stay outside the session: the token is the account's, read-only.
    expect((await api('/api/admin/support/requests', { token })).status).toBe(403);
    const after = await api('/api/clients', { token: owner.token });
    expect(after.body.items.map((c: { name: string }) => c.name)).toEqual(['Harbor Builders']);

    const log = await api('/api/account/support-access/log', { token: owner.token });
    expect(log.status).toBe(200);
    const entries = log.body.entries as { kind: string; actor: string; method?: string; path?: string }[];
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'granted', actor: owner.email }),
        expect.objectContaining({ kind: 'session-opened', actor: 'admin@raincheck.local' }),
        expect.objectContaining({ kind: 'request', method: 'GET', path: '/api/clients' }),
        expect.objectContaining({ kind: 'request', method: 'GET', path: '/api/me' }),
        expect.objectContaining({ kind: 'refused-write', method: 'POST', path: '/api/clients' }),
        expect.objectContaining({ kind: 'refused-write', method: 'DELETE' }),
      ]),
    );
    expect(entries.filter((e) => e.kind === 'refused-write')).toHaveLength(writes.length);

    const revoked = await api('/api/account/support-access', {
      method: 'PUT',
      token: owner.token,
      body: { grantHours: 0 },
    });
    expect(revoked.body).toEqual({ grantedUntil: null });
    expect((await api('/api/clients', { token })).status).toBe(401);
    expect(
      (await api('/api/admin/support-sessions', { token: admin, body: { accountId: owner.userId } })).status,
    ).toBe(403);
  });

  it('should refuse a forged support token with 401', async () => {
    const res = await api('/api/clients', { token: `rcs_${'A'.repeat(43)}` });
    expect(res.status).toBe(401);
  });
});
