import { Entity, Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The single table (DESIGN §4): `pk`/`sk`, GSIs `gsi1` and `gsi2`, TTL on `expiresAt`.
 * Tenant data is always keyed by the verified token's `sub` (`userId` / `tenantId`).
 */
export const TABLE_KEYS = {
  pk: 'pk',
  sk: 'sk',
  gsi1: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  gsi2: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  ttl: 'expiresAt',
} as const;

const SERVICE = 'raincheck';

export function createEntities(table: string, client: DynamoDBDocumentClient) {
  const profile = new Entity(
    {
      model: { entity: 'profile', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        name: { type: 'string' },
        company: { type: 'string' },
        units: { type: ['us', 'metric'] as const, required: true, default: 'us' },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEYS.pk, composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    { table, client },
  );

  const subscription = new Entity(
    {
      model: { entity: 'subscription', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        id: { type: 'string' },
        plan: { type: ['none', 'basic', 'premium', 'enterprise'] as const, required: true },
        status: {
          type: [
            'active',
            'trialing',
            'past_due',
            'canceled',
            'unpaid',
            'incomplete',
            'incomplete_expired',
          ] as const,
          required: true,
        },
        billingCycle: { type: ['monthly', 'annual'] as const, required: true },
        priceId: { type: 'string' },
        customerId: { type: 'string' },
        startDate: { type: 'string' },
        endDate: { type: 'string' },
        trialEnd: { type: 'string' },
        nextBillingDate: { type: 'string' },
        cancellationDate: { type: 'string' },
        currentPeriodEnd: { type: 'string' },
        paymentMethod: {
          type: 'map',
          properties: {
            brand: { type: 'string' },
            last4: { type: 'string' },
            expMonth: { type: 'number' },
            expYear: { type: 'number' },
          },
        },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        /** Optimistic-concurrency version, bumped by every billing write (see billing.repo.ts). */
        syncVersion: { type: 'number' },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEYS.pk, composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    { table, client },
  );

  const billing = createBillingEntities(table, client);

  const jobsiteSchedule = new Entity(
    {
      model: { entity: 'jobsite', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true },
        jobsiteId: { type: 'string', required: true },
        name: { type: 'string', required: true },
        timezone: { type: 'string', required: true },
        active: { type: 'boolean', required: true, default: true },
        noticeTimes: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              time: { type: 'string', required: true },
              forDay: { type: ['next', 'same'] as const },
            },
          },
        },
        workingDays: { type: 'list', items: { type: 'number' } },
        createdAt: { type: 'string' },
      },
      indexes: {
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: ['jobsiteId'] },
        },
        // The scheduler's view across tenants. One partition is fine at today's size; shard the
        // key (e.g. by timezone) before it nears DynamoDB's per-partition throughput.
        forScheduler: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: [] },
          sk: { field: TABLE_KEYS.gsi1.sk, composite: ['tenantId', 'jobsiteId'] },
        },
      },
    },
    { table, client },
  );

  const dispatchRun = new Entity(
    {
      model: { entity: 'dispatchRun', version: '1', service: SERVICE },
      attributes: {
        runId: { type: 'string', required: true },
        startedAt: { type: 'string', required: true },
        finishedAt: { type: 'string', required: true },
        slotStart: { type: 'string', required: true },
        checkedJobsites: { type: 'number', required: true },
        dueJobsites: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              tenantId: { type: 'string', required: true },
              jobsiteId: { type: 'string', required: true },
              name: { type: 'string', required: true },
            },
          },
        },
        expiresAt: { type: 'number', field: TABLE_KEYS.ttl },
      },
      indexes: {
        byTime: {
          pk: { field: TABLE_KEYS.pk, composite: [] },
          sk: { field: TABLE_KEYS.sk, composite: ['startedAt', 'runId'] },
        },
      },
    },
    { table, client },
  );

  return new Service({ profile, subscription, jobsiteSchedule, dispatchRun, ...billing });
}

export type RaincheckService = ReturnType<typeof createEntities>;

/**
 * Billing entities (issue 4). Stripe ids are case-sensitive, so their keys keep their case. Owners are the verified `sub`, or `guest_<customerId>` for a guest
 * purchase until an account with its email claims it.
 */
function createBillingEntities(table: string, client: DynamoDBDocumentClient) {
  /** A Stripe customer and whom it belongs to; `userId` absent while it is a guest's. */
  const billingCustomer = new Entity(
    {
      model: { entity: 'billingCustomer', version: '1', service: SERVICE },
      attributes: {
        customerId: { type: 'string', required: true },
        /** Lower-cased. */
        email: { type: 'string', required: true },
        userId: { type: 'string' },
        createdAt: { type: 'string', required: true },
        linkedAt: { type: 'string' },
      },
      indexes: {
        byCustomer: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['customerId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
        byEmail: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: ['email'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['customerId'] },
        },
      },
    },
    { table, client },
  );

  /** The one Stripe customer of an account (created conditionally: first one wins). */
  const accountCustomer = new Entity(
    {
      model: { entity: 'accountCustomer', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        customerId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['userId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    { table, client },
  );

  /** Which owner a Stripe subscription id belongs to (plan changes check ownership here). */
  const subscriptionOwner = new Entity(
    {
      model: { entity: 'subscriptionOwner', version: '1', service: SERVICE },
      attributes: {
        subscriptionId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
      },
      indexes: {
        bySubscription: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['subscriptionId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    { table, client },
  );

  /** One billing history entry per invoice id (spec §3); amount in integer cents. */
  const billingEntry = new Entity(
    {
      model: { entity: 'billingEntry', version: '1', service: SERVICE },
      attributes: {
        ownerId: { type: 'string', required: true },
        invoiceId: { type: 'string', required: true },
        date: { type: 'string', required: true },
        description: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        currency: { type: 'string', required: true },
        status: { type: 'string', required: true },
        invoiceNumber: { type: 'string' },
        invoiceUrl: { type: 'string' },
      },
      indexes: {
        byOwner: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['ownerId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['invoiceId'] },
        },
      },
    },
    { table, client },
  );

  /** A Stripe event already applied (dedupe). Expired receipts are filtered on read, not trusted to TTL. */
  const stripeEventReceipt = new Entity(
    {
      model: { entity: 'stripeEventReceipt', version: '1', service: SERVICE },
      attributes: {
        eventId: { type: 'string', required: true },
        type: { type: 'string', required: true },
        receivedAt: { type: 'string', required: true },
        /** Epoch seconds (DynamoDB TTL). */
        expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
      },
      indexes: {
        byEvent: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['eventId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: [] },
        },
      },
    },
    { table, client },
  );

  return { billingCustomer, accountCustomer, subscriptionOwner, billingEntry, stripeEventReceipt };
}
