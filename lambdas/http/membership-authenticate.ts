import { memberCaller, type MembershipSource } from '../core/team/membership-caller';
import type { Authenticate } from './kit';

/**
 * The account step of every app's auth (issue 22): after the verified token (and its live status),
 * the caller's membership names the account they act in and their role, read once per request
 * through a short per-container cache.
 */
export function withMembership(authenticate: Authenticate, memberships: MembershipSource): Authenticate {
  return async (c) => {
    const caller = await authenticate(c);
    return caller ? memberCaller(caller, memberships) : null;
  };
}
