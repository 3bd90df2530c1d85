import { SUPPORT_TOKEN_PREFIX } from '../../shared/support';
import { supportSessionCaller } from '../core/support/support-access';
import type { SupportDeps } from '../core/support/support.ports';
import type { Authenticate } from './kit';

/**
 * A support session's bearer token (`rcs_…`, issue 22 §7) beside the Cognito token: chosen by the
 * token's prefix, so other authenticators (API keys) sit beside it the same way. The session's caller
 * comes from the stored session, never from the request; a write in a session is refused (403) here,
 * before any route runs, and every request is logged for the account's owner.
 */
export function withSupportSessions(
  deps: Pick<SupportDeps, 'access' | 'clock' | 'accounts'>,
  otherwise: Authenticate,
): Authenticate {
  return async (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (token?.startsWith(SUPPORT_TOKEN_PREFIX))
      return supportSessionCaller(token, { method: c.req.method, path: c.req.path }, deps);
    return otherwise(c);
  };
}
