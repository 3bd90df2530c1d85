import { callerFromClaims } from '../lambdas/adapters/auth/claims';
import { createTokenVerifier } from '../lambdas/adapters/auth/local-token-verifier';
import type { createCompositionRoot } from '../lambdas/composition-root';
import type { Authenticate } from '../lambdas/http/kit';
import { withLiveStatus } from '../lambdas/http/live-authenticate';
import { withMembership } from '../lambdas/http/membership-authenticate';
import { withSupportSessions } from '../lambdas/http/support-session-authenticate';

/**
 * How the local runtime knows a caller, in the order AWS does it: a support session's token
 * (`rcs_…`) is its own read-only caller; any other bearer is verified against the stack's own
 * cognito-local key (as the authorizer in front of the api Lambda does), then given its live status
 * (disabled, TOTP) and finally placed in its account by its membership (issue 22).
 */
export function localAuthenticate(
  root: ReturnType<typeof createCompositionRoot>,
  token: { issuer: string; clientId: string },
): Authenticate {
  const verify = createTokenVerifier(token);
  const liveCaller = withLiveStatus(async (c) => {
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    return match ? callerFromClaims(await verify(match[1]!)) : null;
  }, root.userStatuses);
  return withSupportSessions(root.support, withMembership(liveCaller, root.team.memberships));
}
