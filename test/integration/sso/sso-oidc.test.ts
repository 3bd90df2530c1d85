import { callApi, newAccount, type TestAccount } from '../../support/accounts';
import { cognitoCall, registerUser, signIn } from '../../support/cognito';
import {
  enterpriseOwner as enterpriseOwnerOf,
  freePort,
  membersOf as membersOfAccount,
  signInThroughProvider,
  startTestOidcIdp,
  type TestIdpAccount,
} from '../../support/sso';
import { testStack } from '../stack';

const stack = testStack();
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const domainA = `acme-${run}.test`;
const domainB = `bolt-${run}.test`;
const password = 'Sso-Owner-Passw0rd';

const person = (login: string, email: string, emailVerified = true): TestIdpAccount => ({
  login,
  sub: `sub-${login}-${run}`,
  email,
  emailVerified,
});
const people = [
  person('ann', `ann@${domainA}`),
  person('amy', `amy@${domainA}`),
  person('uma', `uma@${domainA}`, false),
  person('eve', `eve@unclaimed-${run}.test`),
  person('bob', `bob@${domainB}`),
];

let idpA: { issuer: string; stop: () => void };
let idpOther: { issuer: string; stop: () => void };
let ownerA: TestAccount;
let ownerB: TestAccount;

const enterpriseOwner = (domain: string) => enterpriseOwnerOf(stack, domain, password);

const discover = (email: string) => callApi(stack, `/api/auth/discover?email=${encodeURIComponent(email)}`);

const membersOf = (owner: TestAccount) => membersOfAccount(stack, owner);

beforeAll(async () => {
  const [portA, portOther] = await Promise.all([freePort(), freePort()]);
  [idpA, idpOther] = await Promise.all([
    startTestOidcIdp(stack, {
      port: portA,
      clientId: 'acme-app',
      clientSecret: 'acme-secret',
      accounts: people,
    }),
    // Another company's provider, with the same client id and secret and the same people.
    startTestOidcIdp(stack, {
      port: portOther,
      clientId: 'acme-app',
      clientSecret: 'acme-secret',
      accounts: people,
    }),
  ]);
  [ownerA, ownerB] = await Promise.all([enterpriseOwner(domainA), enterpriseOwner(domainB)]);
  const putA = await callApi(stack, '/api/account/sso', {
    method: 'PUT',
    token: ownerA.token,
    body: {
      type: 'oidc',
      issuerUrl: idpA.issuer,
      clientId: 'acme-app',
      clientSecret: 'acme-secret',
      domains: [domainA],
    },
  });
  expect(putA.status).toBe(200);
  const putB = await callApi(stack, '/api/account/sso', {
    method: 'PUT',
    token: ownerB.token,
    body: {
      type: 'oidc',
      issuerUrl: idpOther.issuer,
      clientId: 'acme-app',
      clientSecret: 'acme-secret',
      domains: [domainB],
    },
  });
  expect(putB.status).toBe(200);
}, 120_000);

afterAll(() => {
  idpA?.stop();
  idpOther?.stop();
});

