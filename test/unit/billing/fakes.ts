import type { BillingHistoryEntry } from '../../../shared/billing';
import type {
  BillingEvent,
  CheckoutSessionSnapshot,
  BillingStore,
  CommitResult,
  CustomerLink,
  EventCommit,
  GuestPurchase,
  InvoiceSnapshot,
  PaymentsGateway,
  SubscriptionSnapshot,
  VersionedSubscription,
} from '../../../lambdas/core/billing/billing.ports';
import type { Subscription } from '../../../shared/subscription';
import { guestOwnerId } from '../../../lambdas/core/billing/subscription-record';

/**
 * In-memory fakes of the billing ports for the unit level only. `commitEvent` keeps the contract of
 * the DynamoDB transaction: all or nothing, receipt-once, optimistic version check.
 */
export class MemoryBillingStore implements BillingStore {
  receipts = new Map<string, { expiresAt: number }>();
  customers = new Map<string, CustomerLink>();
  accountCustomers = new Map<string, string>();
  subscriptions = new Map<string, VersionedSubscription>();
  owners = new Map<string, string>();
  history = new Map<string, Map<string, BillingHistoryEntry>>();
  commits = 0;
  failNextCommit: Error | null = null;

  async hasReceipt(eventId: string, now: Date) {
    const r = this.receipts.get(eventId);
    return !!r && r.expiresAt > now.getTime();
  }
  async getCustomer(id: string) {
    return this.customers.get(id) ?? null;
  }
  async getSubscriptionForSync(ownerId: string) {
    return structuredClone(this.subscriptions.get(ownerId) ?? null);
  }
  async getCustomerIdForUser(userId: string) {
    return this.accountCustomers.get(userId) ?? null;
  }
  async saveAccountCustomer(link: { userId: string; customerId: string; email: string }) {
    const existing = this.accountCustomers.get(link.userId);
    if (existing) return existing;
    this.accountCustomers.set(link.userId, link.customerId);
    this.customers.set(link.customerId, { ...link });
    return link.customerId;
  }
  async commitEvent(commit: EventCommit): Promise<CommitResult> {
    if (this.failNextCommit) {
      const err = this.failNextCommit;
      this.failNextCommit = null;
      throw err;
    }
    const receivedAt = new Date(commit.receipt.receivedAt).getTime();
    const receipt = this.receipts.get(commit.receipt.eventId);
    if (receipt && receipt.expiresAt > receivedAt) return 'duplicate';
    if (commit.customer?.isNew && this.customers.has(commit.customer.link.customerId)) return 'conflict';
    if (
      commit.customer &&
      !commit.customer.isNew &&
      this.customers.get(commit.customer.link.customerId)?.userId
    )
      return 'conflict';
    if (commit.subscription) {
      const current = this.subscriptions.get(commit.ownerId);
      if ((current?.version ?? null) !== commit.subscription.expectedVersion) return 'conflict';
    }
    // All checks passed: apply every change.
    this.commits++;
    this.receipts.set(commit.receipt.eventId, { expiresAt: new Date(commit.receipt.expiresAt).getTime() });
    if (commit.customer?.isNew)
      this.customers.set(commit.customer.link.customerId, { ...commit.customer.link });
    if (commit.subscription) {
      this.subscriptions.set(commit.ownerId, {
        record: structuredClone(commit.subscription.record),
        version: (commit.subscription.expectedVersion ?? 0) + 1,
      });
    }
    if (commit.subscriptionIdToMap) this.owners.set(commit.subscriptionIdToMap, commit.ownerId);
    if (commit.billingEntry) {
      const entries = this.history.get(commit.ownerId) ?? new Map();
      entries.set(commit.billingEntry.id, { ...commit.billingEntry });
      this.history.set(commit.ownerId, entries);
    }
    return 'committed';
  }
  async getSubscriptionOwner(id: string) {
    return this.owners.get(id) ?? null;
  }
  async listBillingHistory(ownerId: string) {
    return [...(this.history.get(ownerId)?.values() ?? [])];
  }
  async findUnlinkedGuestPurchases(email: string): Promise<GuestPurchase[]> {
    return [...this.customers.values()]
      .filter((c) => c.email === email && !c.userId)
      .map((c) => ({
        ...c,
        subscription: structuredClone(this.subscriptions.get(guestOwnerId(c.customerId)) ?? null),
      }));
  }
  async linkGuestPurchase(input: Parameters<BillingStore['linkGuestPurchase']>[0]) {
    const customer = this.customers.get(input.guest.customerId);
    if (customer?.userId) return 'already-linked' as const;
    const guestOwner = guestOwnerId(input.guest.customerId);
    if ((this.subscriptions.get(guestOwner)?.version ?? null) !== (input.guest.subscription?.version ?? null))
      return 'conflict' as const;
    if (
      input.target &&
      (this.subscriptions.get(input.userId)?.version ?? null) !== input.target.expectedVersion
    )
      return 'conflict' as const;
    this.customers.set(input.guest.customerId, { ...customer!, userId: input.userId });
    if (input.target)
      this.subscriptions.set(input.userId, {
        record: input.target.record,
        version: (input.target.expectedVersion ?? 0) + 1,
      });
    if (input.guest.subscription?.record.id)
      this.owners.set(input.guest.subscription.record.id, input.userId);
    const entries = this.history.get(input.userId) ?? new Map();
    for (const e of input.history) entries.set(e.id, e);
    this.history.set(input.userId, entries);
    if (input.setAccountCustomer) this.accountCustomers.set(input.userId, input.guest.customerId);
    return 'linked' as const;
  }
}

