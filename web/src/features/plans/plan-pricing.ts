import { formatUsd, PLANS, type BillingCycle, type PaidPlanId } from '../../../../shared/plans';

export interface PriceDisplay {
  /** "$29.99" monthly, "$23.99" (the year's price spread over 12 months) annually. */
  perMonth: string;
  /** "Billed monthly" or "Billed $287.90/yr". */
  billing: string;
}

/** What a plan card shows, computed from the one plan table (shared/plans.ts). */
export function priceDisplay(planId: PaidPlanId, cycle: BillingCycle): PriceDisplay {
  const plan = PLANS[planId];
  if (cycle === 'monthly') return { perMonth: formatUsd(plan.monthlyCents), billing: 'Billed monthly' };
  return {
    perMonth: formatUsd(Math.round(plan.annualCents / 12)),
    billing: `Billed ${formatUsd(plan.annualCents)}/yr`,
  };
}
