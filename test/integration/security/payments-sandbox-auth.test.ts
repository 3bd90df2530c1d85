import fs from 'node:fs';
import { callApi, newAccount, subscribe } from '../../support/accounts';
import { rawHttp } from '../../support/raw-http';
import { testStack } from '../stack';

/**
 * Issue 18 item 4, from outside: the payments sandbox of a running test stack answers only the
 * callers that hold its secrets. Its `/v1` API wants the sandbox's own secret key (as Stripe wants
 * yours), its control routes want JSON and the `x-sandbox-token` kept in the data folder, and it
 * answers only loopback host names (DNS rebinding).
 */
const stack = testStack();
const sandboxUrl = stack.stripeSandboxUrl!;

const raw = (method: string, pathname: string, headers: Record<string, string> = {}, body = '') =>
  rawHttp(new URL(pathname, sandboxUrl).toString(), { method, headers, body });

describe('the payments sandbox refuses callers without its secrets', () => {
  it('should keep the control token in the data folder where the tests read it', () => {
    expect(stack.stripeSandboxTokenFile).toEqual(expect.stringMatching(/sandbox-token$/));
    expect(fs.readFileSync(stack.stripeSandboxTokenFile!, 'utf8').trim()).toBe(stack.stripeSandboxToken);
  });

  it('should answer 401 to GET /__sandbox/state without the token or with a wrong one', async () => {
    const without = await raw('GET', '/__sandbox/state');
    expect(without.status).toBe(401);
    expect(without.text).not.toContain('cus_');
    const wrong = await raw('GET', '/__sandbox/state', { 'x-sandbox-token': 'not-the-token' });
    expect(wrong.status).toBe(401);
    const right = await raw('GET', '/__sandbox/state', { 'x-sandbox-token': stack.stripeSandboxToken! });
    expect(right.status).toBe(200);
  });

  it("should leave another tenant's plan active when a cross-site text/plain POST asks to cancel it", async () => {
    const victim = await newAccount(stack, 'sandbox-victim');
    await subscribe(stack, victim, 'basic');
    const subscriptionId = (await callApi(stack, '/api/me', { token: victim.token })).body.subscription
      .id as string;
    const cancelPath = `/__sandbox/subscriptions/${subscriptionId}/cancel`;
    // What a page on another site can send without a preflight: text/plain, no custom header.
    const crossSite = await raw(
      'POST',
      cancelPath,
      { 'content-type': 'text/plain', origin: 'http://evil.example' },
      '{}',
    );
    expect(crossSite.status).toBe(401);
    // Even with the token, a control route takes JSON only.
    const notJson = await raw(
      'POST',
      cancelPath,
      { 'content-type': 'text/plain', 'x-sandbox-token': stack.stripeSandboxToken! },
      '{}',
    );
    expect(notJson.status).toBe(415);

    await new Promise((r) => setTimeout(r, 300));
    const me = await callApi(stack, '/api/me', { token: victim.token });
    expect(me.body.subscription).toEqual(expect.objectContaining({ plan: 'basic', status: 'active' }));
  });

  it.each([
    ['no bearer', undefined],
    ['a made-up secret key', 'Bearer sk_test_made_up'],
    ['the publishable-looking key', 'Bearer pk_test_raincheck'],
  ])("should answer /v1 with 401 in Stripe's error shape when it gets %s", async (_name, authorization) => {
    const answer = await raw('GET', '/v1/customers', authorization ? { authorization } : {});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Invalid API Key provided: /),
      },
    });
    expect(answer.text).not.toContain('cus_');
  });

  it.each(['/v1/customers', '/__sandbox/state', '/checkout/cs_test_x', '/'])(
    'should answer 421 to %s asked for under the host evil.example',
    async (pathname) => {
      const answer = await raw('GET', pathname, {
        host: 'evil.example',
        'x-sandbox-token': stack.stripeSandboxToken ?? '',
        authorization: `Bearer ${stack.lambdaConfig.STRIPE_SECRET_KEY ?? ''}`,
      });
      expect(answer.status).toBe(421);
    },
  );
});
