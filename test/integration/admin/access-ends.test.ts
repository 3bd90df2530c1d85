import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { testStack } from '../stack';
import { callApi, newAccount, type TestAccount } from '../../support/accounts';
import { cognitoCall, setUpTotp, signIn, totpCode } from '../../support/cognito';
import { ADMIN_MESSAGES } from '../../../shared/admin';
import { callerFromClaims } from '../../../lambdas/adapters/auth/claims';
import { createTokenVerifier } from '../../../lambdas/adapters/auth/local-token-verifier';
import { CognitoUserStatus } from '../../../lambdas/adapters/auth/cognito-user-status';
import { CachedUserStatus } from '../../../lambdas/core/auth/user-status';
import { withLiveStatus } from '../../../lambdas/http/live-authenticate';
import { callerOf, createHttpApp, requireCaller } from '../../../lambdas/http/kit';

/**
 * Issue 18 item 7: disabling a user or removing an admin ends their access, against the embedded stack
 * (cognito-local behind the proxy and the stack's admin endpoint, the API's live status lookup).
 */
const stack = testStack();
const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };
const clientId = stack.runtimeConfig.userPoolClientId;

let admin: string;

beforeAll(async () => {
  admin = (await signIn(stack, ADMIN.email, ADMIN.password)).IdToken;
});

const disable = (id: string) =>
  callApi(stack, `/api/admin/users/${id}/disable`, { method: 'POST', token: admin });
const enable = (id: string) =>
  callApi(stack, `/api/admin/users/${id}/enable`, { method: 'POST', token: admin });

describe('a disabled user', () => {
  let user: TestAccount;
  beforeEach(async () => {
    user = await newAccount(stack, 'access-ends');
  });

  it('should get 401 "Your account is disabled." with the same token once an admin disables them', async () => {
    expect((await callApi(stack, '/api/me', { token: user.token })).status).toBe(200);
    expect((await disable(user.userId)).status).toBe(200);

    const read = await callApi(stack, '/api/me', { token: user.token });
    const write = await callApi(stack, '/api/clients', { token: user.token, body: { name: 'Acme' } });
    expect([read.status, read.body.error]).toEqual([401, ADMIN_MESSAGES.accountDisabledApi]);
    expect([write.status, write.body.error]).toEqual([401, ADMIN_MESSAGES.accountDisabledApi]);
  });

  it('should no longer refresh with a refresh token from before the disable, even once enabled again', async () => {
    const before = await signIn(stack, user.email, user.password);
    await disable(user.userId);
    await enable(user.userId);

    const refresh = await cognitoCall(stack, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: before.RefreshToken,
    });
    expect(refresh.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    // A new sign-in works again.
    const after = await signIn(stack, user.email, user.password);
    expect((await callApi(stack, '/api/me', { token: after.IdToken })).status).toBe(200);
  });

  it('should be refused by another container once its status TTL has passed (no sleep: the clock is moved)', async () => {
    // A second "container": its own verifier and its own status cache, on a clock the test moves.
    let now = Date.now();
    const statuses = new CachedUserStatus(
      new CognitoUserStatus(
        new CognitoIdentityProviderClient({
          region: 'us-east-1',
          endpoint: stack.lambdaConfig.COGNITO_ENDPOINT,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        stack.lambdaConfig.USER_POOL_ID,
      ),
      { now: () => new Date(now) },
      1_000,
    );
    const verify = createTokenVerifier({ issuer: stack.lambdaConfig.COGNITO_ISSUER!, clientId });
    const app = createHttpApp();
    app.use(
      '*',
      requireCaller(
        withLiveStatus(async (c) => {
          const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
          return bearer ? callerFromClaims(await verify(bearer)) : null;
        }, statuses),
      ),
    );
    app.get('/whoami', (c) => c.json({ userId: callerOf(c).userId }));
    const get = () => app.request('/whoami', { headers: { authorization: `Bearer ${user.token}` } });

    expect((await get()).status).toBe(200);
    // Disabled elsewhere (straight in the pool, as another container's admin route does).
    const pool = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: stack.cognitoUrl,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const input = { UserPoolId: stack.lambdaConfig.USER_POOL_ID, Username: user.email };
    await pool.send(new AdminDisableUserCommand(input));
    try {
      expect((await get()).status).toBe(200);
      now += 1_001;
      const refused = await get();
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: ADMIN_MESSAGES.accountDisabledApi });
    } finally {
      await pool.send(new AdminEnableUserCommand(input));
    }
  });
});

describe('a removed admin', () => {
  it('should lose the admin area with the same token once removed, and all access once disabled', async () => {
    const other = await newAccount(stack, 'access-ends-admin');
    expect(
      (await callApi(stack, '/api/admin/admins', { token: admin, body: { email: other.email } })).status,
    ).toBe(201);
    const secret = await setUpTotp(stack, await signIn(stack, other.email, other.password));
    const token = (await signIn(stack, other.email, other.password, secret)).IdToken;
    expect((await callApi(stack, '/api/admin/metrics', { token })).status).toBe(200);

    expect(
      (await callApi(stack, `/api/admin/admins/${other.userId}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    expect((await callApi(stack, '/api/admin/metrics', { token })).status).toBe(403);
    expect((await callApi(stack, '/api/admin/users', { token })).status).toBe(403);

    await disable(other.userId);
    const refused = await callApi(stack, '/api/admin/metrics', { token });
    expect([refused.status, refused.body.error]).toEqual([401, ADMIN_MESSAGES.accountDisabledApi]);
  });
});

describe('admins and their second factor', () => {
  it('should refuse the admin area to an admin without TOTP with the setup message, and open it once set up', async () => {
    const other = await newAccount(stack, 'access-ends-totp');
    await callApi(stack, '/api/admin/admins', { token: admin, body: { email: other.email } });
    try {
      const tokens = await signIn(stack, other.email, other.password);
      const refused = await callApi(stack, '/api/admin/metrics', { token: tokens.IdToken });
      expect([refused.status, refused.body.error]).toEqual([403, ADMIN_MESSAGES.totpRequired]);
      // The admin login reads this to walk the admin through setup.
      const me = await callApi(stack, '/api/admin/me', { token: tokens.IdToken });
      expect(me.body).toMatchObject({ role: 'super_admin', totpEnabled: false });

      await setUpTotp(stack, tokens);
      expect((await callApi(stack, '/api/admin/metrics', { token: tokens.IdToken })).status).toBe(200);
    } finally {
      await callApi(stack, `/api/admin/admins/${other.userId}`, { method: 'DELETE', token: admin });
    }
  });

  it('should ask a user with TOTP for a code at sign-in and refuse a wrong one', async () => {
    const user = await newAccount(stack, 'access-ends-code');
    const secret = await setUpTotp(stack, await signIn(stack, user.email, user.password));
    const challenge = await cognitoCall<{ ChallengeName: string; Session: string }>(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(challenge.body).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: expect.any(String),
    });
    expect(challenge.body).not.toHaveProperty('AuthenticationResult');
    const answer = (code: string, session = challenge.body.Session) =>
      cognitoCall<Record<string, unknown>>(stack, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await answer(wrong)).body).toMatchObject({ __type: 'CodeMismatchException' });
    expect((await answer(totpCode(secret), 'x'.repeat(40))).body).toMatchObject({
      __type: 'NotAuthorizedException',
    });
    const ok = await answer(totpCode(secret));
    expect(ok.body).toHaveProperty('AuthenticationResult.IdToken');
    // Single use: the same session answers nothing twice.
    expect((await answer(totpCode(secret))).body).toMatchObject({ __type: 'NotAuthorizedException' });
  });
});
