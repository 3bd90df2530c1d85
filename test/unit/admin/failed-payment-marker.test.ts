import { applyStripeEvent } from '../../../lambdas/core/billing/apply-stripe-event';
import { FakeGateway, MemoryBillingStore, T0, invoice, invoiceEvent, snapshot } from '../billing/fakes';

/** The admin metrics count an unpaid invoice as failed once a payment attempt on it failed. */
const clock = { now: () => new Date(T0) };

function setup(invoiceStatus: string) {
  const store = new MemoryBillingStore();
  const gateway = new FakeGateway();
  gateway.subscriptions.set('sub_1', snapshot());
  gateway.invoices.set('in_1', invoice({ status: invoiceStatus, paidAt: null }));
  return { store, gateway, deps: { store, gateway, clock } };
}

const event = invoiceEvent;

describe('failed payment marker', () => {
  it('should mark the billing entry when a payment on an open invoice fails', async () => {
    const { store, deps } = setup('open');
    await applyStripeEvent(event('evt_failed', 'invoice.payment_failed'), deps);
    const [entry] = [...store.history.values()].flatMap((m) => [...m.values()]);
    expect(entry).toMatchObject({ id: 'in_1', status: 'open', paymentFailed: true });
  });

  it('should not mark the entry when a late payment_failed arrives for an invoice Stripe now reports paid', async () => {
    const { store, deps } = setup('paid');
    await applyStripeEvent(event('evt_failed', 'invoice.payment_failed'), deps);
    const [entry] = [...store.history.values()].flatMap((m) => [...m.values()]);
    expect(entry?.status).toBe('paid');
    expect(entry).not.toHaveProperty('paymentFailed');
  });

  it('should clear the mark when the invoice is paid after a failed attempt', async () => {
    const { store, gateway, deps } = setup('open');
    await applyStripeEvent(event('evt_failed', 'invoice.payment_failed'), deps);
    gateway.invoices.set('in_1', invoice());
    await applyStripeEvent(event('evt_paid', 'invoice.paid'), deps);
    const [entry] = [...store.history.values()].flatMap((m) => [...m.values()]);
    expect(entry?.status).toBe('paid');
    expect(entry).not.toHaveProperty('paymentFailed');
  });
});
