import { securityHeaders } from '../../../shared/security-headers';
import { testStack } from '../stack';

const stack = testStack();

/** The same headers the CloudFront response-headers policy sends, minus HSTS on plain-HTTP localhost. */
const expected = securityHeaders({ region: stack.runtimeConfig.region, https: false });

describe('security headers of the local origin', () => {
  it.each([
    ['the SPA shell', '/'],
    ['a client-side route', '/subscription'],
    ['config.json', '/config.json'],
    ['the API', '/api/health'],
    ['an API error', '/api/no-such-route'],
    ['the Cognito proxy', '/__cognito'],
  ])('should send the shared security headers on %s', async (_what, path) => {
    const res = await fetch(`${stack.appUrl}${path}`);
    for (const [name, value] of Object.entries(expected)) {
      expect({ name, value: res.headers.get(name) }).toEqual({ name, value });
    }
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('should not send HSTS over plain http://localhost', async () => {
    const res = await fetch(`${stack.appUrl}/`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
