import { liveCaller, type UserStatusSource } from '../core/auth/user-status';
import type { Authenticate } from './kit';

/**
 * The auth every app mounts: the verified token first, then the caller's live status (cached per
 * container), so a disabled user's token is refused (401) and a removed admin's groups are gone,
 * well before the token itself expires.
 */
export function withLiveStatus(authenticate: Authenticate, statuses: UserStatusSource): Authenticate {
  return async (c) => {
    const caller = await authenticate(c);
    return caller ? liveCaller(caller, statuses) : null;
  };
}
