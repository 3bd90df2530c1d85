import { generateKeyPairSync, createSign } from 'node:crypto';
import { testStack } from './stack';
import { registerUser, signIn, uniqueEmail } from '../support/cognito';
import { MESSAGES } from '../../shared/messages';

const stack = testStack();
const DEMO = { email: 'demo@raincheck.local', password: 'Demo-Passw0rd!' };
const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };

async function api(pathname: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const res = await fetch(`${stack.appUrl}${pathname}`, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** GET /api/me with the ID token of a fresh sign-in as `user`. */
async function meSignedInAs(user: { email: string; password: string }) {
  const { IdToken } = await signIn(stack, user.email, user.password);
  return api('/api/me', { token: IdToken });
}

function forgeToken(claims: Record<string, unknown>): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = b64({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' });
  const body = b64(claims);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

describe('GET /api/me', () => {
  it('should answer 401 "Not authenticated" when no token is sent', async () => {
    const res = await api('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(MESSAGES.notAuthenticated);
  });

  it('should answer 401 when the token is signed by someone other than the user pool', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = forgeToken({
      sub: 'attacker',
      email: 'attacker@example.com',
      iss: stack.lambdaConfig.COGNITO_ISSUER,
      aud: stack.runtimeConfig.userPoolClientId,
      token_use: 'id',
      iat: now,
      exp: now + 3600,
      'cognito:groups': ['admins'],
    });
    const res = await api('/api/me', { token: forged });
    expect(res.status).toBe(401);
  });

  it('should return the profile and the spec default subscription when no subscription exists', async () => {
    const res = await meSignedInAs(DEMO);
    expect(res.status).toBe(200);
    expect(res.body.profile.email).toBe(DEMO.email);
    expect(res.body.isAdmin).toBe(false);
    expect(res.body.subscription).toMatchObject({
      plan: 'none',
      status: 'incomplete',
      features: {
        maxJobsites: 1,
        maxEmailTemplates: 1,
        advancedAnalytics: false,
        customEmails: false,
        prioritySupport: false,
        smsNotifications: false,
        customReports: false,
        apiAccess: false,
        whiteLabeling: false,
        singleSignOn: false,
      },
    });
  });

  it('should refuse an access token, which carries no email, even though it is validly signed', async () => {
    const { AccessToken } = await signIn(stack, DEMO.email, DEMO.password);
    const res = await api('/api/me', { token: AccessToken });
    expect(res.status).toBe(401);
  });

  it('should report an admin when the token carries the admins group', async () => {
    const res = await meSignedInAs(ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
  });
});

describe('PUT /api/me/profile', () => {
  it('should keep each account to its own profile whatever the body claims', async () => {
    const alice = uniqueEmail('alice');
    const bob = uniqueEmail('bob');
    await registerUser(stack, alice, 'Alice-Passw0rd');
    await registerUser(stack, bob, 'Bob-Passw0rd1');
    const aliceToken = (await signIn(stack, alice, 'Alice-Passw0rd')).IdToken;
    const bobToken = (await signIn(stack, bob, 'Bob-Passw0rd1')).IdToken;
    const bobMe = await api('/api/me', { token: bobToken });

    const put = await api('/api/me/profile', {
      method: 'PUT',
      token: aliceToken,
      body: JSON.stringify({
        name: 'Alice',
        company: 'A Co',
        units: 'metric',
        userId: bobMe.body.profile.userId,
      }),
    });
    expect(put.status).toBe(200);

    const aliceMe = await api('/api/me', { token: aliceToken });
    const bobAfter = await api('/api/me', { token: bobToken });
    expect(aliceMe.body.profile).toMatchObject({
      email: alice,
      name: 'Alice',
      company: 'A Co',
      units: 'metric',
    });
    expect(bobAfter.body.profile).toMatchObject({ email: bob, name: null, company: null, units: 'us' });
  });

  it('should answer 400 naming the field and lose nothing when the units are unknown', async () => {
    const { IdToken } = await signIn(stack, DEMO.email, DEMO.password);
    const before = await api('/api/me', { token: IdToken });
    const res = await api('/api/me/profile', {
      method: 'PUT',
      token: IdToken,
      body: JSON.stringify({ name: 'X', company: 'Y', units: 'imperial-ish' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Units must be "us" or "metric"',
      field: 'units',
      fields: { units: 'Units must be "us" or "metric"' },
    });
    const after = await api('/api/me', { token: IdToken });
    expect(after.body.profile).toEqual(before.body.profile);
  });

  it('should answer 400 when the body is not JSON', async () => {
    const { IdToken } = await signIn(stack, DEMO.email, DEMO.password);
    const res = await fetch(`${stack.appUrl}/api/me/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${IdToken}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Request body must be JSON',
      field: 'body',
      fields: { body: 'Request body must be JSON' },
    });
  });
});
