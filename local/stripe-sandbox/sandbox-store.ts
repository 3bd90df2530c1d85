/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe-shaped JSON objects, kept loose on purpose. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_CATALOGUE } from '../../shared/billing';

/** A Stripe-shaped object as the sandbox keeps and answers it. */
export type Obj = Record<string, any>;

export interface SandboxState {
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

/** What every part of the sandbox shares: its state, its clock, its ids and its address. */
export interface SandboxStore {
  state: SandboxState;
  now: () => Date;
  /** Writes the state to its file (a no-op when the sandbox lives in memory). */
  save(): void;
  newId(prefix: string): string;
  /** `http://localhost:PORT` once listening (links in sessions and invoices point here). */
  baseUrl: string;
}

/** Unix seconds, as Stripe writes every timestamp. */
export const sec = (d: Date) => Math.floor(d.getTime() / 1000);

export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return sec(d);
}

/**
 * A collection keyed by ids that come from requests: no prototype, so an id such as `toString` or
 * `__proto__` finds nothing (Stripe answers 404) instead of an inherited function.
 */
function byId<T>(entries: Record<string, T> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

function emptyState(loaded: Partial<SandboxState> = {}): SandboxState {
  return {
    seq: loaded.seq ?? 0,
    invoiceCounter: loaded.invoiceCounter ?? 0,
    customers: byId(loaded.customers),
    prices: byId(loaded.prices),
    sessions: byId(loaded.sessions),
    subscriptions: byId(loaded.subscriptions),
    invoices: byId(loaded.invoices),
    paymentMethods: byId(loaded.paymentMethods),
    portalSessions: byId(loaded.portalSessions),
    internal: byId(loaded.internal),
    idempotency: byId(loaded.idempotency),
    events: loaded.events ?? [],
  };
}

/** The state kept in `statePath` across restarts (memory only when null), with the plan table's prices. */
export function createSandboxStore(statePath: string | null, now: () => Date): SandboxStore {
  let state = emptyState();
  if (statePath && fs.existsSync(statePath)) {
    state = emptyState(JSON.parse(fs.readFileSync(statePath, 'utf8')) as Partial<SandboxState>);
  }
  const store: SandboxStore = {
    state,
    now,
    baseUrl: '',
    save: () => {
      if (!statePath) return;
      fs.mkdirSync(path.dirname(statePath), { recursive: true });
      fs.writeFileSync(statePath, JSON.stringify(state));
    },
    newId: (prefix) => `${prefix}_${randomBytes(10).toString('hex')}${(++state.seq).toString(36)}`,
  };
  seedPrices(state, sec(now()));
  return store;
}

/** Prices come from the plan table, one per plan × cycle, with Raincheck's lookup keys. */
function seedPrices(state: SandboxState, created: number): void {
  for (const entry of PRICE_CATALOGUE) {
    const id = `price_${entry.lookupKey}`;
    state.prices[id] ??= {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created,
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
}
