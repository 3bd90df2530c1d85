import type Stripe from 'stripe';
import type {
  CheckoutSessionInput,
  CheckoutSessionSnapshot,
  InvoiceSnapshot,
  PaymentsGateway,
  SubscriptionSnapshot,
} from '../../core/billing/billing.ports';
import { PaymentProviderError } from '../../core/billing/billing.errors';
import type { InvoiceLine, PlanChangePreview } from '../../../shared/billing';

const iso = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function isMissing(err: unknown): boolean {
  const e = err as { statusCode?: number; code?: string } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing';
}

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): SubscriptionSnapshot['paymentMethod'] {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return {
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** A Stripe subscription (retrieved with customer and payment method expanded) reduced to our snapshot. */
export function toSubscriptionSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  const customer = typeof sub.customer === 'string' ? null : sub.customer;
  const liveCustomer =
    customer && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer) : null;
  const customerPm = liveCustomer?.invoice_settings?.default_payment_method;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    customerEmail: liveCustomer?.email?.toLowerCase() ?? null,
    customerUserId: liveCustomer?.metadata?.userId ?? null,
    metadataUserId: sub.metadata?.userId ?? null,
    status: sub.status,
    priceId: item?.price.id ?? null,
    priceLookupKey: item?.price.lookup_key ?? null,
    priceInterval: item?.price.recurring?.interval === 'year' ? 'year' : item ? 'month' : null,
    created: iso(sub.created)!,
    startDate: iso(sub.start_date),
    // Since API version 2025-03-31 the billing period lives on the subscription item.
    currentPeriodStart: iso(item?.current_period_start),
    currentPeriodEnd: iso(item?.current_period_end),
    trialEnd: iso(sub.trial_end),
    cancelAt: iso(sub.cancel_at),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: iso(sub.canceled_at),
    endedAt: iso(sub.ended_at),
    paymentMethod:
      cardOf(sub.default_payment_method) ??
      cardOf(typeof customerPm === 'string' ? null : (customerPm ?? null)),
  };
}

/** An invoice line as the billing history shows it (credits are negative amounts). */
export function toInvoiceLine(line: Stripe.InvoiceLineItem): InvoiceLine {
  const parent = line.parent;
  const proration =
    parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration ?? false;
  return {
    description: line.description ?? '',
    amount: line.amount,
    proration,
    periodStart: iso(line.period?.start),
    periodEnd: iso(line.period?.end),
  };
}

export function toInvoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  // A plan change's first line is its credit: name the invoice for what it is, its lines say the rest.
  const firstLine =
    invoice.billing_reason === 'subscription_update'
      ? 'Plan change'
      : (invoice.lines?.data?.[0]?.description ?? null);
  return {
    id: invoice.id!,
    customerId: idOf(invoice.customer)!,
    customerEmail: invoice.customer_email?.toLowerCase() ?? null,
    subscriptionId: idOf(subscription),
    number: invoice.number,
    status: invoice.status ?? 'draft',
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    description: invoice.description ?? firstLine ?? 'Raincheck subscription',
    created: iso(invoice.created)!,
    paidAt: iso(invoice.status_transitions?.paid_at),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    lines: (invoice.lines?.data ?? []).map(toInvoiceLine),
  };
}

/**
 * What a preview invoice of a plan change says: Stripe's lines (credit for unused time, charge for
 * the new plan), the total and what is due now, for the proration time sent with the change.
 */
export function toPlanChangePreview(invoice: Stripe.Invoice, prorationDate: number): PlanChangePreview {
  const lines = (invoice.lines?.data ?? []).map(toInvoiceLine);
  // Same interval: the proration invoice holds only the proration lines; the new price renews at the
  // end of the unchanged period. A new interval starts a new period now, invoiced at once.
  const periodEnds = (invoice.lines?.data ?? [])
    .filter((l) => !(l.parent?.subscription_item_details?.proration ?? false))
    .map((l) => l.period?.end);
  const prorated = (invoice.lines?.data ?? []).map((l) => l.period?.end);
  const nextBillingDate = iso(periodEnds[0] ?? prorated[0] ?? invoice.period_end);
  return {
    amountDue: invoice.amount_due,
    total: invoice.total,
    currency: invoice.currency,
    prorationDate,
    lines,
    nextBillingDate,
  };
}

/** PaymentsGateway over the Stripe SDK (api.stripe.com, or the local sandbox). */
export class StripePaymentsGateway implements PaymentsGateway {
  private readonly prices = new Map<string, string>();

  constructor(
    private readonly stripe: Stripe,
    priceIds: Record<string, string> = {},
  ) {
    for (const [key, id] of Object.entries(priceIds)) this.prices.set(key, id);
  }

