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

  return new Service({ profile, subscription, jobsiteSchedule, dispatchRun });
}

export type RaincheckService = ReturnType<typeof createEntities>;
