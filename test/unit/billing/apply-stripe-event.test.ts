import fc from 'fast-check';
import { applyStripeEvent } from '../../../lambdas/core/billing/apply-stripe-event';
import type { BillingEvent } from '../../../lambdas/core/billing/billing.ports';
import { linkGuestPurchases } from '../../../lambdas/core/billing/link-guest-purchases';
import { guestOwnerId } from '../../../lambdas/core/billing/subscription-record';
import { PLANS } from '../../../shared/plans';
import {
  checkoutCompleted,
  FakeGateway,
  MemoryBillingStore,
  T0,
  invoice,
  invoiceEvent,
  snapshot,
  subscriptionEvent,
} from './fakes';

const clock = { now: () => new Date(T0) };

function setup() {
  const store = new MemoryBillingStore();
  const gateway = new FakeGateway();
  gateway.subscriptions.set('sub_1', snapshot());
  gateway.invoices.set('in_1', invoice());
  return { store, gateway, deps: { store, gateway, clock } };
}

const EVENTS: BillingEvent[] = [
  checkoutCompleted('evt_checkout'),
  subscriptionEvent('evt_created', 'customer.subscription.created'),
  subscriptionEvent('evt_updated', 'customer.subscription.updated'),
  invoiceEvent('evt_paid', 'invoice.paid'),
];

