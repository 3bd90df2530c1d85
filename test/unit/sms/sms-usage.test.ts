import { PLANS } from '../../../shared/plans';
import type { TenantId } from '../../../lambdas/core/caller';
import { smsUsageOf } from '../../../lambdas/core/sms/sms-usage';
import type { SmsAllowance } from '../../../lambdas/core/sms/sms.ports';

const tenant = 'tenant-1' as TenantId;

/** Counts per tenant and month, as the smsUsage entity keeps them. */
function allowanceWith(counts: Record<string, number>): SmsAllowance {
  return {
    take: () => Promise.resolve(true),
    giveBack: () => Promise.resolve(),
    used: (t, month) => Promise.resolve(counts[`${t}|${month}`] ?? 0),
  };
}

describe('SMS usage', () => {
  it("should report this UTC month's texts against the plan's allowance, not last month's", async () => {
    const usage = await smsUsageOf(tenant, {
      allowance: allowanceWith({ 'tenant-1|2026-11': 2, 'tenant-1|2026-12': 41 }),
      // 1 December 00:30 UTC is still 30 November in Seattle: the allowance counts by UTC month.
      clock: { now: () => new Date('2026-12-01T00:30:00Z') },
      accountOf: () => Promise.resolve({ plan: 'premium', company: 'Acme' }),
    });
    expect(usage).toEqual({ month: '2026-12', used: 41, allowance: PLANS.premium.smsMonthlyAllowance });
  });

  it('should report no allowance for a plan without SMS', async () => {
    const usage = await smsUsageOf(tenant, {
      allowance: allowanceWith({}),
      clock: { now: () => new Date('2026-11-25T12:00:00Z') },
      accountOf: () => Promise.resolve({ plan: 'basic', company: 'Acme' }),
    });
    expect(usage).toEqual({ month: '2026-11', used: 0, allowance: PLANS.basic.smsMonthlyAllowance });
  });
});