/** Stripe as a map of current objects; tests mutate it to play Stripe's side. */
export class FakeGateway implements PaymentsGateway {
  subscriptions = new Map<string, SubscriptionSnapshot>();
  invoices = new Map<string, InvoiceSnapshot>();
  failRetrieveSubscription: Error | null = null;
  calls: string[] = [];
  customersCreated = 0;

  async priceIdFor(key: string) {
    return `price_${key}`;
  }
  async findOrCreateCustomer() {
    this.customersCreated++;
    return `cus_new_${this.customersCreated}`;
  }
  /** Checkout sessions by id, with the idempotency key that created them (Stripe replays by key). */
  sessions = new Map<
    string,
    { customerId: string | null; key: string; status: 'open' | 'expired' | 'complete' }
  >();
  canceled = new Set<string>();
  failCancel: Error | null = null;

  async createCheckoutSession(input: { idempotencyKey: string; customerId: string | null }) {
    this.calls.push(`checkout:${input.idempotencyKey}`);
    let id = [...this.sessions].find(([, s]) => s.key === input.idempotencyKey)?.[0];
    if (!id) {
      id = `cs_test_${this.sessions.size + 1}`;
      this.sessions.set(id, { customerId: input.customerId, key: input.idempotencyKey, status: 'open' });
    }
    return {
      sessionId: id,
      url: `http://sandbox/checkout/${id}`,
      open: this.sessions.get(id)!.status === 'open',
    };
  }
  async listOpenCheckoutSessions(customerId: string) {
    return [...this.sessions]
      .filter(([, s]) => s.customerId === customerId && s.status === 'open')
      .map(([id]) => id);
  }
  /** What retrieveCheckoutSession answers, by session id (tests set the paid state they need). */
  checkoutSnapshots = new Map<string, CheckoutSessionSnapshot>();
  async retrieveCheckoutSession(id: string) {
    return this.checkoutSnapshots.get(id) ?? null;
  }
  async expireCheckoutSession(id: string) {
    this.calls.push(`expire:${id}`);
    const session = this.sessions.get(id);
    if (session?.status === 'open') session.status = 'expired';
  }
  async cancelSubscription(id: string) {
    this.calls.push(`cancel:${id}`);
    if (this.failCancel) throw this.failCancel;
    this.canceled.add(id);
    const sub = this.subscriptions.get(id);
    if (sub && sub.status !== 'canceled')
      this.subscriptions.set(id, { ...sub, status: 'canceled', endedAt: sub.created });
  }
  async createPortalSession() {
    return { url: 'http://sandbox/portal/bps_1' };
  }
  changes: { subscriptionId: string; priceId: string; prorationDate?: number }[] = [];
  async changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; prorationDate?: number }) {
    this.calls.push(`change:${input.subscriptionId}:${input.priceId}`);
    this.changes.push({
      subscriptionId: input.subscriptionId,
      priceId: input.priceId,
      prorationDate: input.prorationDate,
    });
  }
  async previewPriceChange(input: { subscriptionId: string; priceId: string }) {
    this.calls.push(`preview:${input.subscriptionId}:${input.priceId}`);
    return {
      amountDue: 1500,
      total: 1500,
      currency: 'usd',
      prorationDate: Math.floor(Date.parse(T0) / 1000),
      lines: [
        {
          description: 'Unused time on Raincheck Basic after 22 Nov 2026',
          amount: -1500,
          proration: true,
          periodStart: T0,
          periodEnd: '2026-12-22T12:00:00.000Z',
        },
        {
          description: 'Remaining time on Raincheck Premium after 22 Nov 2026',
          amount: 3000,
          proration: true,
          periodStart: T0,
          periodEnd: '2026-12-22T12:00:00.000Z',
        },
      ],
      nextBillingDate: '2026-12-22T12:00:00.000Z',
    };
  }
  async setCancelAtPeriodEnd(input: { subscriptionId: string; cancelAtPeriodEnd: boolean }) {
    this.calls.push(`${input.cancelAtPeriodEnd ? 'cancelAtPeriodEnd' : 'resume'}:${input.subscriptionId}`);
  }
  async retrieveSubscription(id: string) {
    this.calls.push(`retrieveSubscription:${id}`);
    if (this.failRetrieveSubscription) throw this.failRetrieveSubscription;
    return structuredClone(this.subscriptions.get(id) ?? null);
  }
  async retrieveInvoice(id: string) {
    this.calls.push(`retrieveInvoice:${id}`);
    return structuredClone(this.invoices.get(id) ?? null);
  }
}

