import { callApi, newAccount, type ApiResult } from '../../support/accounts';
import { setUpTotp, signIn } from '../../support/cognito';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';

/**
 * Per-account limits on what sends mail at a user's request (issue 18.9), against the running
 * stack: parallel requests cannot overshoot (one conditional write per request), and the rest get
 * 429 with Retry-After and a plain message.
 */
const stack = testStack();
const mailToStack = (address: string) => mailTo(stack, address);

function expectLimited(results: ApiResult[], allowed: number, accepted = 202) {
  expect(results.filter((r) => r.status === accepted)).toHaveLength(allowed);
  const refused = results.filter((r) => r.status === 429);
  expect(refused).toHaveLength(results.length - allowed);
  for (const r of refused) {
    const retryAfter = Number(r.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(r.body.error).toMatch(/^Too many test emails: .* Try again in \d+ minutes?\.$/);
  }
}

describe('rate limits', () => {
  it('should send 5 of 25 parallel test emails of one account and refuse the rest with 429 and Retry-After', async () => {
    const account = await newAccount(stack, 'rate-test-email');
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        callApi(stack, '/api/email/test', {
          token: account.token,
          body: { kind: 'notice', audience: 'worker' },
        }),
      ),
    );
    expectLimited(results, 5);
    const tests = (await mailToStack(account.email)).filter((m) => m.subject.startsWith('[Test]'));
    expect(tests).toHaveLength(5);
  });

  it("should limit an admin's test sends per admin", async () => {
    const seeded = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
    // A fresh admin of its own, so the seeded admin's budget stays whole for the other tests.
    const person = await newAccount(stack, 'rate-admin');
    const added = await callApi(stack, '/api/admin/admins', { token: seeded, body: { email: person.email } });
    expect(added.status).toBe(201);
    // Admins use the admin area only with TOTP set up (issue 18.17).
    const secret = await setUpTotp(stack, await signIn(stack, person.email, person.password));
    const admin = (await signIn(stack, person.email, person.password, secret)).IdToken;
    const to = `rate-admin-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        callApi(stack, '/api/admin/email-testing/send', {
          token: admin,
          body: { template: 'default', kind: 'notice', audience: 'worker', to },
        }),
      ),
    );
    expectLimited(results, 20);
    expect(await mailToStack(to)).toHaveLength(20);
  });
});
