import type { Hono } from 'hono';
import { metadataOf, str, stripeParams, strList } from './form';
import { sec, type Obj, type SandboxStore } from './sandbox-store';
import { StripeApiError, invalidParam, noSuch } from './stripe-errors';
import { subscriptionItem, type StripeObjects } from './stripe-objects';
import type { SubscriptionLifecycle } from './subscription-lifecycle';
import type { SignedEvent, WebhookEvents } from './webhook-events';

export interface ApiDeps {
  store: SandboxStore;
  objects: StripeObjects;
  lifecycle: SubscriptionLifecycle;
  events: WebhookEvents;
}

const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url });

/** Newest first, at most `limit` (Stripe's default 10). */
const newest = (items: Obj[], limit: string | undefined) =>
  items.sort((a, b) => b.created - a.created).slice(0, Number(limit ?? 10));

/**
 * The Stripe-compatible `/v1` API: the subset the product's Stripe adapter calls (customers, prices,
 * checkout sessions, subscriptions, invoices, billing portal), form-encoded in, Stripe-shaped out.
 */
export function registerApiRoutes(app: Hono, deps: ApiDeps): void {
  const { store, objects, lifecycle, events } = deps;
  const { state } = store;
  const retrieve = (collection: Record<string, Obj>, kind: string, id: string): Obj => {
    const found = collection[id];
    if (!found) throw noSuch(kind, id);
    return found;
  };

  // Every object is retrieved the same way: by id, with `expand`, 404 "No such …" otherwise.
  const RETRIEVABLE = [
    ['/v1/customers/:id', 'customers', 'customer'],
    ['/v1/checkout/sessions/:id', 'sessions', 'checkout session'],
    ['/v1/subscriptions/:id', 'subscriptions', 'subscription'],
    ['/v1/invoices/:id', 'invoices', 'invoice'],
  ] as const;
  for (const [route, collection, kind] of RETRIEVABLE) {
    app.get(route, async (c) => {
      const found = retrieve(state[collection], kind, c.req.param('id'));
      return c.json(objects.expand(found, strList((await stripeParams(c)).expand)));
    });
  }

  app.post('/v1/customers', async (c) => {
    const p = await stripeParams(c);
    const customer = objects.createCustomer({
      email: str(p.email),
      name: str(p.name),
      metadata: metadataOf(p.metadata),
    });
    store.save();
    return c.json(customer);
  });

  app.get('/v1/customers', async (c) => {
    const p = await stripeParams(c);
    const email = str(p.email);
    const data = Object.values(state.customers).filter((x) => !email || x.email === email);
    return c.json(list('/v1/customers', newest(data, str(p.limit))));
  });

  app.get('/v1/prices', async (c) => {
    const p = await stripeParams(c);
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
    const p = await stripeParams(c);
    if (str(p.mode) !== 'subscription')
      throw invalidParam('The sandbox supports mode=subscription only.', 'mode');
    const lineItems = Array.isArray(p.line_items) ? (p.line_items as Obj[]) : [];
    if (lineItems.length !== 1) throw invalidParam('Exactly one line item is supported.', 'line_items');
    const price = objects.priceOrThrow(lineItems[0]!.price);
    const customerId = str(p.customer) ?? null;
    if (customerId && !state.customers[customerId])
      throw noSuch('customer', customerId, { status: 400, param: 'customer' });
    for (const field of ['success_url', 'cancel_url'] as const) {
      if (!str(p[field])) throw invalidParam(`Missing required param: ${field}.`, field, 'parameter_missing');
    }
    const id = store.newId('cs_test');
    const t = sec(store.now());
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
      metadata: metadataOf(p.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: str(p.success_url),
      url: `${store.baseUrl}/checkout/${id}`,
    };
    state.sessions[id] = session;
    const subscriptionData = p.subscription_data as Obj | undefined;
    state.internal[id] = { price: price.id, subscriptionMetadata: metadataOf(subscriptionData?.metadata) };
    store.save();
    return c.json(session);
  });

  app.get('/v1/checkout/sessions', async (c) => {
    const p = await stripeParams(c);
    const customer = str(p.customer);
    const status = str(p.status);
    const data = Object.values(state.sessions).filter(
      (x) => (!customer || x.customer === customer) && (!status || x.status === status),
    );
    return c.json(list('/v1/checkout/sessions', newest(data, str(p.limit))));
  });

  /** As Stripe: only an open session can be expired; it then refuses payment. */
  app.post('/v1/checkout/sessions/:id/expire', (c) => {
    const session = retrieve(state.sessions, 'checkout session', c.req.param('id'));
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in [open] can be expired. This session has a status of ${session.status}.`,
        'checkout_session_inactive',
      );
    Object.assign(session, { status: 'expired', expires_at: sec(store.now()) });
    store.save();
    return c.json(session);
  });

  app.post('/v1/subscriptions/:id', async (c) => {
    const sub = objects.subscriptionOrThrow(c.req.param('id'));
    const p = await stripeParams(c);
    if (sub.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const caused: SignedEvent[] = [];
    const items = Array.isArray(p.items) ? (p.items as Obj[]) : [];
    if (items.length > 0) {
      const first = items[0]!;
      if (first.id && first.id !== subscriptionItem(sub).id)
        throw noSuch('subscription item', first.id, { status: 400, param: 'items[0][id]' });
      const behavior = lifecycle.prorationBehaviorOf(p.proration_behavior);
      const at = lifecycle.prorationDateOf(sub, p.proration_date);
      caused.push(...lifecycle.changePrice(sub, objects.priceOrThrow(first.price), behavior, at));
    }
    const cancelAtPeriodEnd = str(p.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined)
      caused.push(lifecycle.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd === 'true'));
    store.save();
    events.deliverLater(caused);
    return c.json(objects.expand(sub, strList(p.expand)));
  });

  app.delete('/v1/subscriptions/:id', (c) => {
    events.deliverLater(lifecycle.cancelNow(c.req.param('id')));
    return c.json(state.subscriptions[c.req.param('id')]);
  });

  /** The sandbox previews subscription updates (items moved to another price) only. */
  app.post('/v1/invoices/create_preview', async (c) => {
    const p = await stripeParams(c);
    const subId = str(p.subscription);
    if (!subId)
      throw invalidParam(
        'The sandbox previews subscription updates only: pass subscription.',
        'subscription',
        'parameter_missing',
      );
    const sub = objects.subscriptionOrThrow(subId);
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription is canceled.');
    const details = (p.subscription_details ?? {}) as Obj;
    const items = Array.isArray(details.items) ? (details.items as Obj[]) : [];
    const it = subscriptionItem(sub);
    const first = items[0];
    if (first?.id && first.id !== it.id)
      throw noSuch('subscription item', first.id, {
        status: 400,
        param: 'subscription_details[items][0][id]',
      });
    const newPrice = first?.price ? objects.priceOrThrow(first.price) : it.price;
    const behavior = lifecycle.prorationBehaviorOf(details.proration_behavior);
    const at = lifecycle.prorationDateOf(sub, details.proration_date);
    return c.json(lifecycle.previewChange(sub, newPrice, behavior, at));
  });

  app.get('/v1/invoices', async (c) => {
    const p = await stripeParams(c);
    const customer = str(p.customer);
    const subscription = str(p.subscription);
    const data = Object.values(state.invoices)
      .filter(
        (x) =>
          (!customer || x.customer === customer) &&
          (!subscription || x.parent?.subscription_details?.subscription === subscription),
      )
      .sort((a, b) => b.created - a.created);
    return c.json(list('/v1/invoices', data));
  });

  app.post('/v1/billing_portal/sessions', async (c) => {
    const p = await stripeParams(c);
    const customer = str(p.customer);
    if (!customer || !state.customers[customer])
      throw noSuch('customer', customer, { status: 400, param: 'customer' });
    const id = store.newId('bps');
    const session = {
      id,
      object: 'billing_portal.session',
      created: sec(store.now()),
      customer,
      livemode: false,
      return_url: str(p.return_url) ?? null,
      url: `${store.baseUrl}/portal/${id}`,
    };
    state.portalSessions[id] = session;
    store.save();
    return c.json(session);
  });
}
