import { testStack } from '../stack';
import { callApi } from '../../support/accounts';

/**
 * The email-first sign-in's `GET /api/auth/discover?email=` (public, before any sign-in): an address
 * longer than any email can be (254 characters) is refused as such, naming the field, before the
 * domain is looked up; it answered 500 when the domain overran DynamoDB's key limits.
 */
const stack = testStack();
const discover = (email: string) => callApi(stack, `/api/auth/discover?email=${encodeURIComponent(email)}`);

describe('SSO discovery input', () => {
  it.each([
    ['a 255-character address', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`],
    ['a 3,000-character domain', `ann@${'d'.repeat(2996)}.com`],
    ['a 3,000-character local part', `${'l'.repeat(3000)}@example.com`],
  ])('should answer 400 "Email is too long" naming email for %s', async (_, email) => {
    const res = await discover(email);
    expect([res.status, res.body?.field, res.body?.error]).toEqual([400, 'email', 'Email is too long']);
  });

  it('should still answer an address of exactly 254 characters', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(189)}.com`;
    expect(email).toHaveLength(254);
    const res = await discover(email);
    expect([res.status, res.body]).toEqual([200, { method: 'password' }]);
  });

  it('should answer 400 naming email when it is missing or not an address', async () => {
    for (const path of ['/api/auth/discover', '/api/auth/discover?email=not-an-address']) {
      const res = await callApi(stack, path);
      expect([res.status, res.body?.field]).toEqual([400, 'email']);
    }
  });
});
