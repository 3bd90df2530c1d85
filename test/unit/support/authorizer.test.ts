import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { createAuthorizerHandler } from '../../../lambdas/authorizer/app';
import { callerFromClaims } from '../../../lambdas/adapters/auth/claims';

const claims = {
  sub: 'user-1',
  email: 'owner@example.com',
  email_verified: true,
  token_use: 'id',
  auth_time: 1_764_000_000,
  'cognito:username': 'user-1',
  'cognito:groups': ['admins'],
};

function eventWith(authorization?: string): APIGatewayRequestAuthorizerEventV2 {
  return { headers: authorization ? { authorization } : {} } as unknown as APIGatewayRequestAuthorizerEventV2;
}

const handler = createAuthorizerHandler({
  verifyIdToken: async (token) => (token === 'good.jwt.token' ? claims : null),
  supportSessionIsLive: async (token) => token === 'rcs_live',
});

describe('the HTTP API authorizer', () => {
  it('should pass a verified Cognito ID token with claims the api Lambda reads as the same caller', async () => {
    const result = await handler(eventWith('Bearer good.jwt.token'));
    expect(result.isAuthorized).toBe(true);
    expect(callerFromClaims(result.context)).toEqual({
      userId: 'user-1',
      email: 'owner@example.com',
      groups: ['admins'],
      username: 'user-1',
      emailVerified: true,
      authTime: new Date(1_764_000_000_000).toISOString(),
    });
  });

  it('should pass a live support session token without claims (the api Lambda checks it again)', async () => {
    const result = await handler(eventWith('Bearer rcs_live'));
    expect(result).toEqual({ isAuthorized: true, context: { kind: 'support-session' } });
    expect(callerFromClaims(result.context)).toBeNull();
  });

  it('should refuse a missing header, a forged JWT and an ended support session', async () => {
    for (const header of [undefined, 'Bearer forged.jwt.token', 'Bearer rcs_ended', 'Basic abc'])
      expect((await handler(eventWith(header))).isAuthorized).toBe(false);
  });
});
