import type { FormValue } from './form';
import { createInvoicing, priceLine, prorate, type LineInput } from './invoices';
import { addInterval, sec, type Obj, type SandboxStore } from './sandbox-store';
import { StripeApiError, invalidParam, noSuch } from './stripe-errors';
import { subscriptionItem, type StripeObjects } from './stripe-objects';
import type { SignedEvent, WebhookEvents } from './webhook-events';

export const SANDBOX_TEST_CARD = '4242424242424242';

const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'];

export interface CardInput {
  cardNumber?: unknown;
  expMonth?: unknown;
  expYear?: unknown;
  cvc?: unknown;
}

export type CardCheck = { ok: false; message: string } | { ok: true; expMonth: number; expYear: number };

/**
 * A subscription's life as Stripe runs it: paid checkout, renewal (paid or failed), price changes
 * with proration, cancellation at period end or at once. Each step answers the events it caused.
 */
export function createSubscriptionLifecycle(
  store: SandboxStore,
  objects: StripeObjects,
  events: WebhookEvents,
) {
  const { state, now, newId } = store;
  const { createInvoice, invoiceObject } = createInvoicing(store);
  const { makeEvent, remember } = events;

  function validateCard(input: CardInput): CardCheck {
    const number = String(input.cardNumber ?? '').replace(/[\s-]/g, '');
    const month = Number(input.expMonth);
    const year = Number(input.expYear) < 100 ? 2000 + Number(input.expYear) : Number(input.expYear);
    if (!/^\d{12,19}$/.test(number)) return { ok: false, message: 'Your card number is incomplete.' };
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
      return { ok: false, message: "Your card's expiration date is incomplete." };
    const lastDay = new Date(Date.UTC(year, month, 0, 23, 59, 59));
    if (lastDay < now()) return { ok: false, message: "Your card's expiration year is in the past." };
    if (!/^\d{3,4}$/.test(String(input.cvc ?? '')))
      return { ok: false, message: "Your card's security code is incomplete." };
    if (number !== SANDBOX_TEST_CARD)
      return {
        ok: false,
        message: 'Your card was declined. This sandbox accepts only the test card 4242 4242 4242 4242.',
      };
    return { ok: true, expMonth: month, expYear: year };
  }

  function newSubscription(customer: Obj, price: Obj, paymentMethodId: string, metadata: Obj): Obj {
    const start = sec(now());
    const end = addInterval(start, price.recurring.interval);
    const subId = newId('sub');
    return {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer: customer.id,
      default_payment_method: paymentMethodId,
      description: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            metadata: {},
            price: structuredClone(price),
            quantity: 1,
            subscription: subId,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: start,
      status: 'active',
      trial_end: null,
      trial_start: null,
    };
  }

  function completeCheckout(
    sessionId: string,
    input: CardInput & { email?: unknown },
  ): { events: SignedEvent[]; session: Obj } {
    const session = state.sessions[sessionId];
    if (!session) throw noSuch('checkout session', sessionId, { param: null });
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        session.status === 'expired'
          ? 'This Checkout Session has expired and can no longer be paid. Start checkout again.'
          : 'This Checkout Session is no longer active.',
        'checkout_session_inactive',
      );
    const card = validateCard(input);
    if (!card.ok) throw new StripeApiError(402, 'card_error', card.message, 'card_declined');

    let customer = session.customer ? state.customers[session.customer] : null;
    if (!customer) {
      const email = String(input.email ?? session.customer_email ?? '')
        .trim()
        .toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw invalidParam('Enter a valid email address.', 'email', 'email_invalid');
      customer = objects.createCustomer({ email });
    }
    const pm = objects.createCardPaymentMethod(customer.id, card, customer.email);
    customer.invoice_settings.default_payment_method = pm.id;

    const internal = state.internal[session.id]!;
    const price = objects.priceOrThrow(internal.price);
    const metadata = { ...(session.metadata ?? {}), ...(internal.subscriptionMetadata ?? {}) };
    const sub = newSubscription(customer, price, pm.id, metadata);
    state.subscriptions[sub.id] = sub;
    state.internal[sub.id] = { pendingLines: [] };
    const it = subscriptionItem(sub);
    const invoice = createInvoice({
      sub,
      lines: [priceLine(price, it.current_period_start, it.current_period_end)],
      paid: true,
      reason: 'subscription_create',
      periodStart: it.current_period_start,
      periodEnd: it.current_period_end,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      customer_details: { email: customer.email, name: null, address: null, phone: null, tax_exempt: 'none' },
      subscription: sub.id,
      invoice: invoice.id,
    });
    const caused = [
      makeEvent('checkout.session.completed', session),
      makeEvent('customer.subscription.created', sub),
      makeEvent('invoice.paid', invoice),
    ];
    store.save();
    return { events: remember(caused), session };
  }

  function renew(subId: string, opts: { paid: boolean; invoiceDescription?: string }): SignedEvent[] {
    const sub = objects.subscriptionOrThrow(subId);
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription is canceled.');
    const it = subscriptionItem(sub);
    const start = it.current_period_end;
    const end = addInterval(start, it.price.recurring.interval);
    const previous = { items: structuredClone(sub.items), status: sub.status };
    it.current_period_start = start;
    it.current_period_end = end;
    // Prorations left pending by `create_prorations` are invoiced with the next period, as Stripe does.
    const pending = (state.internal[subId]?.pendingLines ?? []) as LineInput[];
    const invoice = createInvoice({
      sub,
      lines: [...pending, priceLine(it.price, start, end, opts.invoiceDescription)],
      paid: opts.paid,
      reason: 'subscription_cycle',
      periodStart: start,
      periodEnd: end,
    });
    if (opts.paid) state.internal[subId] = { pendingLines: [] };
    sub.status = opts.paid ? 'active' : 'past_due';
    const caused = [
      makeEvent(opts.paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      makeEvent('customer.subscription.updated', sub, previous),
    ];
    store.save();
    return remember(caused);
  }

  function cancelNow(subId: string): SignedEvent[] {
    const sub = objects.subscriptionOrThrow(subId);
    if (sub.status === 'canceled') return [];
    const t = sec(now());
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: t,
      ended_at: t,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    store.save();
    return remember([makeEvent('customer.subscription.deleted', sub)]);
  }

  /** Sets or clears `cancel_at_period_end` (the portal's cancel and resume, the API's update). */
  function setCancelAtPeriodEnd(sub: Obj, cancel: boolean): SignedEvent {
    const previous = { cancel_at_period_end: sub.cancel_at_period_end };
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? subscriptionItem(sub).current_period_end : null;
    sub.canceled_at = cancel ? sec(now()) : null;
    return remember([makeEvent('customer.subscription.updated', sub, previous)])[0]!;
  }

  /**
   * Moves the item to another price, prorated at `at` (Stripe's `proration_date`, default now).
   * `always_invoice`: the proration lines are invoiced and charged now. `create_prorations`: they wait
   * for the next invoice, except when the interval changes (Stripe invoices a cycle reset at once).
   * `none`: no proration at all.
   */
  function changePrice(sub: Obj, newPrice: Obj, behavior: string, at: number): SignedEvent[] {
    const it = subscriptionItem(sub);
    const previous = { items: structuredClone(sub.items) };
    const plan = prorate(sub, newPrice, at);
    it.price = structuredClone(newPrice);
    if (plan.resetsCycle) {
      it.current_period_start = plan.periodStart;
      it.current_period_end = plan.periodEnd;
      sub.billing_cycle_anchor = plan.periodStart;
      if (sub.cancel_at_period_end) sub.cancel_at = plan.periodEnd;
    }
    const caused: SignedEvent[] = [makeEvent('customer.subscription.updated', sub, previous)];
    const lines = behavior === 'none' ? plan.lines.filter((l) => !l.proration) : plan.lines;
    if (behavior === 'always_invoice' || plan.resetsCycle) {
      const invoice = createInvoice({
        sub,
        lines,
        paid: true,
        reason: 'subscription_update',
        periodStart: plan.periodStart,
        periodEnd: plan.periodEnd,
      });
      caused.push(makeEvent('invoice.paid', invoice));
    } else if (behavior !== 'none') {
      const internal = (state.internal[sub.id] ??= { pendingLines: [] });
      internal.pendingLines = [...(internal.pendingLines ?? []), ...lines];
    }
    return remember(caused);
  }

  /**
   * Stripe's upcoming-invoice preview for moving the item to `newPrice`: the invoice the update would
   * create, computed exactly as the update computes it, never stored.
   */
  function previewChange(sub: Obj, newPrice: Obj, behavior: string, at: number): Obj {
    const it = subscriptionItem(sub);
    const plan = prorate(sub, newPrice, at);
    const immediate = behavior === 'always_invoice' || plan.resetsCycle;
    const prorations = behavior === 'none' ? plan.lines.filter((l) => !l.proration) : plan.lines;
    // Not invoiced now: the preview is the next renewal with the pending prorations on it.
    const lines = immediate
      ? prorations
      : [
          ...(behavior === 'none' ? [] : plan.lines),
          priceLine(
            newPrice,
            it.current_period_end,
            addInterval(it.current_period_end, newPrice.recurring.interval),
          ),
        ];
    return invoiceObject({
      sub,
      lines,
      paid: false,
      reason: immediate ? 'subscription_update' : 'upcoming',
      periodStart: plan.periodStart,
      periodEnd: plan.periodEnd,
      preview: true,
    });
  }

  /** `proration_date` as Stripe checks it: inside the current period, not in the future. */
  function prorationDateOf(sub: Obj, value: FormValue | undefined): number {
    const t = sec(now());
    if (value === undefined) return t;
    const at = Number(value);
    const it = subscriptionItem(sub);
    if (!Number.isInteger(at) || at > t + 5 || at < it.current_period_start || at > it.current_period_end)
      throw invalidParam(
        'proration_date must be within the current period of the subscription.',
        'proration_date',
      );
    return Math.min(at, t);
  }

  function prorationBehaviorOf(value: FormValue | undefined): string {
    const behavior = typeof value === 'string' ? value : 'create_prorations';
    if (!PRORATION_BEHAVIORS.includes(behavior))
      throw invalidParam(
        `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
        'proration_behavior',
      );
    return behavior;
  }

  return {
    validateCard,
    completeCheckout,
    renew,
    cancelNow,
    setCancelAtPeriodEnd,
    changePrice,
    previewChange,
    prorationDateOf,
    prorationBehaviorOf,
  };
}

export type SubscriptionLifecycle = ReturnType<typeof createSubscriptionLifecycle>;
