/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe-shaped JSON objects, kept loose on purpose. */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { PRICE_CATALOGUE } from '../../shared/billing';
import { formatUsd } from '../../shared/plans';
import { parseStripeForm, type FormValue } from './form';
import { checkoutPage, invoicePage, portalPage } from './pages';
import { stripeSignatureHeader } from './sign';

/**
 * The local payments sandbox: a small Stripe-API-compatible server for the subset of Stripe the
 * product calls (customers, prices, checkout sessions, subscriptions, invoices, billing portal),
 * with a hosted checkout page and control endpoints that drive a subscription's life (renew, fail a
 * payment, cancel). Events are signed with the webhook secret exactly as Stripe signs them and POSTed
 * to the app's real webhook. Only for `npm start` and the tests; with real keys Stripe is used.
 */

type Obj = Record<string, any>;

export const SANDBOX_TEST_CARD = '4242424242424242';
const API_VERSION = '2026-10-28.endive';

interface State {
  seq: number;
  invoiceCounter: number;
  customers: Record<string, Obj>;
  prices: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  paymentMethods: Record<string, Obj>;
  portalSessions: Record<string, Obj>;
  /** Stripe-side bookkeeping not part of the objects (session line items, pending prorations). */
  internal: Record<string, Obj>;
  idempotency: Record<string, { requestHash: string; status: number; body: unknown }>;
  events: { id: string; type: string; created: number; deliveries: { at: string; status: number }[] }[];
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

interface Fault {
  method: string;
  pathPrefix: string;
  status: number;
  remaining: number;
}

export interface SandboxOptions {
  /** Where events are POSTed: the app's `/api/stripe/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  /** JSON file that keeps state across restarts; null keeps it in memory (tests). */
  statePath: string | null;
  now?: () => Date;
}

export interface StripeSandbox {
  app: Hono;
  /** Set once listening: `http://localhost:PORT` (the browser and the SDK both use it). */
  url: string;
  listen(port: number): Promise<void>;
  stop(): Promise<void>;
}

const sec = (d: Date) => Math.floor(d.getTime() / 1000);

function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return sec(d);
}

