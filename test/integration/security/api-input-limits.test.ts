import { testStack } from '../stack';
import { callApi, newAccount, type TestAccount } from '../../support/accounts';

/** Issue 13, item 3, reproduced over HTTP against the local stack: each answered 500 or stored junk before. */
const stack = testStack();
let account: TestAccount;

beforeAll(async () => {
  account = await newAccount(stack, 'limits');
});

describe('API input limits', () => {
  it('should answer 400, not 500, to a 2,048-character subscription id', async () => {
    const res = await callApi(stack, '/api/subscription/change', {
      token: account.token,
      body: { subscriptionId: 's'.repeat(2048), plan: 'premium', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('subscriptionId');
  });

  it('should refuse NUL, BEL and bidi overrides in profile names and keep the stored profile', async () => {
    const before = await callApi(stack, '/api/me', { token: account.token });
    for (const name of ['a\u0000b', 'a\u0007b', 'a\u202Eb']) {
      const res = await callApi(stack, '/api/me/profile', {
        method: 'PUT',
        token: account.token,
        body: { name, company: null, units: 'us' },
      });
      expect(res.status).toBe(400);
    }
    const after = await callApi(stack, '/api/me', { token: account.token });
    expect(after.body.profile).toEqual(before.body.profile);
  });

  it('should answer 413 in JSON to a 10 MB body', async () => {
    const res = await callApi(stack, '/api/me/profile', {
      method: 'PUT',
      token: account.token,
      rawBody: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024), company: null, units: 'us' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });
});
