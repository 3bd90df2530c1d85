import { roleRefusal } from '../../../lambdas/core/team/role-rules';
import { CachedMemberships, memberCaller } from '../../../lambdas/core/team/membership-caller';
import type { Membership } from '../../../lambdas/core/team/team.ports';
import type { Caller } from '../../../lambdas/core/caller';
import { tenantOf } from '../../../lambdas/core/caller';

describe('role rules', () => {
  const writes = [
    ['PUT', '/api/jobsites/site-1'],
    ['POST', '/api/clients'],
    ['DELETE', '/api/workers/w-1'],
    ['PUT', '/api/jobsites/site-1/ledger/2026-11-02'],
  ] as const;
  const ownerOnly = [
    ['POST', '/api/account/invites'],
    ['PUT', '/api/account/members/u-2'],
    ['DELETE', '/api/account/members/u-2'],
    ['POST', '/api/subscription/change'],
    ['POST', '/api/consolidated/stripe/create-portal-session'],
    ['PUT', '/api/account/support-access'],
  ] as const;

  it('should refuse every write of a viewer with a message naming the role', () => {
    for (const [method, path] of [...writes, ...ownerOnly])
      expect(roleRefusal('viewer', method, path)).toBe("Your role (viewer) can't change this");
  });

  it('should refuse every write of a support session as a viewer is refused, even joining a team', () => {
    for (const [method, path] of [...writes, ['POST', '/api/invites/t/accept'] as const])
      expect(roleRefusal('support', method, path)).toBe("Your role (support) can't change this");
  });

  it('should let a manager change records but not billing, the team or support access', () => {
    for (const [method, path] of writes) expect(roleRefusal('manager', method, path)).toBeNull();
    for (const [method, path] of ownerOnly)
      expect(roleRefusal('manager', method, path)).toBe("Your role (manager) can't change this");
  });

  it('should let a viewer and a manager set their own name, but not a support session', () => {
    expect(roleRefusal('viewer', 'PUT', '/api/me/profile')).toBeNull();
    expect(roleRefusal('manager', 'PUT', '/api/me/profile')).toBeNull();
    expect(roleRefusal('support', 'PUT', '/api/me/profile')).toBe("Your role (support) can't change this");
    // Everything else of the account stays the owner's (or refused to a viewer).
    expect(roleRefusal('viewer', 'PUT', '/api/me/quiet-hours')).toBe("Your role (viewer) can't change this");
    expect(roleRefusal('viewer', 'DELETE', '/api/me')).toBe("Your role (viewer) can't change this");
  });

  it('should let every role read, but only the owner read the audit log', () => {
    for (const role of ['viewer', 'manager', 'support'] as const) {
      expect(roleRefusal(role, 'GET', '/api/jobsites/site-1')).toBeNull();
      expect(roleRefusal(role, 'GET', '/api/account/audit')).toBe('Only the account owner can do this');
    }
    expect(roleRefusal('owner', 'GET', '/api/account/audit')).toBeNull();
  });

  it('should let the owner, and a caller without a role (its own account), do everything', () => {
    for (const [method, path] of [...writes, ...ownerOnly]) {
      expect(roleRefusal('owner', method, path)).toBeNull();
      expect(roleRefusal(undefined, method, path)).toBeNull();
    }
  });

  it('should let a viewer accept an invite (joining changes no account data)', () => {
    expect(roleRefusal('viewer', 'POST', '/api/invites/abc/accept')).toBeNull();
  });
});

describe('the caller in its account', () => {
  const caller: Caller = { userId: 'member-sub', email: 'm@example.com', groups: [] };
  const membership: Membership = {
    userId: 'member-sub',
    accountId: 'owner-sub',
    email: 'm@example.com',
    role: 'viewer',
    invitedBy: 'o@example.com',
    joinedAt: '2026-11-01T00:00:00.000Z',
  };

  it("should act in the owner's account with the membership's role", async () => {
    const resolved = await memberCaller(caller, { membershipOf: async () => membership });
    expect([tenantOf(resolved), resolved.role]).toEqual(['owner-sub', 'viewer']);
  });

  it('should own its own account without a membership', async () => {
    const resolved = await memberCaller(caller, { membershipOf: async () => null });
    expect([tenantOf(resolved), resolved.role]).toEqual(['member-sub', 'owner']);
  });

  it('should keep an account and role set from a stored record (an API key, a support session)', async () => {
    const keyed: Caller = { ...caller, accountId: 'other-sub', role: 'support' };
    const resolved = await memberCaller(keyed, { membershipOf: async () => membership });
    expect([tenantOf(resolved), resolved.role]).toEqual(['other-sub', 'support']);
  });

  it('should see a removal within 60 s: the cache trusts a membership for less than that', async () => {
    let now = 0;
    let stored: Membership | null = membership;
    const cache = new CachedMemberships({ membershipOf: async () => stored }, { now: () => new Date(now) });
    expect(await cache.membershipOf('member-sub')).toEqual(membership);
    stored = null;
    now = 59_000;
    expect(await cache.membershipOf('member-sub')).toBeNull();
  });
});
