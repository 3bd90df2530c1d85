import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { joinTeam } from '../../support/team';
import { BILLING_MESSAGES } from '../../../shared/billing';

/**
 * Issue 22, ownership handed over: billing belongs to the account, not to the person who bought it.
 * After the founder hands ownership to a member, the new owner changes the plan, opens the portal and
 * is told the account already has a subscription at checkout; the founder (now a manager) and any
 * other non-owner are refused with 403 naming their role.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

const portal = (account: TestAccount) =>
  api('/api/consolidated/stripe/create-portal-session', { token: account.token, body: {} });

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

let founder: TestAccount;
let heir: TestAccount;

beforeAll(async () => {
  founder = await newAccount(stack, 'handover-founder');
  await subscribe(stack, founder, 'basic');
  heir = await newAccount(stack, 'handover-heir');
  await joinTeam(stack, founder, heir, 'manager');
});

describe('billing after ownership is handed over', () => {
  it("should refuse a manager's billing calls with 403 naming the role, then serve them once the manager owns the account", async () => {
    const before = await portal(heir);
    expect([before.status, before.body.error]).toEqual([403, "Your role (manager) can't change this"]);

    const handed = await api(`/api/account/members/${heir.userId}`, {
      method: 'PUT',
      token: founder.token,
      body: { role: 'owner' },
    });
    expect(handed.status).toBe(200);

    // The portal opens on the account's Stripe customer, which the founder's checkout created.
    const after = await portal(heir);
    expect(after.status).toBe(200);
    expect(after.body.url).toContain('/portal/');

    // Checkout looks at the account's subscription, not at the new owner's own (empty) one.
    const checkout = await api('/api/consolidated/stripe/create-checkout-session', {
      token: heir.token,
      body: { userId: heir.userId, email: heir.email, plan: 'premium', billingCycle: 'monthly' },
    });
    expect([checkout.status, checkout.body.message]).toEqual([409, BILLING_MESSAGES.alreadySubscribed]);
    const stranger = await newAccount(stack, 'handover-stranger');
    const otherBody = await api('/api/consolidated/stripe/create-checkout-session', {
      token: heir.token,
      body: { userId: stranger.userId, email: heir.email, plan: 'premium', billingCycle: 'monthly' },
    });
    expect([otherBody.status, otherBody.body.message]).toEqual([403, BILLING_MESSAGES.userIdMismatch]);

    // The new owner changes the account's plan; the webhook updates the account's record.
    const current = await api('/api/subscription', { token: heir.token });
    expect(current.body.subscription.plan).toBe('basic');
    const changed = await api('/api/subscription/change', {
      token: heir.token,
      body: { subscriptionId: current.body.subscription.id, plan: 'premium', billingCycle: 'monthly' },
    });
    expect(changed.status).toBe(200);
    const upgraded = await eventually(
      () => api('/api/subscription', { token: founder.token }),
      (r) => r.body?.subscription?.plan === 'premium',
    );
    expect(upgraded.body.subscription.plan).toBe('premium');

    // The founder is a manager now: billing is no longer theirs.
    const founderPortal = await portal(founder);
    const founderChange = await api('/api/subscription/change', {
      token: founder.token,
      body: { subscriptionId: current.body.subscription.id, plan: 'basic', billingCycle: 'monthly' },
    });
    expect([founderPortal.status, founderPortal.body.error]).toEqual([
      403,
      "Your role (manager) can't change this",
    ]);
    expect(founderChange.status).toBe(403);
  });
});
