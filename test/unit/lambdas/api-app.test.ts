import { createApiApp } from '../../../lambdas/api/app';
import type { AccountRepo, Caller, ProfileReplacer } from '../../../lambdas/core/ports';
import type { AccountProfile } from '../../../shared/account';
import { MESSAGES } from '../../../shared/messages';

/** An in-memory repository: a fake for the unit level only. */
function fakeAccounts(): AccountRepo & ProfileReplacer & { profiles: Map<string, AccountProfile> } {
  const profiles = new Map<string, AccountProfile>();
  return {
    profiles,
    getProfile: async (id) => profiles.get(id) ?? null,
    putProfile: async (p) => void profiles.set(p.userId, p),
    replaceProfile: async (id, change) => {
      const next = change(profiles.get(id) ?? null);
      profiles.set(id, next);
      return next;
    },
    getSubscription: async () => null,
  };
}

const alice: Caller = { userId: 'alice', email: 'alice@example.com', groups: [] };

function appFor(caller: Caller | null, accounts = fakeAccounts()) {
  const app = createApiApp({
    authenticate: async () => caller,
    accounts,
    clock: { now: () => new Date('2026-11-22T12:00:00Z') },
  });
  return { app, accounts };
}

describe('the API app', () => {
  it('should answer 401 with the spec message when there is no caller', async () => {
    const res = await appFor(null).app.request('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MESSAGES.notAuthenticated });
  });

  it('should answer the health check without a caller', async () => {
    const res = await appFor(null).app.request('/api/health');
    expect(res.status).toBe(200);
  });

  it('should create the profile from the token email when none is stored', async () => {
    const res = await appFor(alice).app.request('/api/me');
    const body = (await res.json()) as { profile: AccountProfile; subscription: { plan: string } };
    expect(body.profile).toMatchObject({ userId: 'alice', email: 'alice@example.com', units: 'us' });
    expect(body.subscription.plan).toBe('none');
  });

  it('should save a valid profile update under the caller, ignoring ids in the body', async () => {
    const { app, accounts } = appFor(alice);
    const res = await app.request('/api/me/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'mallory', name: '  Alice  ', company: '', units: 'metric' }),
    });
    expect(res.status).toBe(200);
    expect(accounts.profiles.get('alice')).toMatchObject({ name: 'Alice', company: null, units: 'metric' });
    expect(accounts.profiles.has('mallory')).toBe(false);
  });

  it.each([
    [{ name: 'A', company: 'B' }, 'units'],
    [{ name: 'x'.repeat(121), company: null, units: 'us' }, 'name'],
  ])('should answer 400 naming the field when the body is %p', async (body, field) => {
    const { app, accounts } = appFor(alice);
    const res = await app.request('/api/me/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
    expect(accounts.profiles.size).toBe(0);
  });

  it('should answer 404 in JSON for an unknown API path', async () => {
    const res = await appFor(alice).app.request('/api/nothing-here');
    expect(res.status).toBe(404);
  });

  it('should map a DynamoDB permission error to the spec message', async () => {
    const accounts = fakeAccounts();
    accounts.getProfile = async () => {
      throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
    };
    const res = await appFor(alice, accounts).app.request('/api/me');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: MESSAGES.permissionDenied });
  });
});

describe('profile input limits', () => {
  it.each([
    ['a NUL', 'Ann\u0000'],
    ['a BEL', 'Ann\u0007'],
    ['a right-to-left override', 'Ann\u202Eevil'],
    ['a lone surrogate', 'Ann\ud800'],
  ])('should answer 400 and store nothing when the name holds %s', async (_what, name) => {
    const { app, accounts } = appFor(alice);
    const res = await app.request('/api/me/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, company: null, units: 'us' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('name');
    expect(accounts.profiles.size).toBe(0);
  });

  it('should answer 413 to a body over 64 KB', async () => {
    const { app } = appFor(alice);
    const res = await app.request('/api/me/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': String(70_000) },
      body: JSON.stringify({ name: 'x'.repeat(70_000), company: null, units: 'us' }),
    });
    expect(res.status).toBe(413);
  });
});
