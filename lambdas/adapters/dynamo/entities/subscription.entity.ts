import { BILLING_CYCLES } from '../../../../shared/plans';
import { SUBSCRIPTION_STATUSES } from '../../../../shared/subscription';
import { optionalNumbers, optionalStrings, entityOf } from './entity-kit';
import { byUserIndex, metricsIndex } from './table';

/** The account's subscription record (spec §3), as the webhook last wrote it. */
export const subscriptionEntity = entityOf('subscription', {
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string' },
    plan: { type: ['none', 'basic', 'premium', 'enterprise'] as const, required: true },
    status: { type: SUBSCRIPTION_STATUSES, required: true },
    billingCycle: { type: BILLING_CYCLES, required: true },
    ...optionalStrings(
      'priceId',
      'customerId',
      'startDate',
      'endDate',
      'trialEnd',
      'nextBillingDate',
      'cancellationDate',
      'currentPeriodEnd',
    ),
    paymentMethod: {
      type: 'map',
      properties: {
        ...optionalStrings('brand', 'last4'),
        ...optionalNumbers('expMonth', 'expYear'),
      },
    },
    ...optionalStrings('createdAt', 'updatedAt'),
    /** Optimistic-concurrency version, bumped by every billing write (see billing.repo.ts). */
    syncVersion: { type: 'number' },
  },
  indexes: {
    byUser: byUserIndex(),
    /** Every subscription record, for the admin metrics. */
    allForMetrics: metricsIndex('subscription', ['userId']),
  },
});
