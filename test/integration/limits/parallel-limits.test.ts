import { testStack } from '../stack';
import { accountOnPlan, callApi, newAccount } from '../../support/accounts';
import { atOnce } from '../../support/at-once';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from '../../../shared/webhooks';
import { RATE_LIMITS } from '../../../lambdas/core/limits/rate-limits';

/**
 * Issue 23 and 22 limits under parallel requests: the per-account caps are conditional writes on a
 * counter, so 20 requests at once (Promise.all) never take more than the cap, and the list afterwards
 * holds exactly the cap.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

describe('limits under 20 parallel requests', () => {
  it(`should create at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints when 20 are created at once`, async () => {
    const owner = await accountOnPlan(stack, 'limits-hooks', 'enterprise');

    const answers = await atOnce(20, (i) =>
      api('/api/webhooks', {
        token: owner.token,
        body: { url: `http://127.0.0.1:9/hook-${i}`, events: ['jobsite.created'] },
      }),
    );

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(refused).toHaveLength(20 - MAX_WEBHOOK_ENDPOINTS);
    expect(refused.map((a) => [a.status, a.body.error])).toEqual(
      refused.map(() => [409, WEBHOOK_MESSAGES.tooMany]),
    );
    const list = await api('/api/webhooks', { token: owner.token });
    expect(list.body.items).toHaveLength(MAX_WEBHOOK_ENDPOINTS);

    // Deleting one frees one place, and only one.
    const gone = await api(`/api/webhooks/${created[0]!.body.id}`, { method: 'DELETE', token: owner.token });
    expect(gone.status).toBe(204);
    const again = await atOnce(5, (i) =>
      api('/api/webhooks', {
        token: owner.token,
        body: { url: `http://127.0.0.1:9/again-${i}`, events: ['jobsite.created'] },
      }),
    );
    expect(again.filter((a) => a.status === 201)).toHaveLength(1);
  });

  it(`should accept at most ${RATE_LIMITS.supportRequest.limit} support requests an hour per account when 20 are sent at once`, async () => {
    const customer = await newAccount(stack, 'limits-support');

    const answers = await atOnce(20, (i) =>
      api('/api/support/requests', {
        token: customer.token,
        body: { subject: `Parallel ${i}`, body: 'Sent at once', page: '/dashboard' },
      }),
    );

    const limit = RATE_LIMITS.supportRequest.limit;
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(20 - limit);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error).toMatch(/^Too many support requests: you can send 10 every 60 minutes\./);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const list = await api('/api/support/requests', { token: customer.token });
    expect(list.body.requests).toHaveLength(limit);
  });

  it('should not count a repeated submit (same Idempotency-Key) against the support request limit', async () => {
    const customer = await newAccount(stack, 'limits-support-repeat');
    const body = { subject: 'Once', body: 'Clicked many times', page: '/dashboard' };
    const headers = { 'idempotency-key': `limits-${Date.now()}` };
    const first = await api('/api/support/requests', { token: customer.token, body, headers });
    expect(first.status).toBe(201);

    const repeats = await atOnce(20, () =>
      api('/api/support/requests', { token: customer.token, body, headers }),
    );
    expect(repeats.map((r) => r.status)).toEqual(repeats.map(() => 201));
    expect(repeats.map((r) => r.body.id)).toEqual(repeats.map(() => first.body.id));
    const others = await atOnce(RATE_LIMITS.supportRequest.limit - 1, (i) =>
      api('/api/support/requests', {
        token: customer.token,
        body: { ...body, subject: `Other ${i}` },
      }),
    );
    expect(others.map((r) => r.status)).toEqual(others.map(() => 201));
  });
});
