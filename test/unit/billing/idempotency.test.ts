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

  it('should tie a plan change key to the subscription, the state it starts from and the target price', () => {
    const from = 'basic/monthly/2026-11-22T10:00:00.000Z';
    const change = {
      subscriptionId: 'sub_1',
      plan: 'premium',
      billingCycle: 'monthly',
      fromState: from,
    } as const;
    expect(changeIdempotencyKey(change)).toBe(changeIdempotencyKey({ ...change }));
    expect(changeIdempotencyKey(change)).not.toBe(changeIdempotencyKey({ ...change, plan: 'enterprise' }));
  });

  it('should make a new key when the same change is asked again after the record moved away and back', () => {
    const first = { subscriptionId: 'sub_1', plan: 'premium', billingCycle: 'monthly' } as const;
    const a = changeIdempotencyKey({ ...first, fromState: 'basic/monthly/2026-11-22T10:00:00.000Z' });
    const b = changeIdempotencyKey({ ...first, fromState: 'basic/monthly/2026-11-22T10:03:00.000Z' });
    expect(a).not.toBe(b);
  });
});
