import type { EntityItem } from 'electrodb';
import type { BillingHistoryEntry } from '../../../shared/billing';
import { PLANS } from '../../../shared/plans';
import type { Subscription } from '../../../shared/subscription';
import type {
  BillingStore,
  CommitResult,
  CustomerLink,
  EventCommit,
  GuestPurchase,
  VersionedSubscription,
} from '../../core/billing/billing.ports';
import { guestOwnerId } from '../../core/billing/subscription-record';
import { pickFields } from '../../../shared/pick-fields';
import type { RaincheckService } from './service';

/** DynamoDB rejects a transaction of more than 100 items; a guest purchase has a handful. */
const MAX_LINKED_ENTRIES = 90;

type SubscriptionItem = EntityItem<RaincheckService['entities']['subscription']>;

/** What ElectroDB reports per item of a canceled transaction. */
type TxOutcome = { rejected: boolean; code: string }[];

/**
 * The record's (spec §3) optional strings and the item attribute each is kept in: null in the
 * record, absent from the item.
 */
const OPTIONAL_FIELDS = [
  ['id', 'id'],
  ['price_id', 'priceId'],
  ['customer_id', 'customerId'],
  ['start_date', 'startDate'],
  ['end_date', 'endDate'],
  ['trial_end', 'trialEnd'],
  ['next_billing_date', 'nextBillingDate'],
  ['cancellation_date', 'cancellationDate'],
  ['currentPeriodEnd', 'currentPeriodEnd'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
] as const satisfies readonly (readonly [keyof Subscription, keyof SubscriptionItem])[];
type OptionalField = (typeof OPTIONAL_FIELDS)[number][0];
type OptionalAttribute = (typeof OPTIONAL_FIELDS)[number][1];

/** The stored item as the spec §3 record; features always come from the plan table. */
export function toSubscription(data: SubscriptionItem): Subscription {
  const pm = data.paymentMethod;
  const optional = Object.fromEntries(
    OPTIONAL_FIELDS.map(([field, attribute]) => [field, data[attribute] ?? null]),
  ) as Record<OptionalField, string | null>;
  return {
    ...optional,
    user_id: data.userId,
    plan: data.plan,
    status: data.status,
    billing_cycle: data.billingCycle,
    payment_method:
      pm?.brand && pm.last4 && pm.expMonth && pm.expYear
        ? { brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear }
        : null,
    features: { ...PLANS[data.plan].features },
  };
}

function toSubscriptionItem(record: Subscription, ownerId: string, version: number) {
  const optional = Object.fromEntries(
    OPTIONAL_FIELDS.map(([field, attribute]) => [attribute, record[field] ?? undefined]),
  ) as Partial<Record<OptionalAttribute, string>>;
  return {
    ...optional,
    userId: ownerId,
    plan: record.plan,
    status: record.status,
    billingCycle: record.billing_cycle,
    paymentMethod: record.payment_method ?? undefined,
    syncVersion: version,
  };
}

/** What a billing history entry stores as it is. */
const ENTRY_FIELDS = ['date', 'description', 'amount', 'currency', 'status'] as const;

function toEntryItem(entry: BillingHistoryEntry & { paymentFailed?: true }, ownerId: string) {
  return {
    ownerId,
    paymentFailed: entry.paymentFailed,
    invoiceId: entry.id,
    ...pickFields(entry, ENTRY_FIELDS),
    invoiceNumber: entry.invoice ?? undefined,
    invoiceUrl: entry.invoiceUrl ?? undefined,
    lines: entry.lines?.map((l) => ({
      description: l.description,
      amount: l.amount,
      proration: l.proration,
      periodStart: l.periodStart ?? undefined,
      periodEnd: l.periodEnd ?? undefined,
    })),
  };
}

const epochSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export class DynamoBillingStore implements BillingStore {
  constructor(private readonly db: RaincheckService) {}

  async hasReceipt(eventId: string, now: Date): Promise<boolean> {
    const { data } = await this.db.entities.stripeEventReceipt.get({ eventId }).go({ consistent: true });
    return data !== null && data.expiresAt > Math.floor(now.getTime() / 1000);
  }

  async getCustomer(customerId: string): Promise<CustomerLink | null> {
    const { data } = await this.db.entities.billingCustomer.get({ customerId }).go({ consistent: true });
    return data ? { customerId: data.customerId, userId: data.userId ?? null, email: data.email } : null;
  }

  async getSubscriptionForSync(ownerId: string): Promise<VersionedSubscription | null> {
    const { data } = await this.db.entities.subscription.get({ userId: ownerId }).go({ consistent: true });
    return data ? { record: toSubscription(data), version: data.syncVersion ?? null } : null;
  }

  async getCustomerIdForUser(userId: string): Promise<string | null> {
    const { data } = await this.db.entities.accountCustomer.get({ userId }).go({ consistent: true });
    return data?.customerId ?? null;
  }

  async saveAccountCustomer(link: { userId: string; customerId: string; email: string }): Promise<string> {
    const now = new Date().toISOString();
    const result = await this.db.transaction
      .write(({ accountCustomer, billingCustomer }) => [
        accountCustomer.create({ userId: link.userId, customerId: link.customerId, createdAt: now }).commit(),
        billingCustomer
          .put({
            customerId: link.customerId,
            userId: link.userId,
            email: link.email,
            createdAt: now,
            linkedAt: now,
          })
          .commit(),
      ])
      .go();
    if (!result.canceled) return link.customerId;
    const data = result.data as unknown as TxOutcome;
    if (data[0]?.code === 'ConditionalCheckFailed') {
      const winner = await this.getCustomerIdForUser(link.userId);
      if (winner) return winner;
    }
    throw new Error(`Could not record the customer of ${link.userId}: ${JSON.stringify(data)}`);
  }

  async commitEvent(commit: EventCommit): Promise<CommitResult> {
    const nowSeconds = Math.floor(new Date(commit.receipt.receivedAt).getTime() / 1000);
    const result = await this.db.transaction
      .write(({ stripeEventReceipt, billingCustomer, subscription, subscriptionOwner, billingEntry }) => {
        const ops: unknown[] = [
          // A receipt that exists and has not expired refuses the whole transaction: applied once.
          stripeEventReceipt
            .put({
              eventId: commit.receipt.eventId,
              type: commit.receipt.type,
              receivedAt: commit.receipt.receivedAt,
              expiresAt: epochSeconds(commit.receipt.expiresAt),
            })
            .where((a, op) => `${op.notExists(a.eventId)} OR ${op.lte(a.expiresAt, nowSeconds)}`)
            .commit(),
        ];
        if (commit.customer?.isNew) {
          const link = commit.customer.link;
          ops.push(
            billingCustomer
              .create({
                customerId: link.customerId,
                email: link.email,
                userId: link.userId ?? undefined,
                createdAt: commit.receipt.receivedAt,
                linkedAt: link.userId ? commit.receipt.receivedAt : undefined,
              })
              .commit(),
          );
        } else if (commit.customer) {
          ops.push(
            billingCustomer
              .check({ customerId: commit.customer.link.customerId })
              .where((a, op) => `${op.exists(a.customerId)} AND ${op.notExists(a.userId)}`)
              .commit(),
          );
        }
        if (commit.subscription) {
          const expected = commit.subscription.expectedVersion;
          ops.push(
            subscription
              .put(toSubscriptionItem(commit.subscription.record, commit.ownerId, (expected ?? 0) + 1))
              .where((a, op) =>
                expected === null ? op.notExists(a.syncVersion) : op.eq(a.syncVersion, expected),
              )
              .commit(),
          );
        }
        if (commit.subscriptionIdToMap) {
          ops.push(
            subscriptionOwner
              .put({ subscriptionId: commit.subscriptionIdToMap, ownerId: commit.ownerId })
              .commit(),
          );
        }
        if (commit.billingEntry) {
          ops.push(billingEntry.put(toEntryItem(commit.billingEntry, commit.ownerId)).commit());
        }
        return ops as [];
      })
      .go();
    if (!result.canceled) return 'committed';
    const data = result.data as unknown as TxOutcome;
    if (data[0]?.code === 'ConditionalCheckFailed') return 'duplicate';
    return 'conflict';
  }

  async getSubscriptionOwner(subscriptionId: string): Promise<string | null> {
    const { data } = await this.db.entities.subscriptionOwner
      .get({ subscriptionId })
      .go({ consistent: true });
    return data?.ownerId ?? null;
  }

  async listBillingHistory(ownerId: string): Promise<BillingHistoryEntry[]> {
    const { data } = await this.db.entities.billingEntry.query.byOwner({ ownerId }).go({ pages: 'all' });
    return data.map((d) => ({
      id: d.invoiceId,
      ...pickFields(d, ENTRY_FIELDS),
      invoice: d.invoiceNumber ?? null,
      invoiceUrl: d.invoiceUrl ?? null,
      ...(d.lines
        ? {
            lines: d.lines.map((l) => ({
              description: l.description,
              amount: l.amount,
              proration: l.proration,
              periodStart: l.periodStart ?? null,
              periodEnd: l.periodEnd ?? null,
            })),
          }
        : {}),
    }));
  }

  async findUnlinkedGuestPurchases(email: string): Promise<GuestPurchase[]> {
    const { data } = await this.db.entities.billingCustomer.query
      .byEmail({ email: email.toLowerCase() })
      .go({ pages: 'all' });
    const guests = data.filter((c) => !c.userId);
    return Promise.all(
      guests.map(async (c) => ({
        customerId: c.customerId,
        userId: null,
        email: c.email,
        subscription: await this.getSubscriptionForSync(guestOwnerId(c.customerId)),
      })),
    );
  }

  async linkGuestPurchase(
    input: Parameters<BillingStore['linkGuestPurchase']>[0],
  ): Promise<'linked' | 'already-linked' | 'conflict'> {
    const { guest, userId, target } = input;
    const now = new Date().toISOString();
    const guestOwner = guestOwnerId(guest.customerId);
    const { canceled } = await this.db.transaction
      .write(({ billingCustomer, subscription, subscriptionOwner, billingEntry, accountCustomer }) => {
        const ops: unknown[] = [
          billingCustomer
            .patch({ customerId: guest.customerId })
            .set({ userId, linkedAt: now })
            .where((a, op) => op.notExists(a.userId))
            .commit(),
        ];
        // The guest's record must be exactly what was read (a webhook may be writing it).
        const guestVersion = guest.subscription?.version ?? null;
        ops.push(
          subscription
            .check({ userId: guestOwner })
            .where((a, op) =>
              guest.subscription === null
                ? op.notExists(a.userId)
                : guestVersion === null
                  ? op.notExists(a.syncVersion)
                  : op.eq(a.syncVersion, guestVersion),
            )
            .commit(),
        );
        if (target) {
          const expected = target.expectedVersion;
          ops.push(
            subscription
              .put(toSubscriptionItem(target.record, userId, (expected ?? 0) + 1))
              .where((a, op) =>
                expected === null ? op.notExists(a.syncVersion) : op.eq(a.syncVersion, expected),
              )
              .commit(),
          );
        }
        if (guest.subscription?.record.id) {
          ops.push(
            subscriptionOwner.put({ subscriptionId: guest.subscription.record.id, ownerId: userId }).commit(),
          );
        }
        for (const entry of input.history.slice(0, MAX_LINKED_ENTRIES)) {
          ops.push(billingEntry.put(toEntryItem(entry, userId)).commit());
        }
        if (input.setAccountCustomer) {
          ops.push(accountCustomer.create({ userId, customerId: guest.customerId, createdAt: now }).commit());
        }
        return ops as [];
      })
      .go();
    if (!canceled) return 'linked';
    const customer = await this.getCustomer(guest.customerId);
    return customer?.userId ? 'already-linked' : 'conflict';
  }
}
