/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe-shaped JSON objects, kept loose on purpose. */
import { noSuch } from './stripe-errors';
import { sec, type Obj, type SandboxState, type SandboxStore } from './sandbox-store';

/** The one item of a sandbox subscription (the sandbox sells one price per subscription). */
export const subscriptionItem = (sub: Obj): Obj => sub.items.data[0];

const COLLECTIONS: Record<string, keyof SandboxState> = {
  cus: 'customers',
  pm: 'paymentMethods',
  in: 'invoices',
  sub: 'subscriptions',
  price: 'prices',
  cs: 'sessions',
};

/** Finding, expanding and making the sandbox's customers, payment methods, prices and subscriptions. */
export function createStripeObjects(store: SandboxStore) {
  const { state, now, newId } = store;

  function lookup(id: string): Obj | null {
    const prefix = id.startsWith('cs_') ? 'cs' : id.split('_')[0]!;
    const collection = Object.hasOwn(COLLECTIONS, prefix) ? COLLECTIONS[prefix] : undefined;
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
        if (typeof node[key] === 'string') node[key] = structuredClone(lookup(node[key]) ?? node[key]);
        if (i < parts.length - 1) walk(node[key], i + 1);
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

  function subscriptionOrThrow(id: string): Obj {
    const sub = state.subscriptions[id];
    if (!sub) throw noSuch('subscription', id);
    return sub;
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

  /** The customer's newest subscription (the one the portal shows), or null. */
  const latestSubscriptionOf = (customerId: string): Obj | null =>
    Object.values(state.subscriptions)
      .filter((s) => s.customer === customerId)
      .sort((a, b) => b.created - a.created)[0] ?? null;

  return {
    expand,
    priceOrThrow,
    subscriptionOrThrow,
    createCustomer,
    createCardPaymentMethod,
    latestSubscriptionOf,
  };
}

export type StripeObjects = ReturnType<typeof createStripeObjects>;
