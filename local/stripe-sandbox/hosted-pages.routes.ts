import type { Context, Hono } from 'hono';
import { checkoutPage, invoicePage, portalPage } from './pages';
import type { Obj, SandboxStore } from './sandbox-store';
import { StripeApiError } from './stripe-errors';
import type { StripeObjects } from './stripe-objects';
import type { CardInput, SubscriptionLifecycle } from './subscription-lifecycle';
import type { WebhookEvents } from './webhook-events';

export interface HostedPagesDeps {
  store: SandboxStore;
  objects: StripeObjects;
  lifecycle: SubscriptionLifecycle;
  events: WebhookEvents;
}

/** The card fields of a page's form; the expiry is typed as one "MM / YY" field. */
function cardFromForm(form: Record<string, unknown>): CardInput {
  const [mm, yy] = String(form.expiry ?? '')
    .split('/')
    .map((x) => x.trim());
  return {
    cardNumber: String(form.cardNumber ?? ''),
    expMonth: Number(mm),
    expYear: Number(yy),
    cvc: String(form.cvc ?? ''),
  };
}

/**
 * The pages a customer sees in the browser, as Stripe hosts them: checkout (the pay form), the
 * invoice, and the billing portal (cancel at period end, resume, replace the card). Their forms are
 * what a customer submits, so they need none of the control routes' token.
 */
export function registerHostedPages(app: Hono, deps: HostedPagesDeps): void {
  const { store, objects, lifecycle, events } = deps;
  const { state } = store;

  const renderCheckout = (c: Context, session: Obj, error: string | null, status: 200 | 400 | 402 = 200) => {
    const price = state.prices[state.internal[session.id]?.price];
    return c.html(
      checkoutPage({ session, price: price ?? null, needsEmail: !session.customer, error }),
      status,
    );
  };

  app.get('/checkout/:id', (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown checkout session.</p>', 404);
    return renderCheckout(c, session, null);
  });

  app.post('/checkout/:id', async (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown checkout session.</p>', 404);
    const form = await c.req.parseBody();
    try {
      const paid = lifecycle.completeCheckout(session.id, {
        ...cardFromForm(form),
        email: String(form.email ?? ''),
      });
      await events.deliver(paid.events);
      return c.redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      return renderCheckout(c, session, err.message, err.status === 402 ? 402 : 400);
    }
  });

  app.get('/invoices/:id', (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice) return c.html('<p>Unknown invoice.</p>', 404);
    return c.html(invoicePage(invoice));
  });

  app.get('/portal/:id', (c) => {
    const session = state.portalSessions[c.req.param('id')];
    if (!session) return c.html('<p>Unknown portal session.</p>', 404);
    const sub = objects.latestSubscriptionOf(session.customer);
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
    const sub = objects.latestSubscriptionOf(session.customer);
    const back = (msg: string) => c.redirect(`/portal/${session.id}?msg=${encodeURIComponent(msg)}`, 303);
    if (!sub) return back('No subscription.');
    const action = c.req.param('action');
    if (action === 'cancel' || action === 'resume') {
      const cancel = action === 'cancel';
      events.deliverLater([lifecycle.setCancelAtPeriodEnd(sub, cancel)]);
      store.save();
      return back(
        cancel
          ? 'Your subscription will end at the end of the current period.'
          : 'Your subscription will renew.',
      );
    }
    if (action === 'card') {
      const card = lifecycle.validateCard(cardFromForm(await c.req.parseBody()));
      if (!card.ok) return back(card.message);
      const customer = state.customers[session.customer]!;
      const pm = objects.createCardPaymentMethod(session.customer, card, customer.email ?? null);
      customer.invoice_settings.default_payment_method = pm.id;
      const previous = { default_payment_method: sub.default_payment_method };
      sub.default_payment_method = pm.id;
      events.deliverLater([events.makeEvent('customer.subscription.updated', sub, previous)]);
      store.save();
      return back('Payment method updated.');
    }
    return back('Unknown action.');
  });
}