function emptyState(): State {
  return {
    seq: 0,
    invoiceCounter: 0,
    customers: {},
    prices: {},
    sessions: {},
    subscriptions: {},
    invoices: {},
    paymentMethods: {},
    portalSessions: {},
    internal: {},
    idempotency: {},
    events: [],
  };
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Stripe's "No such …" error for an id it does not know (404, or 400 when the id came in a body field). */
function noSuch(
  kind: string,
  id: unknown,
  opts: { status?: 400 | 404; param?: string | null } = {},
): StripeApiError {
  const param = opts.param === undefined ? 'id' : (opts.param ?? undefined);
  return new StripeApiError(
    opts.status ?? 404,
    'invalid_request_error',
    `No such ${kind}: '${String(id)}'`,
    'resource_missing',
    param,
  );
}

export function createStripeSandbox(opts: SandboxOptions): StripeSandbox {
  const now = opts.now ?? (() => new Date());
  let state: State = emptyState();
  if (opts.statePath && fs.existsSync(opts.statePath)) {
    state = { ...emptyState(), ...(JSON.parse(fs.readFileSync(opts.statePath, 'utf8')) as State) };
  }
  const faults: Fault[] = [];
  const inFlight = new Set<string>();
  let baseUrl = '';

  const save = () => {
    if (!opts.statePath) return;
    fs.mkdirSync(path.dirname(opts.statePath), { recursive: true });
    fs.writeFileSync(opts.statePath, JSON.stringify(state));
  };
  const newId = (prefix: string) =>
    `${prefix}_${randomBytes(10).toString('hex')}${(++state.seq).toString(36)}`;

  // Prices come from the plan table, one per plan × cycle, with Raincheck's lookup keys.
  for (const entry of PRICE_CATALOGUE) {
    const id = `price_${entry.lookupKey}`;
    state.prices[id] ??= {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: sec(now()),
      currency: 'usd',
      livemode: false,
      lookup_key: entry.lookupKey,
      metadata: { plan: entry.plan, billingCycle: entry.billingCycle },
      nickname: `${entry.productName} (${entry.billingCycle})`,
      product: `prod_raincheck_${entry.plan}`,
      recurring: { interval: entry.interval, interval_count: 1, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: entry.unitAmountCents,
      unit_amount_decimal: String(entry.unitAmountCents),
    };
  }

  // ---------------------------------------------------------------- objects

  const collections: Record<string, keyof State> = {
    cus: 'customers',
    pm: 'paymentMethods',
    in: 'invoices',
    sub: 'subscriptions',
    price: 'prices',
    cs: 'sessions',
  };

  function lookup(id: string): Obj | null {
    const prefix = id.startsWith('cs_') ? 'cs' : id.split('_')[0]!;
    const collection = collections[prefix];
    return collection ? (((state[collection] as Record<string, Obj>)[id] as Obj | undefined) ?? null) : null;
  }

  /** Replaces ids with objects along each `expand` path (`customer.invoice_settings.default_payment_method`). */
  function expand(obj: Obj, paths: string[]): Obj {
    const copy = structuredClone(obj);
    for (const p of paths) {
      const parts = p.split('.');
      const walk = (node: any, i: number) => {
        if (node == null || typeof node !== 'object') return;
        const key = parts[i]!;
        if (key === 'data' && Array.isArray(node.data)) {
          node.data.forEach((item: any) => walk(item, i + 1));
          return;
        }
        if (i === parts.length - 1) {
          if (typeof node[key] === 'string') node[key] = structuredClone(lookup(node[key]) ?? node[key]);
          return;
        }
        if (typeof node[key] === 'string') node[key] = structuredClone(lookup(node[key]) ?? node[key]);
        walk(node[key], i + 1);
      };
      walk(copy, 0);
    }
    return copy;
  }

  function priceOrThrow(id: unknown): Obj {
    const price = typeof id === 'string' ? state.prices[id] : undefined;
    if (!price) throw noSuch('price', String(id), { status: 400, param: 'price' });
    return price;
  }

  function createCustomer(params: { email?: string; name?: string; metadata?: Obj }): Obj {
    const id = newId('cus');
    const customer = {
      id,
      object: 'customer',
      balance: 0,
      created: sec(now()),
      currency: 'usd',
      delinquent: false,
      description: null,
      email: params.email ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
    };
    state.customers[id] = customer;
    return customer;
  }

  function createCardPaymentMethod(
    customerId: string,
    card: { expMonth: number; expYear: number },
    email: string | null,
  ): Obj {
    const id = newId('pm');
    const pm = {
      id,
      object: 'payment_method',
      billing_details: { address: null, email, name: null, phone: null },
      card: {
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: 'visa',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
        last4: '4242',
      },
      created: sec(now()),
      customer: customerId,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    state.paymentMethods[id] = pm;
    return pm;
  }

  /** One line of an invoice, as Stripe lists it (a credit is a negative amount). */
  interface LineInput {
    amount: number;
    description: string;
    periodStart: number;
    periodEnd: number;
    proration: boolean;
    price: Obj;
  }

  function invoiceLine(sub: Obj, line: LineInput, invoiceId: string | null): Obj {
    return {
      id: newId('il'),
      object: 'line_item',
      amount: line.amount,
      currency: 'usd',
      description: line.description,
      discountable: !line.proration,
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: line.proration,
          proration_details: null,
          subscription: sub.id,
          subscription_item: item(sub).id,
        },
      },
      period: { start: line.periodStart, end: line.periodEnd },
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product },
        unit_amount_decimal: String(line.price.unit_amount),
      },
      quantity: 1,
      subtotal: line.amount,
      taxes: [],
    };
  }

  /**
   * An invoice over `lines`, as Stripe totals it: the customer's credit balance (negative) is applied
   * first; a negative total is not refunded but added to that balance (amount due 0).
   */
  function invoiceObject(input: {
    sub: Obj;
    lines: LineInput[];
    paid: boolean;
    reason: string;
    periodStart: number;
    periodEnd: number;
    preview?: boolean;
  }): Obj {
    const id = input.preview ? `upcoming_${input.sub.id}` : newId('in');
    const customer = state.customers[input.sub.customer];
    const t = sec(now());
    const total = input.lines.reduce((sum, l) => sum + l.amount, 0);
    const startingBalance = Number(customer?.balance ?? 0);
    const afterBalance = total + startingBalance;
    const amountDue = Math.max(0, afterBalance);
    const paid = input.paid || amountDue === 0;
    return {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Raincheck (local sandbox)',
      amount_due: amountDue,
      amount_paid: paid ? amountDue : 0,
      amount_remaining: paid ? 0 : amountDue,
      attempt_count: input.preview ? 0 : 1,
      attempted: !input.preview,
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      created: t,
      currency: 'usd',
      customer: input.sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      ending_balance: Math.min(0, afterBalance),
      hosted_invoice_url: input.preview ? null : `${baseUrl}/invoices/${id}`,
      invoice_pdf: input.preview ? null : `${baseUrl}/invoices/${id}`,
      lines: {
        object: 'list',
        data: input.lines.map((l) => invoiceLine(input.sub, l, input.preview ? null : id)),
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid || input.preview ? null : t + 3 * 24 * 3600,
      number: input.preview ? null : `RC-${String(++state.invoiceCounter).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: input.sub.metadata ?? {}, subscription: input.sub.id },
      },
      period_end: input.periodEnd,
      period_start: input.periodStart,
      starting_balance: startingBalance,
      status: input.preview ? 'draft' : paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: input.preview ? null : t,
        marked_uncollectible_at: null,
        paid_at: paid && !input.preview ? t : null,
        voided_at: null,
      },
      subtotal: total,
      total,
    };
  }

  function createInvoice(input: {
    sub: Obj;
    lines: LineInput[];
    paid: boolean;
    reason: string;
    periodStart: number;
    periodEnd: number;
  }): Obj {
    const invoice = invoiceObject(input);
    const customer = state.customers[input.sub.customer];
    if (customer) customer.balance = invoice.ending_balance;
    state.invoices[invoice.id] = invoice;
    input.sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** A period's charge for one price. */
  function priceLine(price: Obj, periodStart: number, periodEnd: number, description?: string): LineInput {
    return {
      amount: price.unit_amount,
      description: description ?? lineDescription(price),
      periodStart,
      periodEnd,
      proration: false,
      price,
    };
  }

  const productName = (price: Obj) =>
    String(price.nickname ?? 'Raincheck').replace(/ \((monthly|annual)\)$/, '');
  /** "23 Nov 2026", as Stripe writes it in proration lines. */
  const lineDate = (seconds: number) =>
    new Date(seconds * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });

  /**
   * Stripe's proration for moving the item from `oldPrice` to `newPrice` at `at` (unix seconds),
   * to the second: a credit for the old price's unused share of the period, and — same interval — a
   * charge for the new price's share of the remaining time, or — another interval — the new price's
   * full new period starting now (the billing cycle resets).
   */
  function prorate(
    sub: Obj,
    newPrice: Obj,
    at: number,
  ): { lines: LineInput[]; periodStart: number; periodEnd: number; resetsCycle: boolean } {
    const it = item(sub);
    const oldPrice = it.price;
    const start = it.current_period_start;
    const end = it.current_period_end;
    const total = end - start;
    const remaining = Math.min(total, Math.max(0, end - at));
    const share = (amount: number) => (total > 0 ? Math.round((amount * remaining) / total) : 0);
    const lines: LineInput[] = [];
    const credit = share(oldPrice.unit_amount);
    if (credit > 0)
      lines.push({
        amount: -credit,
        description: `Unused time on ${productName(oldPrice)} after ${lineDate(at)}`,
        periodStart: at,
        periodEnd: end,
        proration: true,
        price: oldPrice,
      });
    if (oldPrice.recurring.interval === newPrice.recurring.interval) {
      const charge = share(newPrice.unit_amount);
      if (charge > 0)
        lines.push({
          amount: charge,
          description: `Remaining time on ${productName(newPrice)} after ${lineDate(at)}`,
          periodStart: at,
          periodEnd: end,
          proration: true,
          price: newPrice,
        });
      return { lines, periodStart: start, periodEnd: end, resetsCycle: false };
    }
    const newEnd = addInterval(at, newPrice.recurring.interval);
    lines.push(priceLine(newPrice, at, newEnd));
    return { lines, periodStart: at, periodEnd: newEnd, resetsCycle: true };
  }

  function lineDescription(price: Obj): string {
    const name = String(price.nickname ?? 'Raincheck').replace(/ \((monthly|annual)\)$/, '');
    return `1 × ${name} (at ${formatUsd(price.unit_amount)} / ${price.recurring.interval})`;
  }

  // ---------------------------------------------------------------- events

  function makeEvent(type: string, object: Obj, previous?: Obj): SignedEvent {
    const id = newId('evt');
    const created = sec(now());
    const event = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    state.events.push({ id, type, created, deliveries: [] });
    const payload = JSON.stringify(event, null, 2);
    return { id, type, payload, signature: stripeSignatureHeader(payload, opts.webhookSecret, created) };
  }

  async function deliver(events: SignedEvent[]): Promise<Delivery[]> {
    const results: Delivery[] = [];
    for (const e of events) {
      // Signed at delivery time, as Stripe does for every attempt.
      const signature = stripeSignatureHeader(e.payload, opts.webhookSecret, sec(new Date()));
      let status: number;
      try {
        const res = await fetch(opts.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          body: e.payload,
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      state.events.find((x) => x.id === e.id)?.deliveries.push({ at: new Date().toISOString(), status });
      results.push({ eventId: e.id, type: e.type, status });
    }
    save();
    return results;
  }

  const pendingPayloads = new Map<string, SignedEvent>();
  function remember(events: SignedEvent[]): SignedEvent[] {
    for (const e of events) pendingPayloads.set(e.id, e);
    return events;
  }

  /** Events caused by API calls reach the webhook after the API call has answered, as with Stripe. */
  function deliverLater(events: SignedEvent[]) {
    remember(events);
    setTimeout(() => {
      deliver(events).catch((err) => console.error(`[stripe-sandbox] event delivery failed: ${String(err)}`));
    }, 25);
  }

  // ---------------------------------------------------------------- lifecycle

  function validateCard(input: { cardNumber?: string; expMonth?: number; expYear?: number; cvc?: string }) {
    const number = String(input.cardNumber ?? '').replace(/[\s-]/g, '');
    const month = Number(input.expMonth);
    const year = Number(input.expYear) < 100 ? 2000 + Number(input.expYear) : Number(input.expYear);
    const today = now();
    if (!/^\d{12,19}$/.test(number))
      return { ok: false as const, message: 'Your card number is incomplete.' };
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
      return { ok: false as const, message: "Your card's expiration date is incomplete." };
    const lastDay = new Date(Date.UTC(year, month, 0, 23, 59, 59));
    if (lastDay < today)
      return { ok: false as const, message: "Your card's expiration year is in the past." };
    if (!/^\d{3,4}$/.test(String(input.cvc ?? '')))
      return { ok: false as const, message: "Your card's security code is incomplete." };
    if (number !== SANDBOX_TEST_CARD)
      return {
        ok: false as const,
        message: 'Your card was declined. This sandbox accepts only the test card 4242 4242 4242 4242.',
      };
    return { ok: true as const, expMonth: month, expYear: year };
  }

  function completeCheckout(
    sessionId: string,
    input: { cardNumber?: string; expMonth?: number; expYear?: number; cvc?: string; email?: string },
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
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Enter a valid email address.',
          'email_invalid',
          'email',
        );
      customer = createCustomer({ email });
    }
    const pm = createCardPaymentMethod(customer.id, card, customer.email);
    customer.invoice_settings.default_payment_method = pm.id;

    const internal = state.internal[session.id]!;
    const price = priceOrThrow(internal.price);
    const start = sec(now());
    const end = addInterval(start, price.recurring.interval);
    const subId = newId('sub');
    const metadata = { ...(session.metadata ?? {}), ...(internal.subscriptionMetadata ?? {}) };
    const sub: Obj = {
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
      default_payment_method: pm.id,
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
    state.subscriptions[subId] = sub;
    state.internal[subId] = { pendingLines: [] };
    const invoice = createInvoice({
      sub,
      lines: [priceLine(price, start, end)],
      paid: true,
      reason: 'subscription_create',
      periodStart: start,
      periodEnd: end,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      customer_details: { email: customer.email, name: null, address: null, phone: null, tax_exempt: 'none' },
      subscription: subId,
      invoice: invoice.id,
    });
    const events = [
      makeEvent('checkout.session.completed', session),
      makeEvent('customer.subscription.created', sub),
      makeEvent('invoice.paid', invoice),
    ];
    save();
    return { events: remember(events), session };
  }

  function subscriptionOrThrow(id: string): Obj {
    const sub = state.subscriptions[id];
    if (!sub) throw noSuch('subscription', id);
    return sub;
  }

  function item(sub: Obj): Obj {
    return sub.items.data[0];
  }

  function renew(subId: string, opts2: { paid: boolean; invoiceDescription?: string }): SignedEvent[] {
    const sub = subscriptionOrThrow(subId);
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription is canceled.');
    const it = item(sub);
    const start = it.current_period_end;
    const end = addInterval(start, it.price.recurring.interval);
    const previous = { items: structuredClone(sub.items), status: sub.status };
    it.current_period_start = start;
    it.current_period_end = end;
    // Prorations left pending by `create_prorations` are invoiced with the next period, as Stripe does.
    const pending = (state.internal[subId]?.pendingLines ?? []) as LineInput[];
    const invoice = createInvoice({
      sub,
      lines: [...pending, priceLine(it.price, start, end, opts2.invoiceDescription)],
      paid: opts2.paid,
      reason: 'subscription_cycle',
      periodStart: start,
      periodEnd: end,
    });
    if (opts2.paid) state.internal[subId] = { pendingLines: [] };
    sub.status = opts2.paid ? 'active' : 'past_due';
    const events = [
      makeEvent(opts2.paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      makeEvent('customer.subscription.updated', sub, previous),
    ];
    save();
    return remember(events);
  }

  function cancelNow(subId: string): SignedEvent[] {
    const sub = subscriptionOrThrow(subId);
    if (sub.status === 'canceled') return [];
    const t = sec(now());
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: t,
      ended_at: t,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    save();
    return remember([makeEvent('customer.subscription.deleted', sub)]);
  }

  /**
   * Moves the item to another price, prorated at `at` (Stripe's `proration_date`, default now).
   * `always_invoice`: the proration lines are invoiced and charged now. `create_prorations`: they wait
   * for the next invoice, except when the interval changes (Stripe invoices a cycle reset at once).
   * `none`: no proration at all.
   */
  function changePrice(sub: Obj, newPrice: Obj, behavior: string, at: number): SignedEvent[] {
    const it = item(sub);
    const previous = { items: structuredClone(sub.items) };
    const plan = prorate(sub, newPrice, at);
    it.price = structuredClone(newPrice);
    if (plan.resetsCycle) {
      it.current_period_start = plan.periodStart;
      it.current_period_end = plan.periodEnd;
      sub.billing_cycle_anchor = plan.periodStart;
      if (sub.cancel_at_period_end) sub.cancel_at = plan.periodEnd;
    }
    const events: SignedEvent[] = [makeEvent('customer.subscription.updated', sub, previous)];
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
      events.push(makeEvent('invoice.paid', invoice));
    } else if (behavior !== 'none') {
      const internal = (state.internal[sub.id] ??= { pendingLines: [] });
      internal.pendingLines = [...(internal.pendingLines ?? []), ...lines];
    }
    return remember(events);
  }

  const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'];

  /** `proration_date` as Stripe checks it: inside the current period, not in the future. */
  function prorationDateOf(sub: Obj, value: FormValue | undefined): number {
    const t = sec(now());
    if (value === undefined) return t;
    const at = Number(value);
    const it = item(sub);
    if (!Number.isInteger(at) || at > t + 5 || at < it.current_period_start || at > it.current_period_end)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'proration_date must be within the current period of the subscription.',
        'parameter_invalid',
        'proration_date',
      );
    return Math.min(at, t);
  }

  function prorationBehaviorOf(value: FormValue | undefined): string {
    const behavior = typeof value === 'string' ? value : 'create_prorations';
    if (!PRORATION_BEHAVIORS.includes(behavior))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
        'parameter_invalid',
        'proration_behavior',
      );
    return behavior;
  }

  // ---------------------------------------------------------------- HTTP

  const app = new Hono();

  const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url });
  const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
  const strList = (v: FormValue | undefined): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
  const meta = (v: FormValue | undefined): Obj =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
      : {};

  async function params(c: Context): Promise<Record<string, FormValue>> {
    if (c.req.method === 'GET' || c.req.method === 'DELETE')
      return parseStripeForm(new URL(c.req.url).searchParams);
    return parseStripeForm(new URLSearchParams(await c.req.text()));
  }

  function errorResponse(c: Context, err: StripeApiError) {
    return c.json(
      {
        error: {
          type: err.type,
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
          ...(err.param ? { param: err.param } : {}),
        },
      },
      err.status as 400,
    );
  }

  // Every /v1 request: a secret key, injected faults, and Idempotency-Key replay for POSTs.
  app.use('/v1/*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    if (!/^Bearer sk_/.test(auth)) {
      return errorResponse(c, new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.'));
    }
    const pathname = new URL(c.req.url).pathname;
    const fault = faults.find(
      (f) => f.method === c.req.method && pathname.startsWith(f.pathPrefix) && f.remaining > 0,
    );
    if (fault) {
      fault.remaining--;
      return errorResponse(c, new StripeApiError(fault.status, 'api_error', 'Injected sandbox fault'));
    }
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    const body = await c.req.raw.clone().text();
    const requestHash = createHash('sha256').update(`${pathname}\n${body}`).digest('hex');
    const scoped = `${auth.slice(7, 20)}:${key}`;
    if (inFlight.has(scoped)) {
      // As Stripe does: a concurrent request with the same key is refused with 409 (the SDK retries).
      return errorResponse(
        c,
        new StripeApiError(
          409,
          'idempotency_error',
          'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
        ),
      );
    }
    const seen = state.idempotency[scoped];
    if (seen) {
      if (seen.requestHash !== requestHash) {
        return errorResponse(
          c,
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      }
      return c.json(seen.body as Obj, seen.status as 200, { 'idempotent-replayed': 'true' });
    }
    inFlight.add(scoped);
    try {
      await next();
      if (c.res.status < 500) {
        state.idempotency[scoped] = { requestHash, status: c.res.status, body: await c.res.clone().json() };
        save();
      }
    } finally {
      inFlight.delete(scoped);
    }
  });

  app.post('/v1/customers', async (c) => {
    const p = await params(c);
    const customer = createCustomer({ email: str(p.email), name: str(p.name), metadata: meta(p.metadata) });
    save();
    return c.json(customer);
  });

  app.get('/v1/customers', async (c) => {
    const p = await params(c);
    const email = str(p.email);
    const limit = Number(str(p.limit) ?? 10);
    const data = Object.values(state.customers)
      .filter((x) => !email || x.email === email)
      .sort((a, b) => b.created - a.created)
      .slice(0, limit);
    return c.json(list('/v1/customers', data));
  });

  app.get('/v1/customers/:id', async (c) => {
    const customer = state.customers[c.req.param('id')];
    if (!customer) throw noSuch('customer', c.req.param('id'));
    return c.json(expand(customer, strList((await params(c)).expand)));
  });

  app.get('/v1/prices', async (c) => {
    const p = await params(c);
    const keys = strList(p.lookup_keys);
    const active = str(p.active);
    const data = Object.values(state.prices).filter(
      (x) =>
        (keys.length === 0 || keys.includes(x.lookup_key)) &&
        (active === undefined || String(x.active) === active),
    );
    return c.json(list('/v1/prices', data));
  });

  app.post('/v1/checkout/sessions', async (c) => {
    const p = await params(c);
    if (str(p.mode) !== 'subscription')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The sandbox supports mode=subscription only.',
        'parameter_invalid',
        'mode',
      );
    const lineItems = Array.isArray(p.line_items) ? (p.line_items as Obj[]) : [];
    if (lineItems.length !== 1)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Exactly one line item is supported.',
        'parameter_invalid',
        'line_items',
      );
    const price = priceOrThrow(lineItems[0]!.price);
    const customerId = str(p.customer) ?? null;
    if (customerId && !state.customers[customerId])
      throw noSuch('customer', customerId, { status: 400, param: 'customer' });
    for (const field of ['success_url', 'cancel_url'] as const) {
      if (!str(p[field]))
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Missing required param: ${field}.`,
          'parameter_missing',
          field,
        );
    }
    const id = newId('cs_test');
    const t = sec(now());
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      cancel_url: str(p.cancel_url),
      client_reference_id: str(p.client_reference_id) ?? null,
      created: t,
      currency: 'usd',
      customer: customerId,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: str(p.customer_email) ?? null,
      expires_at: t + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: meta(p.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: str(p.success_url),
      url: `${baseUrl}/checkout/${id}`,
    };
    state.sessions[id] = session;
    const subscriptionData = p.subscription_data as Obj | undefined;
    state.internal[id] = { price: price.id, subscriptionMetadata: meta(subscriptionData?.metadata) };
    save();
    return c.json(session);
  });

  app.get('/v1/checkout/sessions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    const status = str(p.status);
    const limit = Number(str(p.limit) ?? 10);
    const data = Object.values(state.sessions)
      .filter((x) => (!customer || x.customer === customer) && (!status || x.status === status))
      .sort((a, b) => b.created - a.created)
      .slice(0, limit);
    return c.json(list('/v1/checkout/sessions', data));
  });

  /** As Stripe: only an open session can be expired; it then refuses payment. */
  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) throw noSuch('checkout session', c.req.param('id'));
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in [open] can be expired. This session has a status of ${session.status}.`,
        'checkout_session_inactive',
      );
    Object.assign(session, { status: 'expired', expires_at: sec(now()) });
    save();
    return c.json(session);
  });

  app.get('/v1/checkout/sessions/:id', async (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) throw noSuch('checkout session', c.req.param('id'));
    return c.json(expand(session, strList((await params(c)).expand)));
  });

  app.get('/v1/subscriptions/:id', async (c) => {
    const sub = subscriptionOrThrow(c.req.param('id'));
    return c.json(expand(sub, strList((await params(c)).expand)));
  });

  app.post('/v1/subscriptions/:id', async (c) => {
    const sub = subscriptionOrThrow(c.req.param('id'));
    const p = await params(c);
    if (sub.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const events: SignedEvent[] = [];
    const items = Array.isArray(p.items) ? (p.items as Obj[]) : [];
    if (items.length > 0) {
      const first = items[0]!;
      if (first.id && first.id !== item(sub).id)
        throw noSuch('subscription item', first.id, { status: 400, param: 'items[0][id]' });
      const behavior = prorationBehaviorOf(p.proration_behavior);
      const at = prorationDateOf(sub, p.proration_date);
      events.push(...changePrice(sub, priceOrThrow(first.price), behavior, at));
    }
    const cancelAtPeriodEnd = str(p.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      const previous = { cancel_at_period_end: sub.cancel_at_period_end };
      sub.cancel_at_period_end = cancelAtPeriodEnd === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? item(sub).current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? sec(now()) : null;
      events.push(remember([makeEvent('customer.subscription.updated', sub, previous)])[0]!);
    }
    save();
    deliverLater(events);
    return c.json(expand(sub, strList(p.expand)));
  });

  app.delete('/v1/subscriptions/:id', async (c) => {
    const events = cancelNow(c.req.param('id'));
    deliverLater(events);
    return c.json(state.subscriptions[c.req.param('id')]);
  });

  /**
   * Stripe's upcoming-invoice preview for a subscription update (items moved to another price):
   * the invoice the update would create, computed exactly as the update computes it, never stored.
   */
  app.post('/v1/invoices/create_preview', async (c) => {
    const p = await params(c);
    const subId = str(p.subscription);
    if (!subId)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The sandbox previews subscription updates only: pass subscription.',
        'parameter_missing',
        'subscription',
      );
    const sub = subscriptionOrThrow(subId);
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription is canceled.');
    const details = (p.subscription_details ?? {}) as Obj;
    const items = Array.isArray(details.items) ? (details.items as Obj[]) : [];
    const it = item(sub);
    const first = items[0];
    if (first?.id && first.id !== it.id)
      throw noSuch('subscription item', first.id, {
        status: 400,
        param: 'subscription_details[items][0][id]',
      });
    const newPrice = first?.price ? priceOrThrow(first.price) : it.price;
    const behavior = prorationBehaviorOf(details.proration_behavior);
    const at = prorationDateOf(sub, details.proration_date);
    const plan = prorate(sub, newPrice, at);
    const immediate = behavior === 'always_invoice' || plan.resetsCycle;
    // Not invoiced now: the preview is the next renewal with the pending prorations on it.
    const lines = immediate
      ? behavior === 'none'
        ? plan.lines.filter((l) => !l.proration)
        : plan.lines
      : [
          ...(behavior === 'none' ? [] : plan.lines),
          priceLine(
            newPrice,
            it.current_period_end,
            addInterval(it.current_period_end, newPrice.recurring.interval),
          ),
        ];
    return c.json(
      invoiceObject({
        sub,
        lines,
        paid: false,
        reason: immediate ? 'subscription_update' : 'upcoming',
        periodStart: plan.periodStart,
        periodEnd: plan.periodEnd,
        preview: true,
      }),
    );
  });

  app.get('/v1/invoices/:id', async (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice) throw noSuch('invoice', c.req.param('id'));
    return c.json(expand(invoice, strList((await params(c)).expand)));
  });

  app.get('/v1/invoices', async (c) => {
    const p = await params(c);
    const data = Object.values(state.invoices)
      .filter(
        (x) =>
          (!str(p.customer) || x.customer === str(p.customer)) &&
          (!str(p.subscription) || x.parent?.subscription_details?.subscription === str(p.subscription)),
      )
      .sort((a, b) => b.created - a.created);
    return c.json(list('/v1/invoices', data));
  });

  app.post('/v1/billing_portal/sessions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    if (!customer || !state.customers[customer])
      throw noSuch('customer', customer, { status: 400, param: 'customer' });
    const id = newId('bps');
    const session = {
      id,
      object: 'billing_portal.session',
      created: sec(now()),
      customer,
      livemode: false,
      return_url: str(p.return_url) ?? null,
      url: `${baseUrl}/portal/${id}`,
    };
    state.portalSessions[id] = session;
    save();
    return c.json(session);
  });

  // ------------------------------------------------------------ hosted pages

  app.get('/checkout/:id', (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown checkout session.</p>', 404);
    const price = state.prices[state.internal[session.id]?.price];
    return c.html(
      checkoutPage({ session, price: price ?? null, needsEmail: !session.customer, error: null }),
    );
  });

  app.post('/checkout/:id', async (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown checkout session.</p>', 404);
    const form = await c.req.parseBody();
    const [mm, yy] = String(form.expiry ?? '')
      .split('/')
      .map((x) => x.trim());
    try {
      const { events } = completeCheckout(session.id, {
        cardNumber: String(form.cardNumber ?? ''),
        expMonth: Number(mm),
        expYear: Number(yy),
        cvc: String(form.cvc ?? ''),
        email: String(form.email ?? ''),
      });
      await deliver(events);
      return c.redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      const price = state.prices[state.internal[session.id]?.price];
      return c.html(
        checkoutPage({ session, price: price ?? null, needsEmail: !session.customer, error: err.message }),
        err.status === 402 ? 402 : 400,
      );
    }
  });

  app.get('/invoices/:id', (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice) return c.html('<p>Unknown invoice.</p>', 404);
    return c.html(invoicePage(invoice));
  });

  const liveSubscriptionOf = (customerId: string) =>
    Object.values(state.subscriptions)
      .filter((s) => s.customer === customerId)
      .sort((a, b) => b.created - a.created)[0] ?? null;

  app.get('/portal/:id', (c) => {
    const session = state.portalSessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown portal session.</p>', 404);
    const sub = liveSubscriptionOf(session.customer);
    const pm = sub?.default_payment_method ? state.paymentMethods[sub.default_payment_method] : null;
    return c.html(
      portalPage({
        session,
        subscription: sub,
        paymentMethod: pm ?? null,
        message: c.req.query('msg') ?? null,
      }),
    );
  });

  app.post('/portal/:id/:action', async (c) => {
    const session = state.portalSessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown portal session.</p>', 404);
    const sub = liveSubscriptionOf(session.customer);
    const back = (msg: string) => c.redirect(`/portal/${session.id}?msg=${encodeURIComponent(msg)}`, 303);
    if (!sub) return back('No subscription.');
    const action = c.req.param('action');
    if (action === 'cancel') {
      const previous = { cancel_at_period_end: sub.cancel_at_period_end };
      sub.cancel_at_period_end = true;
      sub.cancel_at = item(sub).current_period_end;
      sub.canceled_at = sec(now());
      deliverLater(remember([makeEvent('customer.subscription.updated', sub, previous)]));
      save();
      return back('Your subscription will end at the end of the current period.');
    }
    if (action === 'resume') {
      const previous = { cancel_at_period_end: sub.cancel_at_period_end };
      Object.assign(sub, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
      deliverLater(remember([makeEvent('customer.subscription.updated', sub, previous)]));
      save();
      return back('Your subscription will renew.');
    }
    if (action === 'card') {
      const form = await c.req.parseBody();
      const [mm, yy] = String(form.expiry ?? '')
        .split('/')
        .map((x) => x.trim());
      const card = validateCard({
        cardNumber: String(form.cardNumber ?? ''),
        expMonth: Number(mm),
        expYear: Number(yy),
        cvc: String(form.cvc ?? ''),
      });
      if (!card.ok) return back(card.message);
      const pm = createCardPaymentMethod(
        session.customer,
        card,
        state.customers[session.customer]?.email ?? null,
      );
      state.customers[session.customer]!.invoice_settings.default_payment_method = pm.id;
      const previous = { default_payment_method: sub.default_payment_method };
      sub.default_payment_method = pm.id;
      deliverLater(remember([makeEvent('customer.subscription.updated', sub, previous)]));
      save();
      return back('Payment method updated.');
    }
    return back('Unknown action.');
  });

  // --------------------------------------------------------- control (tests, demos)

  const control = async (c: Context) => {
    try {
      return (await c.req.json()) as Obj;
    } catch {
      return {};
    }
  };
  /** `deliver: false` returns the signed events without sending them (tests replay them). */
  const respondWithEvents = async (c: Context, events: SignedEvent[], extra: Obj = {}) => {
    const body = await control(c);
    const deliveries = body.deliver === false ? [] : await deliver(events);
    return c.json({ ...extra, events, deliveries });
  };

  app.post('/__sandbox/checkout/:id/pay', async (c) => {
    const body = await control(c);
    const { events, session } = completeCheckout(c.req.param('id'), body);
    const deliveries = body.deliver === false ? [] : await deliver(events);
    return c.json({ session, subscription: state.subscriptions[session.subscription], events, deliveries });
  });
  app.post('/__sandbox/subscriptions/:id/renew', async (c) => {
    const body = await control(c);
    const events = renew(c.req.param('id'), { paid: true, invoiceDescription: body.invoiceDescription });
    const deliveries = body.deliver === false ? [] : await deliver(events);
    return c.json({ subscription: state.subscriptions[c.req.param('id')], events, deliveries });
  });
  app.post('/__sandbox/subscriptions/:id/fail-payment', async (c) =>
    respondWithEvents(c, renew(c.req.param('id'), { paid: false })),
  );
  app.post('/__sandbox/subscriptions/:id/cancel', async (c) =>
    respondWithEvents(c, cancelNow(c.req.param('id'))),
  );
  app.post('/__sandbox/events/:id/resend', async (c) => {
    const e = pendingPayloads.get(c.req.param('id'));
    if (!e) return c.json({ error: 'Unknown event (only events of this run can be re-sent)' }, 404);
    return c.json({ deliveries: await deliver([e]) });
  });
  app.post('/__sandbox/faults', async (c) => {
    const body = await control(c);
    faults.push({
      method: String(body.method ?? 'GET').toUpperCase(),
      pathPrefix: String(body.pathPrefix ?? '/v1/'),
      status: Number(body.status ?? 500),
      remaining: Number(body.times ?? 1),
    });
    return c.json({ faults });
  });
  app.delete('/__sandbox/faults', (c) => {
    faults.length = 0;
    return c.json({ faults });
  });
  app.get('/__sandbox/state', (c) =>
    c.json({ ...state, idempotency: Object.keys(state.idempotency).length }),
  );
  app.get('/', (c) =>
    c.html(
      '<h1>Raincheck local payments sandbox — no real money</h1><p>A Stripe-compatible test server for local development. See local/stripe-sandbox/README.md.</p>',
    ),
  );

  app.onError((err, c) => {
    if (err instanceof StripeApiError) return errorResponse(c, err);
    console.error(err);
    return errorResponse(c, new StripeApiError(500, 'api_error', String(err)));
  });
  app.notFound((c) =>
    errorResponse(
      c,
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`,
      ),
    ),
  );

  let server: ServerType | null = null;
  const sandbox: StripeSandbox = {
    app,
    url: '',
    listen: (port) =>
      new Promise((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
          baseUrl = `http://localhost:${info.port}`;
          sandbox.url = baseUrl;
          resolve();
        });
        s.once('error', reject);
        server = s;
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
  return sandbox;
}
