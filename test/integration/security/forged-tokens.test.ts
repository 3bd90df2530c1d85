import { createPrivateKey, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import { callApi } from '../../support/accounts';
import { cognitoCall, signIn } from '../../support/cognito';
import { testStack } from '../stack';
import { decodeJwt } from './proxy-client';

const stack = testStack();
const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };

/** The private key cognito-local ships in its npm package: anyone who installs it has it. */
const publishedKey = createPrivateKey(
  (createRequire(__filename)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem,
);

/** A token as cognito-local would sign it, with whatever claims the forger likes. */
function forge(claims: Record<string, unknown>, kid = 'CognitoLocal'): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part({ iat: now, auth_time: now, exp: now + 3600, ...claims })}`;
  return `${input}.${sign('sha256', Buffer.from(input), publishedKey).toString('base64url')}`;
}

describe('tokens signed with the key published in cognito-local (issue 18 item 1)', () => {
  let adminClaims: Record<string, unknown>;

  beforeAll(async () => {
    adminClaims = decodeJwt((await signIn(stack, ADMIN.email, ADMIN.password)).IdToken);
  });

  it('should refuse an admin ID token forged with the published key on /api/me and /api/admin/*', async () => {
    const forged = forge({
      sub: adminClaims.sub,
      email: ADMIN.email,
      email_verified: true,
      'cognito:username': ADMIN.email,
      'cognito:groups': ['admins'],
      token_use: 'id',
      aud: stack.runtimeConfig.userPoolClientId,
      iss: stack.lambdaConfig.COGNITO_ISSUER,
    });
    expect((await callApi(stack, '/api/me', { token: forged })).status).toBe(401);
    expect((await callApi(stack, '/api/admin/metrics', { token: forged })).status).toBe(401);
  });

  it('should refuse the same forgery under our own kid (the signature must be ours, not only the name)', async () => {
    const real = (await signIn(stack, ADMIN.email, ADMIN.password)).IdToken;
    const ourKid = JSON.parse(Buffer.from(real.split('.')[0]!, 'base64url').toString()) as { kid: string };
    const forged = forge({ ...adminClaims, exp: Math.floor(Date.now() / 1000) + 3600 }, ourKid.kid);
    expect((await callApi(stack, '/api/me', { token: forged })).status).toBe(401);
  });

  it('should sign the tokens a sign-in answers with a key of the stack, which the API accepts', async () => {
    const tokens = await signIn(stack, ADMIN.email, ADMIN.password);
    for (const token of [tokens.IdToken, tokens.AccessToken]) {
      const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string };
      expect(header.kid).not.toBe('CognitoLocal');
    }
    expect((await callApi(stack, '/api/admin/metrics', { token: tokens.IdToken })).status).toBe(200);
  });

  it('should serve only the stack key at the issuer JWKS address', async () => {
    const res = await fetch(`${stack.lambdaConfig.COGNITO_ISSUER}/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: { kid: string }[] };
    expect(keys.map((k) => k.kid)).not.toContain('CognitoLocal');
    expect(keys).toHaveLength(1);
  });

  it('should refuse a forged access token on the proxy operations that read one', async () => {
    const forged = forge({
      sub: adminClaims.sub,
      username: ADMIN.email,
      token_use: 'access',
      client_id: stack.runtimeConfig.userPoolClientId,
      iss: stack.lambdaConfig.COGNITO_ISSUER,
    });
    const res = await cognitoCall<{ __type?: string; UserAttributes?: unknown }>(stack, 'GetUser', {
      AccessToken: forged,
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('NotAuthorizedException');
    expect(res.body.UserAttributes).toBeUndefined();
  });
});