  async priceIdFor(lookupKey: string): Promise<string> {
    const known = this.prices.get(lookupKey);
    if (known) return known;
    const list = await this.call(() =>
      this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = list.data[0];
    if (!price) throw new PaymentProviderError(`No active Stripe price with lookup key ${lookupKey}`);
    this.prices.set(lookupKey, price.id);
    return price.id;
  }

  async findOrCreateCustomer(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<string> {
    const existing = await this.call(() => this.stripe.customers.list({ email: input.email, limit: 100 }));
    const mine = existing.data.find((c) => c.metadata?.userId === input.userId);
    if (mine) return mine.id;
    const created = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return created.id;
  }

  async createCheckoutSession(
    input: CheckoutSessionInput,
  ): Promise<{ sessionId: string; url: string; open: boolean }> {
    const metadata: Record<string, string> = { plan: input.plan, billingCycle: input.billingCycle };
    if (input.userId) metadata.userId = input.userId;
    else metadata.guest = 'true';
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: input.priceId, quantity: 1 }],
          ...(input.customerId ? { customer: input.customerId } : {}),
          ...(input.userId ? { client_reference_id: input.userId } : {}),
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentProviderError('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url, open: session.status === 'open' };
  }

  async listOpenCheckoutSessions(customerId: string): Promise<string[]> {
    return this.call(async () => {
      const ids: string[] = [];
      for await (const session of this.stripe.checkout.sessions.list({
        customer: customerId,
        status: 'open',
        limit: 100,
      })) {
        ids.push(session.id);
      }
      return ids;
    });
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return {
        id: session.id,
        status: session.status ?? 'open',
        paymentStatus: session.payment_status,
        guest: session.metadata?.guest === 'true' && !session.metadata?.userId,
        email: session.customer_details?.email?.toLowerCase() ?? null,
        created: iso(session.created)!,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw new PaymentProviderError(
        (err as { message?: string } | null)?.message ?? 'Stripe request failed',
        err,
      );
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (err) {
      // Stripe refuses to expire a session that is no longer open (paid or expired meanwhile).
      const current = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
      if (current.status !== 'open') return;
      throw new PaymentProviderError(
        (err as { message?: string } | null)?.message ?? 'Stripe request failed',
        err,
      );
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      // Stripe answers "No such subscription" for one that is already canceled: check, don't fail.
      const current = await this.retrieveSubscription(subscriptionId).catch(() => undefined);
      if (current === null || current?.status === 'canceled') return;
      throw new PaymentProviderError(
        (err as { message?: string } | null)?.message ?? 'Stripe request failed',
        err,
      );
    }
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
    );
    return { url: session.url };
  }

  /**
   * `always_invoice`: the proration is invoiced and charged now (credit for unused time, charge for
   * the new price), so a change is never an invisible adjustment on next month's invoice.
   */
  async changeSubscriptionPrice(input: {
    subscriptionId: string;
    priceId: string;
    idempotencyKey: string;
    prorationDate?: number;
  }) {
    const item = await this.itemOf(input.subscriptionId);
    await this.call(() =>
      this.stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: item.id, price: input.priceId }],
          proration_behavior: 'always_invoice',
          ...(input.prorationDate ? { proration_date: input.prorationDate } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  async previewPriceChange(input: { subscriptionId: string; priceId: string }): Promise<PlanChangePreview> {
    const item = await this.itemOf(input.subscriptionId);
    const prorationDate = Math.floor(Date.now() / 1000);
    const invoice = await this.call(() =>
      this.stripe.invoices.createPreview({
        subscription: input.subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: input.priceId }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      }),
    );
    return toPlanChangePreview(invoice, prorationDate);
  }

  async setCancelAtPeriodEnd(input: {
    subscriptionId: string;
    cancelAtPeriodEnd: boolean;
    idempotencyKey: string;
  }): Promise<void> {
    await this.call(() =>
      this.stripe.subscriptions.update(
        input.subscriptionId,
        { cancel_at_period_end: input.cancelAtPeriodEnd },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  private async itemOf(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
    const sub = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new PaymentProviderError(`Subscription ${subscriptionId} has no item`);
    return item;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    try {
      const sub = await this.stripe.subscriptions.retrieve(id, {
        expand: ['default_payment_method', 'customer', 'customer.invoice_settings.default_payment_method'],
      });
      return toSubscriptionSnapshot(sub);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async retrieveInvoice(id: string): Promise<InvoiceSnapshot | null> {
    try {
      return toInvoiceSnapshot(await this.stripe.invoices.retrieve(id));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Stripe's errors become PaymentProviderError with Stripe's message (shown as `message`). */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaymentProviderError) throw err;
      const message = (err as { message?: string } | null)?.message ?? 'Stripe request failed';
      throw new PaymentProviderError(message, err);
    }
  }
}