describe('applyStripeEvent', () => {
  it('should write every spec §3 field from Stripe when a checkout completes', async () => {
    const { store, deps } = setup();
    expect(await applyStripeEvent(EVENTS[0]!, deps)).toBe('applied');
    expect(store.subscriptions.get('alice')?.record).toEqual({
      id: 'sub_1',
      user_id: 'alice',
      plan: 'basic',
      status: 'active',
      billing_cycle: 'monthly',
      price_id: 'price_raincheck_basic_monthly',
      customer_id: 'cus_1',
      start_date: T0,
      end_date: null,
      trial_end: null,
      next_billing_date: '2026-12-22T12:00:00.000Z',
      cancellation_date: null,
      payment_method: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      features: PLANS.basic.features,
      created_at: T0,
      updated_at: T0,
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    });
    expect(store.owners.get('sub_1')).toBe('alice');
  });

  it('should apply once and report a duplicate when the same event comes again', async () => {
    const { store, deps } = setup();
    expect(await applyStripeEvent(EVENTS[3]!, deps)).toBe('applied');
    expect(await applyStripeEvent(EVENTS[3]!, deps)).toBe('duplicate');
    expect(store.commits).toBe(1);
    expect(await store.listBillingHistory('alice')).toHaveLength(1);
  });

  it('should apply again when the receipt has expired (expired receipts are filtered on read)', async () => {
    const { store, deps } = setup();
    await applyStripeEvent(EVENTS[3]!, deps);
    const later = { now: () => new Date(Date.parse(T0) + 6 * 24 * 3600 * 1000) };
    expect(await applyStripeEvent(EVENTS[3]!, { ...deps, clock: later })).toBe('applied');
    expect(store.commits).toBe(2);
  });

  it('should write nothing and throw when re-reading the subscription fails after the invoice was read', async () => {
    const { store, gateway, deps } = setup();
    gateway.failRetrieveSubscription = new Error('Stripe is down');
    await expect(applyStripeEvent(EVENTS[3]!, deps)).rejects.toThrow('Stripe is down');
    expect(gateway.calls).toEqual(['retrieveInvoice:in_1', 'retrieveSubscription:sub_1']);
    expect(store.commits).toBe(0);
    expect(store.receipts.size + store.subscriptions.size + store.history.size + store.customers.size).toBe(
      0,
    );
  });

  it('should write nothing and throw when the transaction fails, then apply on redelivery', async () => {
    const { store, deps } = setup();
    store.failNextCommit = new Error('TransactionCanceled');
    await expect(applyStripeEvent(EVENTS[3]!, deps)).rejects.toThrow('TransactionCanceled');
    expect(store.receipts.size + store.subscriptions.size + store.history.size).toBe(0);
    expect(await applyStripeEvent(EVENTS[3]!, deps)).toBe('applied');
    expect(store.subscriptions.get('alice')?.record.plan).toBe('basic');
  });

  it('should write what Stripe says now, not the event payload, when an old event arrives late', async () => {
    const { store, gateway, deps } = setup();
    gateway.subscriptions.set('sub_1', snapshot({ status: 'canceled', canceledAt: T0, endedAt: T0 }));
    await applyStripeEvent(EVENTS[1]!, deps); // "created" arrives after the cancellation
    expect(store.subscriptions.get('alice')?.record).toMatchObject({
      status: 'canceled',
      next_billing_date: null,
    });
  });

  it('should keep the live subscription when a late event for an older canceled one arrives', async () => {
    const { store, gateway, deps } = setup();
    gateway.subscriptions.set(
      'sub_2',
      snapshot({
        id: 'sub_2',
        created: '2026-11-23T00:00:00.000Z',
        priceLookupKey: 'raincheck_premium_monthly',
      }),
    );
    gateway.subscriptions.set('sub_1', snapshot({ status: 'canceled', endedAt: T0 }));
    await applyStripeEvent({ ...EVENTS[1]!, id: 'evt_new', subscriptionId: 'sub_2' } as BillingEvent, deps);
    await applyStripeEvent({ ...EVENTS[2]!, id: 'evt_old' } as BillingEvent, deps);
    expect(store.subscriptions.get('alice')?.record).toMatchObject({
      id: 'sub_2',
      plan: 'premium',
      status: 'active',
    });
  });

  describe('when a second live subscription arrives for one account', () => {
    const LATER = '2026-11-22T12:05:00.000Z';
    const created = (subscriptionId: string, id = `evt_created_${subscriptionId}`) =>
      ({ ...EVENTS[1]!, id, subscriptionId }) as BillingEvent;
    const deleted = (subscriptionId: string) =>
      ({
        ...EVENTS[1]!,
        id: `evt_deleted_${subscriptionId}`,
        type: 'customer.subscription.deleted',
        subscriptionId,
      }) as BillingEvent;

    function twoLive() {
      const s = setup();
      const warnings: { message: string; fields: Record<string, unknown> }[] = [];
      const deps = {
        ...s.deps,
        warn: (message: string, fields: Record<string, unknown>) => warnings.push({ message, fields }),
      };
      s.gateway.subscriptions.set(
        'sub_2',
        snapshot({ id: 'sub_2', created: LATER, priceLookupKey: 'raincheck_premium_monthly' }),
      );
      return { ...s, deps, warnings };
    }

    it('should keep the newer and cancel the older at Stripe when the newer lands second', async () => {
      const { store, gateway, deps, warnings } = twoLive();
      await applyStripeEvent(created('sub_1'), deps);
      expect(await applyStripeEvent(created('sub_2'), deps)).toBe('applied');
      expect(store.subscriptions.get('alice')?.record).toMatchObject({ id: 'sub_2', plan: 'premium' });
      expect(gateway.calls.filter((c) => c.startsWith('cancel:'))).toEqual(['cancel:sub_1']);
      expect(warnings).toEqual([
        expect.objectContaining({
          fields: expect.objectContaining({
            ownerId: 'alice',
            keptSubscriptionId: 'sub_2',
            canceledSubscriptionId: 'sub_1',
          }),
        }),
      ]);
    });

    it('should keep the newer and cancel the older at Stripe when the older lands second', async () => {
      const { store, gateway, deps } = twoLive();
      await applyStripeEvent(created('sub_2'), deps);
      await applyStripeEvent(created('sub_1'), deps);
      expect(store.subscriptions.get('alice')?.record).toMatchObject({ id: 'sub_2', status: 'active' });
      expect(store.owners.get('sub_1')).toBe('alice');
      expect(gateway.calls.filter((c) => c.startsWith('cancel:'))).toEqual(['cancel:sub_1']);
    });

    it("should keep the survivor when the canceled duplicate's deletion event arrives", async () => {
      const { store, gateway, deps } = twoLive();
      await applyStripeEvent(created('sub_1'), deps);
      await applyStripeEvent(created('sub_2'), deps);
      expect(await applyStripeEvent(deleted('sub_1'), deps)).toBe('applied');
      await applyStripeEvent(created('sub_1', 'evt_late_created_sub_1'), deps);
      expect(store.subscriptions.get('alice')?.record).toMatchObject({ id: 'sub_2', status: 'active' });
      expect(gateway.calls.filter((c) => c.startsWith('cancel:'))).toEqual(['cancel:sub_1']);
    });

    it('should cancel the same one when both were created in the same second, whatever the order', async () => {
      for (const order of [
        ['sub_1', 'sub_3'],
        ['sub_3', 'sub_1'],
      ]) {
        const { gateway, deps, store } = twoLive();
        gateway.subscriptions.set('sub_3', snapshot({ id: 'sub_3' }));
        for (const id of order) await applyStripeEvent(created(id), deps);
        for (const id of order) await applyStripeEvent(created(id, `evt_again_${id}`), deps);
        expect(gateway.calls.filter((c) => c.startsWith('cancel:'))).toEqual(['cancel:sub_1']);
        expect(store.subscriptions.get('alice')?.record.id).toBe('sub_3');
      }
    });

    it('should cancel nothing when the recorded subscription has already ended at Stripe', async () => {
      const { store, gateway, deps } = twoLive();
      await applyStripeEvent(created('sub_1'), deps);
      gateway.subscriptions.set('sub_1', snapshot({ status: 'canceled', endedAt: T0 }));
      await applyStripeEvent(created('sub_2'), deps);
      expect(store.subscriptions.get('alice')?.record.id).toBe('sub_2');
      expect(gateway.calls.filter((c) => c.startsWith('cancel:'))).toEqual([]);
    });

    it("should stay applied, warn, and cancel on the duplicate's next event when the cancel fails", async () => {
      const { store, gateway, deps, warnings } = twoLive();
      await applyStripeEvent(created('sub_1'), deps);
      gateway.failCancel = new Error('Stripe is down');
      expect(await applyStripeEvent(created('sub_2'), deps)).toBe('applied');
      expect(store.subscriptions.get('alice')?.record.id).toBe('sub_2');
      expect(warnings[0]?.fields).toMatchObject({
        canceledSubscriptionId: 'sub_1',
        error: expect.stringContaining('Stripe is down'),
      });
      gateway.failCancel = null;
      await applyStripeEvent({ ...EVENTS[3]!, id: 'evt_paid_sub_1' }, deps); // invoice.paid of sub_1
      expect(gateway.canceled).toEqual(new Set(['sub_1']));
      expect(store.subscriptions.get('alice')?.record.id).toBe('sub_2');
    });
  });

  it('should hold a guest purchase under the customer until an account with that verified email links it once', async () => {
    const { store, gateway, deps } = setup();
    gateway.subscriptions.set(
      'sub_1',
      snapshot({ customerUserId: null, metadataUserId: null, customerEmail: 'gus@example.com' }),
    );
    gateway.invoices.set('in_1', invoice({ customerEmail: 'gus@example.com' }));
    await applyStripeEvent(
      { ...EVENTS[0]!, clientReferenceId: null, metadataUserId: null } as BillingEvent,
      deps,
    );
    await applyStripeEvent(EVENTS[3]!, deps);
    expect(store.subscriptions.get(guestOwnerId('cus_1'))?.record.plan).toBe('basic');

    const gus = { userId: 'gus', email: 'Gus@Example.com', groups: [], emailVerified: true };
    expect(await linkGuestPurchases({ ...gus, emailVerified: false }, deps)).toBe(0);
    expect(await linkGuestPurchases(gus, deps)).toBe(1);
    expect(await linkGuestPurchases(gus, deps)).toBe(0);
    expect(store.subscriptions.get('gus')?.record).toMatchObject({
      id: 'sub_1',
      user_id: 'gus',
      plan: 'basic',
    });
    expect(await store.listBillingHistory('gus')).toHaveLength(1);
    expect(store.owners.get('sub_1')).toBe('gus');

    // Events after the link land on the account.
    gateway.subscriptions.set(
      'sub_1',
      snapshot({ customerUserId: null, metadataUserId: null, priceLookupKey: 'raincheck_enterprise_annual' }),
    );
    await applyStripeEvent({ ...EVENTS[2]!, id: 'evt_after_link' } as BillingEvent, deps);
    expect(store.subscriptions.get('gus')?.record).toMatchObject({
      plan: 'enterprise',
      billing_cycle: 'annual',
    });
  });

  it('should end with the same record and one billing entry when the events arrive in any order', async () => {
    const permutations = fc.constantFrom(...permute([0, 1, 2, 3]));
    const expected = await (async () => {
      const { store, deps } = setup();
      for (const e of EVENTS) await applyStripeEvent(e, deps);
      return {
        record: store.subscriptions.get('alice')?.record,
        history: await store.listBillingHistory('alice'),
      };
    })();
    await fc.assert(
      fc.asyncProperty(
        permutations,
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
        async (order, replays) => {
          const { store, deps } = setup();
          for (const i of [...order, ...replays]) await applyStripeEvent(EVENTS[i]!, deps);
          expect(store.subscriptions.get('alice')?.record).toEqual(expected.record);
          expect(await store.listBillingHistory('alice')).toEqual(expected.history);
          expect(store.commits).toBe(4);
        },
      ),
      { numRuns: 60 },
    );
    expect(expected.history).toHaveLength(1);
  });
});

function permute<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permute([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
