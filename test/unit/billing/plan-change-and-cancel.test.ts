import {
  changeSubscription,
  previewSubscriptionChange,
  setSubscriptionCancellation,
} from '../../../lambdas/core/billing/change-subscription';
import { BILLING_MESSAGES, cancelsOn } from '../../../shared/billing';
import { defaultSubscription, type Subscription } from '../../../shared/subscription';
import { billingDeps, MemoryBillingStore, T0 } from './fakes';

const alice = { userId: 'alice', email: 'alice@example.com', groups: [] };
const NOW_S = Math.floor(Date.parse(T0) / 1000);
const PERIOD_END = '2026-12-22T12:00:00.000Z';

const live = (overrides: Partial<Subscription> = {}): Subscription => ({
  ...defaultSubscription('alice'),
  id: 'sub_1',
  plan: 'basic',
  status: 'active',
  next_billing_date: PERIOD_END,
  currentPeriodEnd: PERIOD_END,
  updated_at: T0,
  ...overrides,
});
const cancelling = () => live({ next_billing_date: null, end_date: PERIOD_END, cancellation_date: T0 });

function deps(subscription: Subscription | null) {
  const store = new MemoryBillingStore();
  store.owners.set('sub_1', 'alice');
  return billingDeps(subscription, store);
}

const target = { subscriptionId: 'sub_1', plan: 'premium' as const, billingCycle: 'monthly' as const };

describe('plan change preview', () => {
  it("should return Stripe's preview lines when the caller owns a live subscription", async () => {
    const d = deps(live());
    const preview = await previewSubscriptionChange(alice, target, d);
    expect(d.gateway.calls).toEqual(['preview:sub_1:price_raincheck_premium_monthly']);
    expect(preview.lines.map((l) => l.amount)).toEqual([-1500, 3000]);
    expect(preview.amountDue).toBe(1500);
  });

  it('should refuse a preview for the current plan, as the change itself does', async () => {
    const d = deps(live());
    await expect(previewSubscriptionChange(alice, { ...target, plan: 'basic' }, d)).rejects.toMatchObject({
      message: BILLING_MESSAGES.samePlan,
    });
  });

  it("should send the preview's proration time with the change when it is recent, and not when stale or future", async () => {
    const d = deps(live());
    await changeSubscription(alice, { ...target, prorationDate: NOW_S - 120 }, d);
    await changeSubscription(alice, { ...target, prorationDate: NOW_S - 3 * 3600 }, d);
    await changeSubscription(alice, { ...target, prorationDate: NOW_S + 600 }, d);
    expect(d.gateway.changes.map((c) => c.prorationDate)).toEqual([NOW_S - 120, undefined, undefined]);
  });
});

describe('cancel at period end', () => {
  it('should ask Stripe to cancel at period end, and to resume, when the caller owns the subscription', async () => {
    const d1 = deps(live());
    expect(await setSubscriptionCancellation(alice, { subscriptionId: 'sub_1' }, true, d1)).toEqual({
      subscriptionId: 'sub_1',
      cancelAtPeriodEnd: true,
      pending: true,
    });
    expect(d1.gateway.calls).toEqual(['cancelAtPeriodEnd:sub_1']);
    const d2 = deps(cancelling());
    await setSubscriptionCancellation(alice, { subscriptionId: 'sub_1' }, false, d2);
    expect(d2.gateway.calls).toEqual(['resume:sub_1']);
  });

  it("should refuse another user's subscription", async () => {
    const d = deps(live());
    d.store.owners.set('sub_1', 'bob');
    await expect(
      setSubscriptionCancellation(alice, { subscriptionId: 'sub_1' }, true, d),
    ).rejects.toMatchObject({ message: 'Unauthorized to update this subscription' });
    expect(d.gateway.calls).toEqual([]);
  });

  it('should refuse a plan change while the subscription is set to cancel', async () => {
    const d = deps(cancelling());
    await expect(changeSubscription(alice, target, d)).rejects.toMatchObject({
      message: BILLING_MESSAGES.cancellingNoChange,
    });
    await expect(previewSubscriptionChange(alice, target, d)).rejects.toMatchObject({
      message: BILLING_MESSAGES.cancellingNoChange,
    });
    expect(d.gateway.calls).toEqual([]);
  });

  it('should read "cancels on" only for a live subscription that will not renew', () => {
    expect(cancelsOn(cancelling())).toBe(PERIOD_END);
    expect(cancelsOn(live())).toBeNull();
    expect(cancelsOn(live({ status: 'canceled', next_billing_date: null, end_date: T0 }))).toBeNull();
    expect(cancelsOn(defaultSubscription('alice'))).toBeNull();
  });
});
