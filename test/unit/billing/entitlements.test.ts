import { assertCanAdd } from '../../../lambdas/core/billing/entitlements';
import { EntitlementError } from '../../../lambdas/core/billing/billing.errors';
import { ForbiddenError } from '../../../lambdas/core/errors';
import { entitlementLimitMessage, planThatLifts, type EntitlementKind } from '../../../shared/billing';
import type { PlanId } from '../../../shared/plans';
import { defaultSubscription, type SubscriptionStatus } from '../../../shared/subscription';

const caller = { userId: 'u1', email: 'u1@example.com', groups: [] };

function deps(
  plan: PlanId | null,
  counts: Partial<Record<EntitlementKind, number>>,
  status: SubscriptionStatus = 'active',
) {
  return {
    accounts: {
      getSubscription: async () =>
        plan ? { ...defaultSubscription('u1'), id: 'sub_1', plan, status } : null,
    },
    count: async (kind: EntitlementKind) => counts[kind] ?? 0,
  };
}

describe('entitlement messages', () => {
  it.each([
    [
      'jobsite',
      'none',
      'Without a plan, your account allows 1 jobsite. Upgrade to Premium for up to 10 jobsites.',
    ],
    ['jobsite', 'basic', 'Your Basic plan allows 1 jobsite. Upgrade to Premium for up to 10 jobsites.'],
    [
      'jobsite',
      'premium',
      'Your Premium plan allows 10 jobsites. Upgrade to Enterprise for unlimited jobsites.',
    ],
    [
      'emailTemplate',
      'none',
      'Without a plan, your account allows 1 email template. Upgrade to Basic for up to 3 email templates.',
    ],
    [
      'emailTemplate',
      'basic',
      'Your Basic plan allows 3 email templates. Upgrade to Premium for up to 10 email templates.',
    ],
  ] as const)('should name the %s limit and the plan that lifts it when on %s', (kind, plan, message) => {
    expect(entitlementLimitMessage(kind, plan)).toBe(message);
  });

  it('should name no plan when the plan is already unlimited', () => {
    expect(planThatLifts('jobsite', 'enterprise')).toBeNull();
  });
});

describe('assertCanAdd', () => {
  it('should refuse with 403 naming the limit when a Basic account adds a second jobsite', async () => {
    const attempt = assertCanAdd('jobsite', caller, deps('basic', { jobsite: 1 }));
    await expect(attempt).rejects.toBeInstanceOf(EntitlementError);
    await expect(attempt).rejects.toBeInstanceOf(ForbiddenError);
    await expect(attempt).rejects.toThrow(
      'Your Basic plan allows 1 jobsite. Upgrade to Premium for up to 10 jobsites.',
    );
  });

  it('should allow the first jobsite when the account has no subscription', async () => {
    await expect(assertCanAdd('jobsite', caller, deps(null, { jobsite: 0 }))).resolves.toBeUndefined();
  });

  it('should allow a ninth email template when the plan is Premium', async () => {
    await expect(
      assertCanAdd('emailTemplate', caller, deps('premium', { emailTemplate: 8 })),
    ).resolves.toBeUndefined();
  });

  it('should allow any number when the plan is Enterprise', async () => {
    await expect(
      assertCanAdd('jobsite', caller, deps('enterprise', { jobsite: 10_000 })),
    ).resolves.toBeUndefined();
  });

  it('should keep the plan while past due and drop to none when canceled', async () => {
    await expect(
      assertCanAdd('jobsite', caller, deps('premium', { jobsite: 5 }, 'past_due')),
    ).resolves.toBeUndefined();
    await expect(
      assertCanAdd('jobsite', caller, deps('premium', { jobsite: 1 }, 'canceled')),
    ).rejects.toThrow('Without a plan, your account allows 1 jobsite.');
  });
});
