import { isBillingCycle, isPaidPlan, type BillingCycle, type PaidPlanId } from '../../../shared/plans';

/** A paid plan and its billing cycle, as picked on the landing page. */
export interface PlanChoice {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

/**
 * A plan choice kept in the browser under `key` (localStorage or sessionStorage, named by `storage`).
 * Storage may be blocked (private modes, policies): then nothing is kept and a read finds nothing;
 * a stored value that is not a valid choice reads as nothing too.
 */
export function planChoiceStore(storage: () => Storage, key: string) {
  return {
    save(choice: PlanChoice): void {
      try {
        storage().setItem(key, JSON.stringify(choice));
      } catch {
        // Blocked storage: the choice is not kept (see the caller for what the user sees then).
      }
    },
    read(): PlanChoice | null {
      try {
        const value = JSON.parse(storage().getItem(key) ?? 'null') as Partial<PlanChoice> | null;
        if (value && isPaidPlan(value.plan) && isBillingCycle(value.billingCycle)) {
          return { plan: value.plan, billingCycle: value.billingCycle };
        }
        return null;
      } catch {
        return null;
      }
    },
    clear(): void {
      try {
        storage().removeItem(key);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
