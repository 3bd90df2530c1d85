import type { BillingHistoryEntry, InvoiceLine, PlanChangePreview } from '../../../shared/billing';
import type { PaymentMethod, Subscription } from '../../../shared/subscription';

/**
 * Ports of the billing use-cases. The Stripe adapter and the DynamoDB adapter implement them; the
 * core never sees a Stripe or DynamoDB type. Dates are UTC ISO-8601 strings, money integer cents.
 */

/** A Stripe subscription as read back from Stripe (the source of truth), reduced to what we keep. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The customer's email and metadata.userId, when Stripe returned the customer expanded. */
  customerEmail: string | null;
  customerUserId: string | null;
  /** metadata.userId set on the subscription at checkout (signed-in purchases only). */
  metadataUserId: string | null;
  status: string;
  priceId: string | null;
  priceLookupKey: string | null;
  priceInterval: 'month' | 'year' | null;
  created: string;
  startDate: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAt: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  endedAt: string | null;
  paymentMethod: PaymentMethod | null;
}

export interface InvoiceSnapshot {
  id: string;
  customerId: string;
  customerEmail: string | null;
  subscriptionId: string | null;
  number: string | null;
  status: string;
  /** Paid amount when paid, otherwise the amount due, in cents. */
  amountCents: number;
  currency: string;
  description: string;
  created: string;
  paidAt: string | null;
  hostedInvoiceUrl: string | null;
  /** The invoice's lines as Stripe lists them (credits negative). */
  lines: InvoiceLine[];
}

/** A verified Stripe event, normalised by the adapter. Unknown types arrive as `ignored`. */
export type BillingEvent =
  | {
      id: string;
      type: 'checkout.session.completed';
      created: string;
      sessionId: string;
      mode: string;
      customerId: string | null;
      subscriptionId: string | null;
      clientReferenceId: string | null;
      metadataUserId: string | null;
      email: string | null;
    }
  | {
      id: string;
      type:
        'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
      created: string;
      subscriptionId: string;
      customerId: string;
    }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      created: string;
      invoiceId: string;
      subscriptionId: string | null;
      customerId: string;
    }
  | { id: string; type: 'ignored'; stripeType: string; created: string };

