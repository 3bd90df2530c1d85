import type { SupportLogEntry } from '../../../shared/support';
import { ForbiddenError } from '../../../lambdas/core/errors';
import { tenantOf, type Caller } from '../../../lambdas/core/caller';
import {
  hashSupportToken,
  openSupportSession,
  setSupportAccess,
  supportSessionCaller,
} from '../../../lambdas/core/support/support-access';
import type { SupportAccessStore, SupportSession } from '../../../lambdas/core/support/support.ports';
import type { AccountRepo } from '../../../lambdas/core/account/account.ports';

class MemoryAccess implements SupportAccessStore {
  grants = new Map<string, string | null>();
  sessions = new Map<string, SupportSession>();
  entries: SupportLogEntry[] = [];
  async grantOf(t: string) {
    return this.grants.get(t) ?? null;
  }
  async setGrant(t: string, until: string | null) {
    this.grants.set(t, until);
  }
  async createSession(s: SupportSession) {
    this.sessions.set(s.tokenHash, s);
  }
  async sessionByHash(h: string) {
    return this.sessions.get(h) ?? null;
  }
  async log(_t: string, e: SupportLogEntry) {
    this.entries.push(e);
  }
  async readLog() {
    return [...this.entries].reverse();
  }
}

const owner: Caller = { userId: 'acct-1', email: 'owner@example.com', groups: [] };
const admin: Caller = { userId: 'admin-1', email: 'admin@raincheck.local', groups: ['admins'] };
const accounts = {
  getProfile: async () => ({ userId: 'acct-1', email: 'owner@example.com', company: 'Harbor Builders' }),
} as unknown as AccountRepo;

function setup(start = '2026-11-25T12:00:00Z') {
  let now = new Date(start);
  const access = new MemoryAccess();
  const deps = { access, accounts, clock: { now: () => now } };
  return { access, deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('support sessions', () => {
  it('should refuse to open a session when the owner has granted nothing', async () => {
    const { deps } = setup();
    await expect(openSupportSession(admin, 'acct-1', deps)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("should store only the token's hash and give the session the account's tenant and the support role", async () => {
    const { deps, access } = setup();
    await setSupportAccess(owner, 72, deps);
    const opened = await openSupportSession(admin, 'acct-1', deps);
    expect(opened.token).toMatch(/^rcs_[A-Za-z0-9_-]{43}$/);
    expect([...access.sessions.keys()]).toEqual([hashSupportToken(opened.token)]);
    expect(JSON.stringify([...access.sessions.values()])).not.toContain(opened.token);
    const caller = await supportSessionCaller(opened.token, { method: 'GET', path: '/api/clients' }, deps);
    expect(caller).toMatchObject({ accountId: 'acct-1', role: 'support', groups: [] });
    expect(tenantOf(caller!)).toBe('acct-1');
  });

  it('should log and refuse every write, whatever the path', async () => {
    const { deps, access } = setup();
    await setSupportAccess(owner, 1, deps);
    const { token } = await openSupportSession(admin, 'acct-1', deps);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      await expect(
        supportSessionCaller(token, { method, path: '/api/jobsites/x' }, deps),
      ).rejects.toBeInstanceOf(ForbiddenError);
    expect(access.entries.filter((e) => e.kind === 'refused-write').map((e) => e.method)).toEqual([
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
  });

  it('should end the session when the owner revokes access or the grant runs out', async () => {
    const { deps, advance } = setup();
    await setSupportAccess(owner, 1, deps);
    const { token } = await openSupportSession(admin, 'acct-1', deps);
    advance(61 * 60_000);
    expect(await supportSessionCaller(token, { method: 'GET', path: '/api/me' }, deps)).toBeNull();

    await setSupportAccess(owner, 72, deps);
    const second = await openSupportSession(admin, 'acct-1', deps);
    await setSupportAccess(owner, 0, deps);
    expect(await supportSessionCaller(second.token, { method: 'GET', path: '/api/me' }, deps)).toBeNull();
  });

  it('should let only the owner change support access once teammates have roles', async () => {
    const { deps } = setup();
    await expect(
      setSupportAccess({ ...owner, accountId: 'acct-1', role: 'manager' }, 72, deps),
    ).rejects.toThrow(/role is manager/);
  });
});
