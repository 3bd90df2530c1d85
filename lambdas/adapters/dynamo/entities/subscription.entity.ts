import { Entity } from 'electrodb';
import { byUserIndex, metricsIndex, SERVICE, type EntityConfig } from './table';

/** The account's subscription record (spec §3), as the webhook last wrote it. */
export function subscriptionEntity(config: EntityConfig) {
  return new Entity(
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
        byUser: byUserIndex(),
        /** Every subscription record, for the admin metrics. */
        allForMetrics: metricsIndex('subscription', ['userId']),
      },
    },
    config,
  );
}
