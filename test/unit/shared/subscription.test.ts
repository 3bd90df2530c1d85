import { defaultSubscription, effectivePlan, resolveCurrentPeriodEnd } from '../../../shared/subscription';

describe('subscription rules', () => {
  it('should read as plan none, status incomplete when no record exists', () => {
    const sub = defaultSubscription('user-1');
    expect(sub).toMatchObject({
      user_id: 'user-1',
      plan: 'none',
      status: 'incomplete',
      payment_method: null,
    });
  });

  it.each([
    ['active', 'premium'],
    ['trialing', 'premium'],
    ['past_due', 'premium'],
    ['canceled', 'none'],
    ['unpaid', 'none'],
    ['incomplete', 'none'],
    ['incomplete_expired', 'none'],
  ] as const)('should grant %s subscriptions the plan %s', (status, expected) => {
    expect(effectivePlan({ plan: 'premium', status })).toBe(expected);
  });

  it('should fall back from currentPeriodEnd to the next billing date, then to the end date', () => {
    const a = '2026-01-01T00:00:00.000Z';
    const b = '2026-02-01T00:00:00.000Z';
    const c = '2026-03-01T00:00:00.000Z';
    expect(resolveCurrentPeriodEnd({ currentPeriodEnd: a, next_billing_date: b, end_date: c })).toBe(a);
    expect(resolveCurrentPeriodEnd({ currentPeriodEnd: null, next_billing_date: b, end_date: c })).toBe(b);
    expect(resolveCurrentPeriodEnd({ next_billing_date: null, end_date: c })).toBe(c);
    expect(resolveCurrentPeriodEnd({ next_billing_date: null, end_date: null })).toBeNull();
  });
});
