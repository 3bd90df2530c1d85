import { testStack } from './stack';
import { eventually } from '../support/eventually';
import { registerUser, signIn, uniqueEmail } from '../support/cognito';
import { MESSAGES } from '../../shared/messages';
import { BILLING_MESSAGES } from '../../shared/billing';
import { PLANS } from '../../shared/plans';
import { stripeSignatureHeader } from '../../local/stripe-sandbox/sign';
import { sandboxControl, testCardPayment } from '../../local/stripe-sandbox/control-client';
import { sandboxAccess } from '../support/accounts';

/**
 * Billing against the embedded stack: DynamoDB Local, cognito-local, the real webhook handler and
 * the local payments sandbox reached through the real Stripe SDK.
 */
const stack = testStack();
const PASSWORD = 'Billing-Passw0rd';

async function api(
  pathname: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${stack.appUrl}${pathname}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A control route of the payments sandbox, with its token. */
const sandbox = (pathname: string, body: unknown = {}, method: 'GET' | 'POST' | 'DELETE' = 'POST') =>
  sandboxControl(sandboxAccess(stack), pathname, body, method);

interface SignedEvent {
  id: string;
  type: string;
  payload: string;
}

/** Delivers an event the way Stripe does: signed now, over the exact bytes (`body` replaces them in transit). */
async function postEvent(event: SignedEvent, body = event.payload) {
  const signature = stripeSignatureHeader(
    event.payload,
    stack.stripeWebhookSecret,
    Math.floor(Date.now() / 1000),
  );
  const res = await fetch(`${stack.appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const TEST_CARD = testCardPayment();

async function newAccount(prefix: string) {
  const email = uniqueEmail(prefix);
  await registerUser(stack, email, PASSWORD);
  const tokens = await signIn(stack, email, PASSWORD);
  const me = await api('/api/me', { token: tokens.IdToken });
  return { email, token: tokens.IdToken, userId: me.body.profile.userId as string };
}

type Account = Awaited<ReturnType<typeof newAccount>>;

async function startCheckout(account: Account, plan = 'basic', billingCycle = 'monthly') {
  const res = await api('/api/consolidated/stripe/create-checkout-session', {
    token: account.token,
    body: { userId: account.userId, email: account.email, plan, billingCycle },
  });
  expect(res.status).toBe(200);
  return res.body as { sessionId: string; url: string };
}

async function subscribe(account: Account, opts: { plan?: string; cycle?: string; deliver?: boolean } = {}) {
  const session = await startCheckout(account, opts.plan, opts.cycle);
  const paid = await sandbox(`/__sandbox/checkout/${session.sessionId}/pay`, {
    ...TEST_CARD,
    deliver: opts.deliver ?? true,
  });
  expect(paid.status).toBe(200);
  return paid.body as {
    subscription: { id: string };
    events: SignedEvent[];
    deliveries: { status: number }[];
  };
}

async function mySubscription(account: Account) {
  const res = await api('/api/subscription', { token: account.token });
  expect(res.status).toBe(200);
  return res.body as { subscription: Record<string, any>; billingHistory: Record<string, any>[] };
}

describe('checkout', () => {
  it('should yield plan, cycle, payment method and one paid invoice when a sandbox checkout is paid', async () => {
    const account = await newAccount('checkout');
    const session = await startCheckout(account, 'premium', 'annual');
    expect(session.url).toContain(`/checkout/${session.sessionId}`);

    const page = await fetch(session.url);
    expect(await page.text()).toContain('Raincheck local payments sandbox — no real money');

    const paid = await sandbox(`/__sandbox/checkout/${session.sessionId}/pay`, TEST_CARD);
    expect(paid.body.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200, 200]);

    const { subscription, billingHistory } = await mySubscription(account);
    expect(subscription).toMatchObject({
      id: paid.body.subscription.id,
      user_id: account.userId,
      plan: 'premium',
      status: 'active',
      billing_cycle: 'annual',
      price_id: 'price_raincheck_premium_annual',
      payment_method: { brand: 'visa', last4: '4242', expMonth: 12, expYear: TEST_CARD.expYear },
      features: PLANS.premium.features,
    });
    expect(subscription.customer_id).toMatch(/^cus_/);
    expect(subscription.next_billing_date).toBe(subscription.currentPeriodEnd);
    expect(new Date(subscription.currentPeriodEnd).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
    expect(billingHistory).toHaveLength(1);
    expect(billingHistory[0]).toMatchObject({
      amount: PLANS.premium.annualCents,
      status: 'paid',
      currency: 'usd',
    });
    expect(billingHistory[0]!.invoice).toMatch(/^RC-\d{4}$/);
    expect(billingHistory[0]!.invoiceUrl).toContain('/invoices/');
  });

  it('should show a decline and create nothing when a card other than the test card is used', async () => {
    const account = await newAccount('decline');
    const session = await startCheckout(account);
    const declined = await sandbox(`/__sandbox/checkout/${session.sessionId}/pay`, {
      ...TEST_CARD,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error.code).toBe('card_declined');
    const { subscription } = await mySubscription(account);
    expect(subscription.plan).toBe('none');
  });

  it('should refuse with 403 when the body names another user than the token', async () => {
    const account = await newAccount('mismatch');
    const res = await api('/api/consolidated/stripe/create-checkout-session', {
      token: account.token,
      body: { userId: 'someone-else', email: account.email, plan: 'basic', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: BILLING_MESSAGES.userIdMismatch,
      message: BILLING_MESSAGES.userIdMismatch,
    });
  });

  it('should answer 400 with the field message when the plan is unknown', async () => {
    const account = await newAccount('badplan');
    const res = await api('/api/consolidated/stripe/create-checkout-session', {
      token: account.token,
      body: { userId: account.userId, email: account.email, plan: 'gold', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: MESSAGES.checkoutSessionFailed,
      message: BILLING_MESSAGES.planInvalid,
    });
  });

  it('should answer 401 when a signed-in checkout is requested without a token', async () => {
    const res = await api('/api/consolidated/stripe/create-checkout-session', {
      body: { userId: 'x', email: 'x@example.com', plan: 'basic', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(MESSAGES.notAuthenticated);
  });

  it('should leave one customer and reuse the session when one account checks out repeatedly', async () => {
    const account = await newAccount('twice');
    const [a, b] = await Promise.all([
      startCheckout(account, 'basic', 'monthly'),
      startCheckout(account, 'premium', 'monthly'),
      startCheckout(account, 'basic', 'monthly'),
    ]);
    expect(a.sessionId).not.toBe(b.sessionId);
    const state = await sandbox('/__sandbox/state', undefined, 'GET');
    const customers = Object.values(
      state.body.customers as Record<string, { id: string; email: string }>,
    ).filter((x) => x.email === account.email);
    expect(customers).toHaveLength(1);
    // Concurrent checkouts for other plans expire one another: never two payable sessions.
    const open = Object.values(
      state.body.sessions as Record<string, { customer: string; status: string }>,
    ).filter((x) => x.customer === customers[0]!.id && x.status === 'open');
    expect(open.length).toBeLessThanOrEqual(1);
    // A retry of the same checkout (same idempotency key) gets the same payable session back.
    const first = await startCheckout(account, 'premium', 'annual');
    expect(await startCheckout(account, 'premium', 'annual')).toEqual(first);
  });

  it('should expire the Basic session, refuse paying it, and bill once when the account then checks out Premium', async () => {
    const account = await newAccount('twotabs');
    const basic = await startCheckout(account, 'basic', 'monthly');
    const premium = await startCheckout(account, 'premium', 'monthly');
    expect(premium.sessionId).not.toBe(basic.sessionId);

    const state = await sandbox('/__sandbox/state', undefined, 'GET');
    expect(state.body.sessions[basic.sessionId].status).toBe('expired');
    expect(state.body.sessions[premium.sessionId].status).toBe('open');

    const page = await fetch(basic.url);
    expect(await page.text()).toContain('This checkout session has expired and can no longer be paid.');
    const refused = await sandbox(`/__sandbox/checkout/${basic.sessionId}/pay`, TEST_CARD);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('expired');

    const paid = await sandbox(`/__sandbox/checkout/${premium.sessionId}/pay`, TEST_CARD);
    expect(paid.status).toBe(200);
    const customerId = paid.body.session.customer as string;
    const after = await sandbox('/__sandbox/state', undefined, 'GET');
    const subs = Object.values(
      after.body.subscriptions as Record<string, { customer: string; status: string }>,
    ).filter((x) => x.customer === customerId);
    expect(subs.map((x) => x.status)).toEqual(['active']);
    const invoices = Object.values(
      after.body.invoices as Record<string, { customer: string; status: string }>,
    ).filter((x) => x.customer === customerId);
    expect(invoices.map((x) => x.status)).toEqual(['paid']);

    const { subscription, billingHistory } = await mySubscription(account);
    expect(subscription).toMatchObject({ id: paid.body.subscription.id, plan: 'premium', status: 'active' });
    expect(billingHistory).toHaveLength(1);
  });
});

describe('webhook', () => {
  it('should answer 400 when one byte of a signed event is changed', async () => {
    const account = await newAccount('tamper');
    const { events } = await subscribe(account, { deliver: false });
    const event = events[0]!;
    const res = await postEvent(event, event.payload.replace('"livemode": false', '"livemode": true '));
    expect(res.status).toBe(400);
    expect((await mySubscription(account)).subscription.plan).toBe('none');
  });

  it('should apply one change and one billing entry when a valid event is replayed 5 times, 2 at once', async () => {
    const account = await newAccount('replay');
    const { events } = await subscribe(account, { deliver: false });
    const invoicePaid = events.find((e) => e.type === 'invoice.paid')!;

    const concurrent = await Promise.all([postEvent(invoicePaid), postEvent(invoicePaid)]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200]);
    expect(concurrent.map((r) => r.body.result).sort()).toEqual(['applied', 'duplicate']);
    const first = await mySubscription(account);

    for (let i = 0; i < 3; i++) {
      const again = await postEvent(invoicePaid);
      expect(again).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });
    }
    const after = await mySubscription(account);
    expect(after).toEqual(first);
    expect(after.billingHistory).toHaveLength(1);
    expect(after.subscription.plan).toBe('basic');
  });

  it('should write nothing and answer non-2xx when the handler fails part-way, then apply on redelivery', async () => {
    const account = await newAccount('partway');
    const { subscription } = await subscribe(account);
    const before = await mySubscription(account);
    const renewal = await sandbox(`/__sandbox/subscriptions/${subscription.id}/renew`, { deliver: false });
    const invoicePaid = (renewal.body.events as SignedEvent[]).find((e) => e.type === 'invoice.paid')!;

    // The invoice read succeeds; re-reading the subscription then fails (the SDK's retries included).
    await sandbox('/__sandbox/faults', {
      method: 'GET',
      pathPrefix: `/v1/subscriptions/${subscription.id}`,
      status: 500,
      times: 10,
    });
    try {
      const failed = await postEvent(invoicePaid);
      expect(failed.status).toBe(500);
    } finally {
      await sandbox('/__sandbox/faults', undefined, 'DELETE');
    }
    expect(await mySubscription(account)).toEqual(before);

    const retried = await postEvent(invoicePaid);
    expect(retried.body.result).toBe('applied');
    const after = await mySubscription(account);
    expect(after.billingHistory).toHaveLength(2);
    expect(after.subscription.currentPeriodEnd > before.subscription.currentPeriodEnd).toBe(true);
    expect(after.billingHistory[0]!.date >= after.billingHistory[1]!.date).toBe(true);
  });

  it('should follow Stripe through a failed payment and a cancellation', async () => {
    const account = await newAccount('lifecycle');
    const { subscription } = await subscribe(account);
    await sandbox(`/__sandbox/subscriptions/${subscription.id}/fail-payment`);
    const pastDue = await mySubscription(account);
    expect(pastDue.subscription.status).toBe('past_due');
    expect(pastDue.subscription.features).toEqual(PLANS.basic.features);
    expect(pastDue.billingHistory.map((h) => h.status)).toEqual(['open', 'paid']);

    await sandbox(`/__sandbox/subscriptions/${subscription.id}/cancel`);
    const canceled = await mySubscription(account);
    expect(canceled.subscription).toMatchObject({ status: 'canceled', next_billing_date: null });
    expect(canceled.subscription.cancellation_date).not.toBeNull();
    expect(canceled.subscription.end_date).not.toBeNull();
  });
});

describe('POST /api/subscription/change', () => {
  it('should answer "Not authenticated" when no token is sent', async () => {
    const res = await api('/api/subscription/change', {
      body: { subscriptionId: 'sub_x', plan: 'premium', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(MESSAGES.notAuthenticated);
  });

  it('should answer "Subscription not found" when the id is unknown', async () => {
    const account = await newAccount('unknownsub');
    const res = await api('/api/subscription/change', {
      token: account.token,
      body: { subscriptionId: 'sub_does_not_exist', plan: 'premium', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(MESSAGES.subscriptionNotFound);
  });

  it('should answer "Unauthorized to update this subscription" when user A changes user B\'s subscription', async () => {
    const [a, b] = await Promise.all([newAccount('usera'), newAccount('userb')]);
    const { subscription } = await subscribe(b);
    const res = await api('/api/subscription/change', {
      token: a.token,
      body: { subscriptionId: subscription.id, plan: 'enterprise', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(MESSAGES.unauthorizedSubscriptionUpdate);
    expect((await mySubscription(b)).subscription.plan).toBe('basic');
  });

  it('should change the plan through Stripe and update the record when the webhook comes back', async () => {
    const account = await newAccount('upgrade');
    const { subscription } = await subscribe(account);
    const res = await api('/api/subscription/change', {
      token: account.token,
      body: { subscriptionId: subscription.id, plan: 'premium', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pending: true, plan: 'premium' });
    const after = await eventually(
      () => mySubscription(account),
      (s) => s.subscription.plan === 'premium',
    );
    expect(after.subscription).toMatchObject({
      plan: 'premium',
      billing_cycle: 'monthly',
      features: PLANS.premium.features,
    });
  });
});

describe('guest checkout', () => {
  /** A guest's checkout session (no account); the idempotency key is the guest's email. */
  const guestCheckout = async (email: string, plan: string, billingCycle: string) => {
    const guest = await api('/api/consolidated/stripe/create-guest-checkout', {
      body: { plan, billingCycle },
      headers: { 'idempotency-key': email },
    });
    expect(guest.status).toBe(200);
    return guest;
  };

  it('should link a guest purchase exactly once to the account that signs up with that email', async () => {
    const email = uniqueEmail('guest');
    const guest = await guestCheckout(email, 'enterprise', 'monthly');
    const paid = await sandbox(`/__sandbox/checkout/${guest.body.sessionId}/pay`, { ...TEST_CARD, email });
    expect(paid.body.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200, 200]);

    await registerUser(stack, email, PASSWORD);
    const token = (await signIn(stack, email, PASSWORD)).IdToken;
    const account = { email, token, userId: '' };
    const results = await Promise.all([
      api('/api/me', { token }),
      api('/api/subscription', { token }),
      api('/api/subscription', { token }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    account.userId = results[0]!.body.profile.userId;

    const linked = await mySubscription(account);
    expect(linked.subscription).toMatchObject({
      id: paid.body.subscription.id,
      user_id: account.userId,
      plan: 'enterprise',
      status: 'active',
    });
    expect(linked.billingHistory).toHaveLength(1);

    // Later events for the customer land on the account, not on the guest.
    await sandbox(`/__sandbox/subscriptions/${paid.body.subscription.id}/renew`);
    const renewed = await mySubscription(account);
    expect(renewed.billingHistory).toHaveLength(2);

    // The account owns the subscription now.
    const change = await api('/api/subscription/change', {
      token,
      body: { subscriptionId: paid.body.subscription.id, plan: 'premium', billingCycle: 'monthly' },
    });
    expect(change.status).toBe(200);
  });

  it('should trade a paid guest session for a signed token that reads back as the paid email, and refuse tampering', async () => {
    const email = uniqueEmail('guest-token');
    const guest = await guestCheckout(email, 'basic', 'annual');
    const sessionId = guest.body.sessionId as string;

    // Before payment the session id yields nothing.
    const early = await api('/api/consolidated/stripe/guest-checkout-token', { body: { sessionId } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(BILLING_MESSAGES.guestSessionUnpaid);

    await sandbox(`/__sandbox/checkout/${sessionId}/pay`, { ...TEST_CARD, email: email.toUpperCase() });
    const issued = await api('/api/consolidated/stripe/guest-checkout-token', { body: { sessionId } });
    expect(issued.status).toBe(200);
    expect(issued.body.email).toBe(email);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    const read = await api('/api/consolidated/stripe/guest-checkout-email', {
      body: { token: issued.body.token },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ email, expiresAt: issued.body.expiresAt });

    const [version, payload, signature] = (issued.body.token as string).split('.');
    const otherEmail = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), e: 'x@example.com' }),
    ).toString('base64url');
    const tampered = await api('/api/consolidated/stripe/guest-checkout-email', {
      body: { token: `${version}.${otherEmail}.${signature}` },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe(BILLING_MESSAGES.guestEmailTokenInvalid);

    const unknown = await api('/api/consolidated/stripe/guest-checkout-token', {
      body: { sessionId: 'cs_test_nobody' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(BILLING_MESSAGES.guestSessionUnknown);

    // A lone surrogate once reached the Stripe client and came back as a 502 ("URI malformed").
    const malformed = await api('/api/consolidated/stripe/guest-checkout-token', {
      body: { sessionId: '\udfff' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(BILLING_MESSAGES.guestSessionUnknown);
  });

  it('should not give out the email of a signed-in checkout for its session id', async () => {
    const account = await newAccount('token-signed-in');
    const session = await startCheckout(account);
    await sandbox(`/__sandbox/checkout/${session.sessionId}/pay`, TEST_CARD);
    const res = await api('/api/consolidated/stripe/guest-checkout-token', {
      body: { sessionId: session.sessionId },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(account.email);
  });

  it('should refuse an unknown plan with the field message when a guest starts checkout', async () => {
    const res = await api('/api/consolidated/stripe/create-guest-checkout', {
      body: { plan: 'basic', billingCycle: 'weekly' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: MESSAGES.checkoutSessionFailed,
      message: BILLING_MESSAGES.billingCycleInvalid,
    });
  });
});

describe('POST /api/consolidated/stripe/create-portal-session', () => {
  it('should return the portal URL of the account customer when the account has one', async () => {
    const account = await newAccount('portal');
    await subscribe(account);
    const res = await api('/api/consolidated/stripe/create-portal-session', {
      token: account.token,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toContain('/portal/');
  });
});