export interface CheckoutSessionInput {
  priceId: string;
  /** Signed-in purchase: the account's customer and the verified `sub`. Guest: both null. */
  customerId: string | null;
  userId: string | null;
  plan: string;
  billingCycle: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** What the register page may learn of a checkout from the id Stripe put in the success URL. */
export interface CheckoutSessionSnapshot {
  id: string;
  /** Stripe's `status` (open, complete, expired) and `payment_status` (paid, unpaid, no_payment_required). */
  status: string;
  paymentStatus: string;
  /** Started signed out (our metadata `guest`), so no account is bound to it yet. */
  guest: boolean;
  /** The email typed on Stripe's page (customer_details.email), lower-cased. */
  email: string | null;
  created: string;
}

/** The payment provider (Stripe). Every write carries an idempotency key. */
export interface PaymentsGateway {
  /** The price id for a lookup key such as `raincheck_basic_monthly`. */
  priceIdFor(lookupKey: string): Promise<string>;
  /** The account's customer at Stripe: found by email + metadata.userId, else created (idempotently). */
  findOrCreateCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>;
  /**
   * Creates the session, or returns the one Stripe replays for the same idempotency key. `open` is
   * false when that replayed session can no longer be paid (expired or completed since).
   */
  createCheckoutSession(
    input: CheckoutSessionInput,
  ): Promise<{ sessionId: string; url: string; open: boolean }>;
  /** Ids of the customer's checkout sessions that can still be paid (Stripe status `open`). */
  listOpenCheckoutSessions(customerId: string): Promise<string[]>;
  /** A checkout session as Stripe reports it now, or null when Stripe knows no such session. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null>;
  /** Expires an open session so it can no longer be paid; a session that is no longer open is left as is. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Cancels the subscription now (Stripe's defaults for proration and refunds). Canceling a
   * subscription that is already canceled, or unknown to Stripe, is a no-op.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Moves the subscription's single item to another price, prorating, and invoices the proration at
   * once (credit for unused time, charge for the new price). `prorationDate` (unix seconds) makes the
   * invoice equal the preview shown for that time.
   */
  changeSubscriptionPrice(input: {
    subscriptionId: string;
    priceId: string;
    idempotencyKey: string;
    prorationDate?: number;
  }): Promise<void>;
  /** Stripe's upcoming-invoice preview of `changeSubscriptionPrice` for the same target, now. */
  previewPriceChange(input: { subscriptionId: string; priceId: string }): Promise<PlanChangePreview>;
  /** Sets or clears cancel_at_period_end; Stripe's webhook then updates the record. */
  setCancelAtPeriodEnd(input: {
    subscriptionId: string;
    cancelAtPeriodEnd: boolean;
    idempotencyKey: string;
  }): Promise<void>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  retrieveInvoice(id: string): Promise<InvoiceSnapshot | null>;
}

/** Who a Stripe customer belongs to. `userId` null: a guest purchase waiting for its account. */
export interface CustomerLink {
  customerId: string;
  userId: string | null;
  email: string;
}

/** Everything one event changes, written in ONE transaction together with its receipt. */
export interface EventCommit {
  receipt: { eventId: string; type: string; receivedAt: string; expiresAt: string };
  /** The owner of the records: the account's `sub`, or `guest_<customerId>` until linked. */
  ownerId: string;
  /** Customer link to create (new) or to check is still unlinked (guest owner). */
  customer: { link: CustomerLink; isNew: boolean } | null;
  /**
   * The record to write, guarded by optimistic concurrency: it is written only if the stored record's
   * version still equals `expectedVersion` (null: no versioned record yet). Any concurrent write makes
   * the commit a `conflict`, and the event is applied again from a fresh read of Stripe.
   */
  subscription: { record: Subscription; expectedVersion: number | null } | null;
  /** Subscription id to map to `ownerId` (for plan changes and ownership checks). */
  subscriptionIdToMap: string | null;
  /** `paymentFailed`: a payment attempt on this unpaid invoice failed (Stripe leaves it `open`). */
  billingEntry: (BillingHistoryEntry & { paymentFailed?: true }) | null;
}

export interface VersionedSubscription {
  record: Subscription;
  /** Null for a record written without a version (before billing existed). */
  version: number | null;
}

export type CommitResult = 'committed' | 'duplicate' | 'conflict';

export type GuestPurchase = CustomerLink & { subscription: VersionedSubscription | null };

export interface BillingStore {
  /** A receipt that exists and has not expired (expired ones are filtered out, never trusted to TTL). */
  hasReceipt(eventId: string, now: Date): Promise<boolean>;
  getCustomer(customerId: string): Promise<CustomerLink | null>;
  getSubscriptionForSync(ownerId: string): Promise<VersionedSubscription | null>;
  getCustomerIdForUser(userId: string): Promise<string | null>;
  /** Records the account's customer once; returns the customer that won (an earlier one if any). */
  saveAccountCustomer(link: { userId: string; customerId: string; email: string }): Promise<string>;
  commitEvent(commit: EventCommit): Promise<CommitResult>;
  /** The owner of a subscription id, or null when unknown. */
  getSubscriptionOwner(subscriptionId: string): Promise<string | null>;
  listBillingHistory(ownerId: string): Promise<BillingHistoryEntry[]>;
  /** Guest purchases held by this email and not linked to any account yet. */
  findUnlinkedGuestPurchases(email: string): Promise<GuestPurchase[]>;
  /**
   * Moves a guest purchase to the account in one transaction, only if the customer is still unlinked
   * and the guest record has not changed since it was read. `conflict` means: read again and retry.
   */
  linkGuestPurchase(input: {
    guest: GuestPurchase;
    userId: string;
    /** The account's current record (moved guest record replaces it only when given). */
    target: { record: Subscription; expectedVersion: number | null } | null;
    history: BillingHistoryEntry[];
    /** Make the guest's customer the account's customer (when the account has none yet). */
    setAccountCustomer: boolean;
  }): Promise<'linked' | 'already-linked' | 'conflict'>;
}
