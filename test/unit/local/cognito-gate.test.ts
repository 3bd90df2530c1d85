import { cognitoGateRefusal } from '../../../local/emulators';

const PORT = 9229;
const post = (target: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    host: `127.0.0.1:${PORT}`,
    'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    ...headers,
  },
});
const SIGNED =
  'AWS4-HMAC-SHA256 Credential=local/20261123/us-east-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00';

describe('the gate in front of cognito-local', () => {
  it('should let public operations through without credentials, as Cognito does', () => {
    for (const target of ['InitiateAuth', 'SignUp', 'ConfirmSignUp', 'GetUser', 'RevokeToken']) {
      expect(cognitoGateRefusal(post(target), PORT)).toBeNull();
    }
  });

  it('should refuse Admin and pool operations without an AWS signature', () => {
    for (const target of [
      'ListUsers',
      'AdminUpdateUserAttributes',
      'AdminAddUserToGroup',
      'CreateUserPool',
    ]) {
      expect(cognitoGateRefusal(post(target), PORT)).toMatch(/needs AWS credentials/);
      expect(cognitoGateRefusal(post(target, { authorization: SIGNED }), PORT)).toBeNull();
    }
  });

  it('should refuse anything a web page sends: an Origin header or a preflight', () => {
    expect(cognitoGateRefusal(post('SignUp', { origin: 'https://evil.example' }), PORT)).not.toBeNull();
    expect(
      cognitoGateRefusal(post('ListUsers', { origin: 'null', authorization: SIGNED }), PORT),
    ).not.toBeNull();
    expect(
      cognitoGateRefusal({ method: 'OPTIONS', headers: { host: `127.0.0.1:${PORT}` } }, PORT),
    ).not.toBeNull();
  });

  it('should refuse a Host other than its loopback address (DNS rebinding)', () => {
    expect(cognitoGateRefusal(post('SignUp', { host: `evil.example:${PORT}` }), PORT)).not.toBeNull();
    expect(cognitoGateRefusal(post('SignUp', { host: `127.0.0.1:${PORT + 1}` }), PORT)).not.toBeNull();
    expect(cognitoGateRefusal(post('SignUp', { host: `localhost:${PORT}` }), PORT)).toBeNull();
  });

  it('should serve the JWKS to the API without credentials', () => {
    expect(cognitoGateRefusal({ method: 'GET', headers: { host: `127.0.0.1:${PORT}` } }, PORT)).toBeNull();
  });

  it('should let only the federation front sign someone in at /oauth2/authorize, and anyone redeem a code', () => {
    const oauth = (url: string, headers: Record<string, string> = {}) => ({
      method: 'POST',
      url,
      headers: { host: `127.0.0.1:${PORT}`, ...headers },
    });
    const secret = 'f'.repeat(64);
    expect(cognitoGateRefusal(oauth('/oauth2/authorize'), PORT, secret)).toMatch(/federation front only/);
    expect(
      cognitoGateRefusal(
        oauth('/oauth2/authorize', { 'x-raincheck-federation': 'e'.repeat(64) }),
        PORT,
        secret,
      ),
    ).toMatch(/federation front only/);
    // A signed-looking header is not the secret: credentials do not open this door.
    expect(cognitoGateRefusal(oauth('/oauth2/authorize', { authorization: SIGNED }), PORT, secret)).toMatch(
      /federation front only/,
    );
    expect(
      cognitoGateRefusal(oauth('/oauth2/authorize', { 'x-raincheck-federation': secret }), PORT, secret),
    ).toBeNull();
    expect(
      cognitoGateRefusal(oauth('/oauth2/authorize', { 'x-raincheck-federation': '' }), PORT, undefined),
    ).toMatch(/federation front only/);
    expect(cognitoGateRefusal(oauth('/oauth2/token'), PORT, secret)).toBeNull();
    // A web page still cannot reach either.
    expect(
      cognitoGateRefusal(oauth('/oauth2/token', { origin: 'http://localhost:4700' }), PORT, secret),
    ).not.toBeNull();
  });
});