export const T0 = '2026-11-22T12:00:00.000Z';

/** A mailer that keeps what it was asked to send. */
export class MemoryMailer {
  sent: { to: string[]; subject: string; text: string; html?: string }[] = [];
  fail: Error | null = null;
  async send(email: { to: string[]; subject: string; text: string; html?: string }) {
    if (this.fail) throw this.fail;
    this.sent.push(email);
    return { messageId: `m${this.sent.length}` };
  }
}

/** The Stripe customer every snapshot belongs to unless a test says otherwise. */
const ALICE_AS_CUSTOMER = { customerId: 'cus_1', customerEmail: 'alice@example.com' };

export function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: 'sub_1',
    ...ALICE_AS_CUSTOMER,
    customerUserId: 'alice',
    metadataUserId: 'alice',
    status: 'active',
    priceId: 'price_raincheck_basic_monthly',
    priceLookupKey: 'raincheck_basic_monthly',
    priceInterval: 'month',
    created: T0,
    startDate: T0,
    currentPeriodStart: T0,
    currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    trialEnd: null,
    cancelAt: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    ...overrides,
  };
}

export function invoice(overrides: Partial<InvoiceSnapshot> = {}): InvoiceSnapshot {
  return {
    id: 'in_1',
    ...ALICE_AS_CUSTOMER,
    subscriptionId: 'sub_1',
    number: 'RC-0001',
    status: 'paid',
    amountCents: 2999,
    currency: 'usd',
    description: '1 × Raincheck Basic (at $29.99 / month)',
    created: T0,
    paidAt: T0,
    hostedInvoiceUrl: 'http://sandbox/invoices/in_1',
    lines: [
      {
        description: '1 × Raincheck Basic (at $29.99 / month)',
        amount: 2999,
        proration: false,
        periodStart: T0,
        periodEnd: '2026-12-22T12:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/**
 * What the billing use-cases take: this store, a fresh gateway, an account whose subscription is
 * `subscription` (no profile), the clock at T0 and the local app origin.
 */
export function billingDeps(subscription: Subscription | null, store = new MemoryBillingStore()) {
  return {
    store,
    gateway: new FakeGateway(),
    accounts: {
      getProfile: async () => null,
      putProfile: async () => undefined,
      getSubscription: async () => subscription,
    },
    clock: { now: () => new Date(T0) },
    appOrigin: 'http://localhost:3000',
  };
}

/** Alice's completed subscription checkout (cs_1 → sub_1 of cus_1), the first event of a purchase. */
/** A Stripe subscription event for alice's subscription sub_1. */
export function subscriptionEvent(
  id: string,
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
): BillingEvent {
  return { id, type, created: T0, subscriptionId: 'sub_1', customerId: 'cus_1' };
}

/** A Stripe invoice event for an invoice (in_1 unless named) of alice's subscription sub_1. */
export function invoiceEvent(
  id: string,
  type: 'invoice.paid' | 'invoice.payment_failed',
  invoiceId = 'in_1',
): BillingEvent {
  return { id, type, created: T0, invoiceId, subscriptionId: 'sub_1', customerId: 'cus_1' };
}

export function checkoutCompleted(id: string): BillingEvent {
  return {
    id,
    type: 'checkout.session.completed',
    created: T0,
    sessionId: 'cs_1',
    mode: 'subscription',
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    clientReferenceId: 'alice',
    metadataUserId: 'alice',
    email: 'alice@example.com',
  };
}