describe('single sign-on settings', () => {
  it('should show the proven domain and never the client secret when the owner reads the settings', async () => {
    const res = await callApi(stack, '/api/account/sso', { token: ownerA.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: true,
      type: 'oidc',
      issuerUrl: idpA.issuer,
      clientId: 'acme-app',
      hasClientSecret: true,
      defaultRole: 'viewer',
      domains: [{ domain: domainA, verified: true }],
    });
    expect(res.text).not.toContain('acme-secret');
  });

  it('should refuse with 403 naming the plan when the account is not on Enterprise', async () => {
    const basic = await newAccount(stack, 'sso-noplan');
    const res = await callApi(stack, '/api/account/sso', {
      method: 'PUT',
      token: basic.token,
      body: {
        type: 'oidc',
        issuerUrl: idpA.issuer,
        clientId: 'x',
        clientSecret: 'y',
        domains: [`n-${run}.test`],
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.message ?? res.body.error).toMatch(/Single sign-on needs the Enterprise plan/);
  });

  it('should refuse a domain another account already proved, naming it', async () => {
    const res = await callApi(stack, '/api/account/sso', {
      method: 'PUT',
      token: ownerB.token,
      body: { type: 'oidc', issuerUrl: idpOther.issuer, clientId: 'acme-app', domains: [domainB, domainA] },
    });
    expect(res.status).toBe(409);
    expect(res.text).toContain(domainA);
  });

  it('should name the field when the body is invalid', async () => {
    const res = await callApi(stack, '/api/account/sso', {
      method: 'PUT',
      token: ownerA.token,
      body: { type: 'oidc', issuerUrl: 'not a url', clientId: 'acme-app', domains: [domainA] },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('issuerUrl');
  });

  it('should send an address to its provider and any other to the password form', async () => {
    const sso = await discover(`Ann@${domainA.toUpperCase()}`);
    expect(sso.status).toBe(200);
    expect(sso.body.method).toBe('sso');
    expect(sso.body.redirectUrl).toContain('/__federation/oauth2/authorize');
    expect(await discover(`someone@other-${run}.test`).then((r) => r.body)).toEqual({ method: 'password' });
  });
});

describe('signing in through the OIDC provider', () => {
  it('should make the member once and sign in the same person the second time', async () => {
    const { redirectUrl } = (await discover(`ann@${domainA}`)).body;
    const first = await signInThroughProvider(stack, redirectUrl, 'ann');
    if (first.kind !== 'tokens') throw new Error(`Refused: ${first.description}`);
    const me = await callApi(stack, '/api/me', { token: first.idToken });
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({ id: ownerA.userId, role: 'viewer', email: `ann@${domainA}` });

    const second = await signInThroughProvider(stack, redirectUrl, 'ann');
    if (second.kind !== 'tokens') throw new Error(`Refused: ${second.description}`);
    const again = await callApi(stack, '/api/me', { token: second.idToken });
    expect(again.body.account.userId).toBe(me.body.account.userId);

    const anns = (await membersOf(ownerA)).filter((m) => m.email === `ann@${domainA}`);
    expect(anns).toEqual([expect.objectContaining({ role: 'viewer', userId: me.body.account.userId })]);
  });

  it('should make one member when the same person signs in twice at once', async () => {
    const { redirectUrl } = (await discover(`amy@${domainA}`)).body;
    const both = await Promise.all([
      signInThroughProvider(stack, redirectUrl, 'amy'),
      signInThroughProvider(stack, redirectUrl, 'amy'),
    ]);
    expect(both.map((o) => o.kind)).toEqual(['tokens', 'tokens']);
    expect((await membersOf(ownerA)).filter((m) => m.email === `amy@${domainA}`)).toHaveLength(1);
  });

  it('should refuse an address whose domain no account proved', async () => {
    const { redirectUrl } = (await discover(`ann@${domainA}`)).body;
    const outcome = await signInThroughProvider(stack, redirectUrl, 'eve');
    expect(outcome).toEqual({
      kind: 'refused',
      description: expect.stringContaining('does not sign in through'),
    });
  });

  it('should refuse an address the provider did not verify', async () => {
    const { redirectUrl } = (await discover(`uma@${domainA}`)).body;
    const outcome = await signInThroughProvider(stack, redirectUrl, 'uma');
    expect(outcome).toEqual({ kind: 'refused', description: expect.stringContaining('did not verify') });
    expect((await membersOf(ownerA)).map((m) => m.email)).not.toContain(`uma@${domainA}`);
  });

  it("should never place someone in another account when A's provider vouches for B's domain", async () => {
    const { redirectUrl } = (await discover(`ann@${domainA}`)).body;
    const outcome = await signInThroughProvider(stack, redirectUrl, 'bob');
    expect(outcome.kind).toBe('refused');
    expect((await membersOf(ownerB)).map((m) => m.email)).not.toContain(`bob@${domainB}`);
    expect((await membersOf(ownerA)).map((m) => m.email)).not.toContain(`bob@${domainB}`);
  });

  it("should refuse an answer from another issuer in A's sign-in", async () => {
    const { redirectUrl } = (await discover(`ann@${domainA}`)).body;
    const outcome = await signInThroughProvider(stack, redirectUrl, 'ann', {
      // The browser brings back a code the other provider issued for the same client id, with A's state.
      tamperAtCallback: async (callback) => {
        const other = await otherIssuerCode(callback);
        const swapped = new URL(callback);
        swapped.searchParams.set('code', other);
        return swapped;
      },
    });
    expect(outcome.kind).toBe('refused');
  });
});

describe('password sign-in under single sign-on', () => {
  it('should refuse a password sign-in for an address in an SSO domain with a clear message', async () => {
    const email = `carl@${domainA}`;
    await registerUser(stack, email, password);
    const res = await cognitoCall(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.runtimeConfig.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain('signs in with single sign-on');
  });

  it("should let the account's owner sign in with the password (break-glass)", async () => {
    const tokens = await signIn(stack, ownerA.email, password);
    const me = await callApi(stack, '/api/me', { token: tokens.IdToken });
    expect(me.body.account).toMatchObject({ id: ownerA.userId, role: 'owner' });
  });
});

/** A code from the other provider for the same client (its own login, its own redirect back to us). */
async function otherIssuerCode(callbackFromA: URL): Promise<string> {
  const start = new URL(`${idpOther.issuer}/auth`);
  start.search = new URLSearchParams({
    client_id: 'acme-app',
    redirect_uri: `${callbackFromA.origin}${callbackFromA.pathname}`,
    response_type: 'code',
    scope: 'openid email',
    state: 'other',
    nonce: 'other',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  let res = await go(start.toString());
  let url = start.toString();
  for (let i = 0; i < 10; i++) {
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.searchParams.has('code') && next.origin === callbackFromA.origin)
        return next.searchParams.get('code')!;
      url = next.toString();
      res = await go(url);
      continue;
    }
    res = await go(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: 'ann', password: 'any' }).toString(),
    });
  }
  throw new Error('The other provider issued no code');
}
