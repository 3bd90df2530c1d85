import { applyStripeEvent } from '../../../lambdas/core/billing/apply-stripe-event';
import type { BillingEvent } from '../../../lambdas/core/billing/billing.ports';
import { buildAccountEmail } from '../../../lambdas/core/email/account-emails';
import { notifyPasswordChanged } from '../../../lambdas/core/email/password-changed';
import {
  checkoutCompleted,
  FakeGateway,
  MemoryBillingStore,
  MemoryMailer,
  T0,
  invoice,
  snapshot,
  subscriptionEvent,
  invoiceEvent as invoiceEventWithId,
} from './fakes';

const clock = { now: () => new Date(T0) };
const PERIOD_END = '2026-12-22T12:00:00.000Z';

function setup() {
  const store = new MemoryBillingStore();
  const gateway = new FakeGateway();
  const mailer = new MemoryMailer();
  const warnings: string[] = [];
  gateway.subscriptions.set('sub_1', snapshot());
  gateway.invoices.set('in_1', invoice());
  const deps = {
    store,
    gateway,
    clock,
    mailer,
    appOrigin: 'http://localhost:3000',
    warn: (message: string) => warnings.push(message),
  };
  return { store, gateway, mailer, warnings, deps };
}

let seq = 0;
const subEvent = (type: Parameters<typeof subscriptionEvent>[1]) => subscriptionEvent(`evt_${++seq}`, type);
const invoiceEvent = (type: Parameters<typeof invoiceEventWithId>[1], invoiceId = 'in_1') =>
  invoiceEventWithId(`evt_${++seq}`, type, invoiceId);
const checkout = (): BillingEvent => checkoutCompleted(`evt_${++seq}`);

/** A paid Basic monthly subscription, its purchase email already sent and cleared. */
async function subscribed() {
  const s = setup();
  for (const e of [checkout(), subEvent('customer.subscription.created'), invoiceEvent('invoice.paid')])
    await applyStripeEvent(e, s.deps);
  s.mailer.sent = [];
  return s;
}

