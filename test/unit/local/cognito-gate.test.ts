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
});
