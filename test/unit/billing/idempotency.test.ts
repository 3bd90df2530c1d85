import {
  CHECKOUT_BUCKET_MS,
  changeIdempotencyKey,
  checkoutIdempotencyKey,
  customerIdempotencyKey,
} from '../../../lambdas/core/billing/idempotency';

const at = new Date('2026-11-22T12:00:00Z');
const base = { account: 'user-1', plan: 'basic' as const, billingCycle: 'monthly' as const, at };

describe('idempotency keys', () => {
  it('should give the same checkout key when the same request is retried within the window', () => {
    const retried = { ...base, at: new Date(at.getTime() + 60_000) };
    expect(checkoutIdempotencyKey(retried)).toBe(checkoutIdempotencyKey(base));
  });

  it('should give a new checkout key when the window has passed', () => {
    const later = { ...base, at: new Date(at.getTime() + CHECKOUT_BUCKET_MS) };
    expect(checkoutIdempotencyKey(later)).not.toBe(checkoutIdempotencyKey(base));
  });

  it.each([
    ['account', { account: 'user-2' }],
    ['plan', { plan: 'premium' as const }],
    ['billing cycle', { billingCycle: 'annual' as const }],
  ])('should give a different checkout key when the %s differs', (_name, change) => {
    expect(checkoutIdempotencyKey({ ...base, ...change })).not.toBe(checkoutIdempotencyKey(base));
  });

  it('should keep keys within Stripe limits when the account id is long or unusual', () => {
    const key = checkoutIdempotencyKey({ ...base, account: `${'x'.repeat(400)} ü/#` });
    expect(key.length).toBeLessThanOrEqual(255);
    expect(key).toMatch(/^[A-Za-z0-9_.@:-]+$/);
  });

  it('should give one customer key per account whenever it is asked', () => {
    expect(customerIdempotencyKey('user-1')).toBe(customerIdempotencyKey('user-1'));
    expect(customerIdempotencyKey('user-1')).not.toBe(customerIdempotencyKey('user-2'));
  });

  it('should tie a plan change key to the subscription and the target price', () => {
    const a = changeIdempotencyKey({ subscriptionId: 'sub_1', plan: 'premium', billingCycle: 'monthly', at });
    expect(a).toBe(
      changeIdempotencyKey({ subscriptionId: 'sub_1', plan: 'premium', billingCycle: 'monthly', at }),
    );
    expect(a).not.toBe(
      changeIdempotencyKey({ subscriptionId: 'sub_1', plan: 'basic', billingCycle: 'monthly', at }),
    );
  });
});