describe('account emails from Stripe events', () => {
  it('should send one purchase email when a checkout completes, whatever other events follow', async () => {
    const { deps, mailer } = setup();
    const events = [checkout(), subEvent('customer.subscription.created'), invoiceEvent('invoice.paid')];
    for (const e of events) await applyStripeEvent(e, deps);
    for (const e of events) expect(await applyStripeEvent(e, deps)).toBe('duplicate');
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [['alice@example.com'], 'Your Raincheck Basic plan is active'],
    ]);
    expect(mailer.sent[0]!.text).toContain('$29.99');
    expect(mailer.sent[0]!.text).toContain('http://localhost:3000/subscription');
  });

  it('should send one purchase email when the invoice event arrives before the checkout event', async () => {
    const { deps, mailer } = setup();
    for (const e of [invoiceEvent('invoice.paid'), checkout(), subEvent('customer.subscription.created')])
      await applyStripeEvent(e, deps);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your Raincheck Basic plan is active']);
  });

  it('should send one plan-change email when the plan changes, from whichever event brings it first', async () => {
    const { deps, gateway, mailer } = await subscribed();
    gateway.subscriptions.set(
      'sub_1',
      snapshot({ priceId: 'price_raincheck_premium_monthly', priceLookupKey: 'raincheck_premium_monthly' }),
    );
    gateway.invoices.set('in_2', invoice({ id: 'in_2', number: 'RC-0002' }));
    // Stripe may deliver the invoice before the subscription update.
    await applyStripeEvent(invoiceEvent('invoice.paid', 'in_2'), deps);
    await applyStripeEvent(subEvent('customer.subscription.updated'), deps);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your Raincheck plan is now Premium']);
    expect(mailer.sent[0]!.text).toContain('from Basic, billed monthly, to Premium, billed monthly');
  });

  it('should send the cancellation with its date when the subscription is set to cancel, and a notice on resume', async () => {
    const { deps, gateway, mailer } = await subscribed();
    gateway.subscriptions.set(
      'sub_1',
      snapshot({ cancelAtPeriodEnd: true, cancelAt: PERIOD_END, canceledAt: T0 }),
    );
    await applyStripeEvent(subEvent('customer.subscription.updated'), deps);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your Raincheck subscription will be canceled']);
    expect(mailer.sent[0]!.text).toContain('until December 22, 2026');

    gateway.subscriptions.set('sub_1', snapshot());
    await applyStripeEvent(subEvent('customer.subscription.updated'), deps);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Your Raincheck subscription will be canceled',
      'Your Raincheck subscription will renew',
    ]);
  });

  it('should send one email when the subscription ends', async () => {
    const { deps, gateway, mailer } = await subscribed();
    gateway.subscriptions.set('sub_1', snapshot({ status: 'canceled', endedAt: PERIOD_END, canceledAt: T0 }));
    await applyStripeEvent(subEvent('customer.subscription.deleted'), deps);
    await applyStripeEvent(subEvent('customer.subscription.updated'), deps);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your Raincheck subscription has ended']);
  });

  it('should send a payment-failure email with the amount for each failed payment event, once per event', async () => {
    const { deps, gateway, mailer } = await subscribed();
    gateway.subscriptions.set('sub_1', snapshot({ status: 'past_due' }));
    gateway.invoices.set(
      'in_3',
      invoice({ id: 'in_3', number: 'RC-0003', status: 'open', amountCents: 2999, paidAt: null }),
    );
    const failed = invoiceEvent('invoice.payment_failed', 'in_3');
    await applyStripeEvent(failed, deps);
    await Promise.all([applyStripeEvent(failed, deps), applyStripeEvent(failed, deps)]);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your Raincheck payment failed']);
    expect(mailer.sent[0]!.text).toContain('We could not charge $29.99 for invoice RC-0003.');
  });

  it('should apply the event and log a warning when sending fails (the email is not retried)', async () => {
    const { deps, mailer, store, warnings } = setup();
    mailer.fail = new Error('SES down');
    expect(await applyStripeEvent(checkout(), deps)).toBe('applied');
    expect(store.subscriptions.get('alice')?.record.plan).toBe('basic');
    expect(warnings).toEqual(['Account email not sent']);
  });

  it('should keep every invoice line on the billing entry', async () => {
    const { deps, store, gateway } = await subscribed();
    gateway.invoices.set(
      'in_4',
      invoice({
        id: 'in_4',
        amountCents: 1500,
        lines: [
          {
            description: 'Unused time on Raincheck Basic after 22 Nov 2026',
            amount: -1500,
            proration: true,
            periodStart: T0,
            periodEnd: PERIOD_END,
          },
          {
            description: 'Remaining time on Raincheck Premium after 22 Nov 2026',
            amount: 3000,
            proration: true,
            periodStart: T0,
            periodEnd: PERIOD_END,
          },
        ],
      }),
    );
    await applyStripeEvent(invoiceEvent('invoice.paid', 'in_4'), deps);
    const entry = (await store.listBillingHistory('alice')).find((e) => e.id === 'in_4');
    expect(entry?.lines?.map((l) => l.amount)).toEqual([-1500, 3000]);
  });
});

describe('password-change notice', () => {
  it('should email the verified caller once, and not again within a minute', async () => {
    const mailer = new MemoryMailer();
    const caller = { userId: 'pw-user', email: 'pw@example.com', groups: [] };
    const deps = { mailer, clock, appOrigin: 'http://localhost:3000' };
    expect(await notifyPasswordChanged(caller, deps)).toEqual({ sent: true });
    expect(await notifyPasswordChanged(caller, deps)).toEqual({ sent: false });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: ['pw@example.com'],
      subject: 'Your Raincheck password was changed',
    });
    expect(mailer.sent[0]!.text).toContain('http://localhost:3000/forgot-password');
  });

  it('should escape what goes into the HTML body', () => {
    const email = buildAccountEmail(
      'a@example.com',
      { kind: 'passwordChanged', at: T0 },
      { appOrigin: 'http://x"><script>' },
    );
    expect(email.html).not.toContain('<script>');
  });
});
