import { changeSubscription } from '../../../lambdas/core/billing/change-subscription';
import { createCheckoutSession } from '../../../lambdas/core/billing/checkout';
import { AlreadySubscribedError, PaymentProviderError } from '../../../lambdas/core/billing/billing.errors';
import { ForbiddenError, NotAuthenticatedError, NotFoundError } from '../../../lambdas/core/errors';
import { BILLING_MESSAGES } from '../../../shared/billing';
import { MESSAGES } from '../../../shared/messages';
import { defaultSubscription, type Subscription } from '../../../shared/subscription';
import { billingDeps } from './fakes';

const alice = { userId: 'alice', email: 'alice@example.com', groups: [] };

const deps = (subscription: Subscription | null = null) => billingDeps(subscription);

const body = {
  userId: 'alice',
  email: 'alice@example.com',
  plan: 'basic' as const,
  billingCycle: 'monthly' as const,
};

describe('createCheckoutSession', () => {
  it('should refuse with a clear 403 when the body names another user than the token', async () => {
    const d = deps();
    await expect(createCheckoutSession(alice, { ...body, userId: 'mallory' }, d)).rejects.toEqual(
      new ForbiddenError(BILLING_MESSAGES.userIdMismatch),
    );
    expect(d.gateway.customersCreated).toBe(0);
  });

  it('should create the customer once and reuse it when the account checks out again', async () => {
    const d = deps();
    await createCheckoutSession(alice, body, d);
    await createCheckoutSession(alice, { ...body, plan: 'premium' }, d);
    expect(d.gateway.customersCreated).toBe(1);
    expect(d.gateway.calls.filter((c) => c.startsWith('checkout:'))).toEqual([
      expect.stringMatching(/^checkout:checkout:alice:basic:monthly:\d+$/),
      expect.stringMatching(/^checkout:checkout:alice:premium:monthly:\d+$/),
    ]);
  });

  it('should expire the open Basic session when the same account starts a Premium checkout', async () => {
    const d = deps();
    const basic = await createCheckoutSession(alice, body, d);
    const premium = await createCheckoutSession(alice, { ...body, plan: 'premium' }, d);
    expect(premium.sessionId).not.toBe(basic.sessionId);
    expect(d.gateway.sessions.get(basic.sessionId)?.status).toBe('expired');
    expect(d.gateway.sessions.get(premium.sessionId)?.status).toBe('open');
    expect(await d.gateway.listOpenCheckoutSessions('cus_new_1')).toEqual([premium.sessionId]);
  });

  it('should return the same open session and expire nothing when the same checkout is retried', async () => {
    const d = deps();
    const first = await createCheckoutSession(alice, body, d);
    const retry = await createCheckoutSession(alice, body, d);
    expect(retry).toEqual(first);
    expect(d.gateway.sessions.get(first.sessionId)?.status).toBe('open');
    expect(d.gateway.calls.filter((c) => c.startsWith('expire:'))).toEqual([]);
  });

  it('should return a fresh payable session when the retried one was expired by another plan meanwhile', async () => {
    const d = deps();
    const basic = await createCheckoutSession(alice, body, d);
    const premium = await createCheckoutSession(alice, { ...body, plan: 'premium' }, d);
    const basicAgain = await createCheckoutSession(alice, body, d);
    expect([basic.sessionId, premium.sessionId]).not.toContain(basicAgain.sessionId);
    expect(await d.gateway.listOpenCheckoutSessions('cus_new_1')).toEqual([basicAgain.sessionId]);
    // A retry of that request gets the replacement back, not a third session.
    expect(await createCheckoutSession(alice, body, d)).toEqual(basicAgain);
    expect(d.gateway.sessions.size).toBe(3);
  });

  it('should fail the request when Stripe refuses to expire the other open session', async () => {
    const d = deps();
    await createCheckoutSession(alice, body, d);
    d.gateway.expireCheckoutSession = async () => {
      throw new PaymentProviderError('Stripe is down');
    };
    await expect(createCheckoutSession(alice, { ...body, plan: 'premium' }, d)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it('should refuse a second subscription when the account already has a live one', async () => {
    const live = {
      ...defaultSubscription('alice'),
      id: 'sub_1',
      plan: 'basic' as const,
      status: 'active' as const,
    };
    await expect(createCheckoutSession(alice, body, deps(live))).rejects.toBeInstanceOf(
      AlreadySubscribedError,
    );
  });
});

describe('changeSubscription', () => {
  const change = { subscriptionId: 'sub_1', plan: 'premium' as const, billingCycle: 'annual' as const };

  it('should answer the spec messages in the spec order when the caller, id or owner is wrong', async () => {
    const d = deps();
    d.store.owners.set('sub_1', 'bob');
    await expect(changeSubscription(null, change, d)).rejects.toEqual(
      new NotAuthenticatedError(MESSAGES.notAuthenticated),
    );
    await expect(changeSubscription(alice, { ...change, subscriptionId: 'sub_x' }, d)).rejects.toEqual(
      new NotFoundError(MESSAGES.subscriptionNotFound),
    );
    await expect(changeSubscription(alice, change, d)).rejects.toEqual(
      new ForbiddenError(MESSAGES.unauthorizedSubscriptionUpdate),
    );
    expect(d.gateway.calls).toEqual([]);
  });

  it('should ask Stripe to move the item to the new price when the caller owns the subscription', async () => {
    const d = deps();
    d.store.owners.set('sub_1', 'alice');
    const result = await changeSubscription(alice, change, d);
    expect(result).toEqual({
      subscriptionId: 'sub_1',
      plan: 'premium',
      billingCycle: 'annual',
      pending: true,
    });
    expect(d.gateway.calls).toEqual(['change:sub_1:price_raincheck_premium_annual']);
  });

  it('should refuse to change a canceled subscription with a clear 400 when Stripe would refuse it', async () => {
    const canceled = {
      ...defaultSubscription('alice'),
      id: 'sub_1',
      plan: 'basic',
      status: 'canceled',
    } as Subscription;
    const d = deps(canceled);
    d.store.owners.set('sub_1', 'alice');
    await expect(changeSubscription(alice, change, d)).rejects.toMatchObject({
      field: 'subscriptionId',
      message: BILLING_MESSAGES.subscriptionInactive,
    });
    expect(d.gateway.calls).toEqual([]);
  });
});
