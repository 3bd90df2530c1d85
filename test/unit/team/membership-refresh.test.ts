import type { Context } from 'hono';
import type { Caller } from '../../../lambdas/core/caller';
import { CachedMemberships } from '../../../lambdas/core/team/membership-caller';
import type { Membership } from '../../../lambdas/core/team/team.ports';
import { withMembership } from '../../../lambdas/http/membership-authenticate';

/** A member's role as the table holds it, changed by "another container" between requests. */
function setup() {
  let role: Membership['role'] = 'manager';
  let reads = 0;
  const source = {
    membershipOf: async (userId: string): Promise<Membership> => {
      reads += 1;
      return { userId, accountId: 'acct-1', email: 'm@x.com', role, invitedBy: 'o', joinedAt: '2026-11-01' };
    },
  };
  const memberships = new CachedMemberships(source, { now: () => new Date('2026-11-29T04:00:00Z') });
  const token: Caller = { userId: 'member-1', email: 'm@x.com', groups: [] };
  const authenticate = withMembership(async () => token, memberships);
  const request = (method: string, path: string) => authenticate({ req: { method, path } } as Context);
  return {
    request,
    become: (next: Membership['role']) => (role = next),
    reads: () => reads,
  };
}

describe('the membership step of sign-in', () => {
  it('should read a cached role again before refusing, so a new owner is not refused for 20 s', async () => {
    const t = setup();
    expect((await t.request('GET', '/api/jobsites'))?.role).toBe('manager');
    t.become('owner'); // the hand-over, written by another container

    const caller = await t.request('POST', '/api/account/invites');

    expect(caller?.role).toBe('owner');
    expect(t.reads()).toBe(2);
  });

  it('should keep the cached role when it allows the request (one read per 20 s)', async () => {
    const t = setup();
    await t.request('GET', '/api/jobsites');
    await t.request('PUT', '/api/jobsites/j1');

    expect(t.reads()).toBe(1);
  });

  it('should still refuse when the fresh role refuses too', async () => {
    const t = setup();
    await t.request('GET', '/api/jobsites');

    const caller = await t.request('POST', '/api/account/invites');

    expect(caller?.role).toBe('manager');
    expect(t.reads()).toBe(2);
  });
});
