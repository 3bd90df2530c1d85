import { roleRefusal } from '../core/team/role-rules';
import { memberCaller, type MembershipSource } from '../core/team/membership-caller';
import type { Authenticate } from './kit';

/**
 * The account step of every app's auth (issue 22): after the verified token (and its live status),
 * the caller's membership names the account they act in and their role, read once per request
 * through a short per-container cache. A cached role that would refuse the request is read again
 * first: right after a hand-over or a promotion in another container, the new owner or manager is
 * not refused for up to the cache's 20 s. (A cached role that allows stays as read: the team's own
 * writes check the role in their transaction.)
 */
export function withMembership(
  authenticate: Authenticate,
  memberships: MembershipSource & { forget?(userId: string): void },
): Authenticate {
  return async (c) => {
    const caller = await authenticate(c);
    if (!caller) return null;
    const member = await memberCaller(caller, memberships);
    if (!memberships.forget || caller.role || !roleRefusal(member.role, c.req.method, c.req.path))
      return member;
    memberships.forget(caller.userId);
    return memberCaller(caller, memberships);
  };
}
