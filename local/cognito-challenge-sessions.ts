import { randomBytes } from 'node:crypto';

/**
 * The sessions of sign-in challenges the local Cognito proxy issued. cognito-local accepts any string as
 * `Session`, so anyone could answer a challenge (SMS_MFA, NEW_PASSWORD_REQUIRED) for any user; Cognito
 * accepts only the session it handed out with that challenge. Each session here is for one user and
 * one challenge, is accepted once, and expires after 3 minutes (Cognito's session lifetime).
 */
export const CHALLENGE_SESSION_TTL_MS = 3 * 60 * 1000;

interface Issued {
  username: string;
  challengeName: string;
  expiresAt: number;
}

export function createChallengeSessions(now: () => number = Date.now) {
  const sessions = new Map<string, Issued>();
  const dropExpired = (t: number) => {
    for (const [session, issued] of sessions) if (issued.expiresAt <= t) sessions.delete(session);
  };
  return {
    issue(username: string, challengeName: string): string {
      const t = now();
      dropExpired(t);
      // Cognito's sessions are long opaque strings; these are 64 random bytes, base64url.
      const session = randomBytes(64).toString('base64url');
      sessions.set(session, {
        username: username.toLowerCase(),
        challengeName,
        expiresAt: t + CHALLENGE_SESSION_TTL_MS,
      });
      return session;
    },
    /** True once for a live session issued for this user and challenge; the session is spent either way. */
    consume(session: string | undefined, username: string, challengeName: string): boolean {
      if (!session) return false;
      const issued = sessions.get(session);
      sessions.delete(session);
      return (
        issued !== undefined &&
        issued.expiresAt > now() &&
        issued.username === username.toLowerCase() &&
        issued.challengeName === challengeName
      );
    },
  };
}

/** The local stack's one registry: the proxy and the MFA flow (local/cognito-mfa.ts) share it. */
const registry = createChallengeSessions();

export function issueChallengeSession(username: string, challengeName: string): string {
  return registry.issue(username, challengeName);
}

export function consumeChallengeSession(
  session: string | undefined,
  username: string,
  challengeName: string,
): boolean {
  return registry.consume(session, username, challengeName);
}
