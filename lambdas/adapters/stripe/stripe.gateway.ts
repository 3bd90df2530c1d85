import type Stripe from 'stripe';
import type {
  CheckoutSessionInput,
  InvoiceSnapshot,
  PaymentsGateway,
  SubscriptionSnapshot,
} from '../../core/billing/billing.ports';
import { PaymentProviderError } from '../../core/billing/billing.errors';

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

export function toInvoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  const firstLine = invoice.lines?.data?.[0]?.description ?? null;
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

  async changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; idempotencyKey: string }) {
    const sub = await this.call(() => this.stripe.subscriptions.retrieve(input.subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new PaymentProviderError(`Subscription ${input.subscriptionId} has no item`);
    await this.call(() =>
      this.stripe.subscriptions.update(
        input.subscriptionId,
        { items: [{ id: item.id, price: input.priceId }], proration_behavior: 'create_prorations' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
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
