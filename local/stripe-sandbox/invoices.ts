import { formatUsd } from '../../shared/plans';
import { addInterval, sec, type Obj, type SandboxStore } from './sandbox-store';
import { subscriptionItem } from './stripe-objects';

/** One line of an invoice, as Stripe lists it (a credit is a negative amount). */
export interface LineInput {
  amount: number;
  description: string;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  price: Obj;
}

export interface InvoiceInput {
  sub: Obj;
  lines: LineInput[];
  paid: boolean;
  reason: string;
  periodStart: number;
  periodEnd: number;
}

/** What moving a subscription to another price costs, as `prorate` computes it. */
export interface Proration {
  lines: LineInput[];
  periodStart: number;
  periodEnd: number;
  resetsCycle: boolean;
}

const productName = (price: Obj) =>
  String(price.nickname ?? 'Raincheck').replace(/ \((monthly|annual)\)$/, '');

const lineDescription = (price: Obj) =>
  `1 × ${productName(price)} (at ${formatUsd(price.unit_amount)} / ${price.recurring.interval})`;

/** "23 Nov 2026", as Stripe writes it in proration lines. */
const lineDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A period's charge for one price. */
export function priceLine(
  price: Obj,
  periodStart: number,
  periodEnd: number,
  description?: string,
): LineInput {
  return {
    amount: price.unit_amount,
    description: description ?? lineDescription(price),
    periodStart,
    periodEnd,
    proration: false,
    price,
  };
}

/**
 * Stripe's proration for moving the item from its price to `newPrice` at `at` (unix seconds), to the
 * second: a credit for the old price's unused share of the period, and — same interval — a charge for
 * the new price's share of the remaining time, or — another interval — the new price's full new
 * period starting now (the billing cycle resets).
 */
export function prorate(sub: Obj, newPrice: Obj, at: number): Proration {
  const it = subscriptionItem(sub);
  const oldPrice = it.price;
  const start = it.current_period_start;
  const end = it.current_period_end;
  const total = end - start;
  const remaining = Math.min(total, Math.max(0, end - at));
  const share = (amount: number) => (total > 0 ? Math.round((amount * remaining) / total) : 0);
  const prorationLine = (amount: number, description: string, price: Obj): LineInput => ({
    amount,
    description: `${description} ${productName(price)} after ${lineDate(at)}`,
    periodStart: at,
    periodEnd: end,
    proration: true,
    price,
  });
  const lines: LineInput[] = [];
  const credit = share(oldPrice.unit_amount);
  if (credit > 0) lines.push(prorationLine(-credit, 'Unused time on', oldPrice));
  if (oldPrice.recurring.interval === newPrice.recurring.interval) {
    const charge = share(newPrice.unit_amount);
    if (charge > 0) lines.push(prorationLine(charge, 'Remaining time on', newPrice));
    return { lines, periodStart: start, periodEnd: end, resetsCycle: false };
  }
  const newEnd = addInterval(at, newPrice.recurring.interval);
  lines.push(priceLine(newPrice, at, newEnd));
  return { lines, periodStart: at, periodEnd: newEnd, resetsCycle: true };
}

/** Invoices as Stripe writes and totals them. */
export function createInvoicing(store: SandboxStore) {
  const { state, now, newId } = store;

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
          subscription_item: subscriptionItem(sub).id,
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
  function invoiceObject(input: InvoiceInput & { preview?: boolean }): Obj {
    const { preview = false, sub } = input;
    const id = preview ? `upcoming_${sub.id}` : newId('in');
    const customer = state.customers[sub.customer];
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
      attempt_count: preview ? 0 : 1,
      attempted: !preview,
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      created: t,
      currency: 'usd',
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      ending_balance: Math.min(0, afterBalance),
      hosted_invoice_url: preview ? null : `${store.baseUrl}/invoices/${id}`,
      invoice_pdf: preview ? null : `${store.baseUrl}/invoices/${id}`,
      lines: {
        object: 'list',
        data: input.lines.map((l) => invoiceLine(sub, l, preview ? null : id)),
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid || preview ? null : t + 3 * 24 * 3600,
      number: preview ? null : `RC-${String(++state.invoiceCounter).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata ?? {}, subscription: sub.id },
      },
      period_end: input.periodEnd,
      period_start: input.periodStart,
      starting_balance: startingBalance,
      status: preview ? 'draft' : paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: preview ? null : t,
        marked_uncollectible_at: null,
        paid_at: paid && !preview ? t : null,
        voided_at: null,
      },
      subtotal: total,
      total,
    };
  }

  /** Stores the invoice, moves the customer's balance and makes it the subscription's latest. */
  function createInvoice(input: InvoiceInput): Obj {
    const invoice = invoiceObject(input);
    const customer = state.customers[input.sub.customer];
    if (customer) customer.balance = invoice.ending_balance;
    state.invoices[invoice.id] = invoice;
    input.sub.latest_invoice = invoice.id;
    return invoice;
  }

  return { invoiceObject, createInvoice };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
