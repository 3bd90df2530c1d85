import {
  CHALLENGE_SESSION_TTL_MS,
  consumeChallengeSession,
  createChallengeSessions,
  issueChallengeSession,
} from '../../../local/cognito-challenge-sessions';

describe('the challenge sessions of the local Cognito proxy', () => {
  it('should accept an issued session once, for its user (in any case) and challenge', () => {
    const session = issueChallengeSession('ann@example.com', 'SOFTWARE_TOKEN_MFA');
    expect(session.length).toBeGreaterThanOrEqual(64);
    expect(consumeChallengeSession(session, 'Ann@Example.com', 'SOFTWARE_TOKEN_MFA')).toBe(true);
    expect(consumeChallengeSession(session, 'ann@example.com', 'SOFTWARE_TOKEN_MFA')).toBe(false);
  });

  it('should refuse a session for another user or another challenge, and spend it', () => {
    const sessions = createChallengeSessions();
    const other = sessions.issue('ann@example.com', 'NEW_PASSWORD_REQUIRED');
    expect(sessions.consume(other, 'admin@example.com', 'NEW_PASSWORD_REQUIRED')).toBe(false);
    expect(sessions.consume(other, 'ann@example.com', 'NEW_PASSWORD_REQUIRED')).toBe(false);
    const challenge = sessions.issue('ann@example.com', 'NEW_PASSWORD_REQUIRED');
    expect(sessions.consume(challenge, 'ann@example.com', 'SMS_MFA')).toBe(false);
  });

  it('should refuse a session it never issued, or none', () => {
    const sessions = createChallengeSessions();
    expect(sessions.consume('x'.repeat(20), 'ann@example.com', 'SMS_MFA')).toBe(false);
    expect(sessions.consume(undefined, 'ann@example.com', 'SMS_MFA')).toBe(false);
  });

  it('should refuse a session after 3 minutes', () => {
    let t = 0;
    const sessions = createChallengeSessions(() => t);
    const late = sessions.issue('ann@example.com', 'SMS_MFA');
    const inTime = sessions.issue('ann@example.com', 'SMS_MFA');
    t += CHALLENGE_SESSION_TTL_MS - 1;
    expect(sessions.consume(inTime, 'ann@example.com', 'SMS_MFA')).toBe(true);
    t += 1;
    expect(sessions.consume(late, 'ann@example.com', 'SMS_MFA')).toBe(false);
  });
});
