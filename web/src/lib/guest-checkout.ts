import { isBillingCycle, isPaidPlan, type BillingCycle, type PaidPlanId } from '../../../shared/plans';

/**
 * The plan a visitor is buying as a guest, kept for this tab only (sessionStorage) so the register
 * page can name it when the hosted checkout sends them back with `?checkout=success`. The purchase
 * itself is linked by the server to the account that signs up with the email paid with.
 */
export const GUEST_CHECKOUT_KEY = 'raincheck.guestCheckout';

export interface GuestCheckout {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

export function saveGuestCheckout(choice: GuestCheckout): void {
  try {
    window.sessionStorage.setItem(GUEST_CHECKOUT_KEY, JSON.stringify(choice));
  } catch {
    // Blocked storage: the register page then shows the banner without the plan's name.
  }
}

export function readGuestCheckout(): GuestCheckout | null {
  try {
    const value = JSON.parse(
      window.sessionStorage.getItem(GUEST_CHECKOUT_KEY) ?? 'null',
    ) as Partial<GuestCheckout> | null;
    if (value && isPaidPlan(value.plan) && isBillingCycle(value.billingCycle)) {
      return { plan: value.plan, billingCycle: value.billingCycle };
    }
    return null;
  } catch {
    return null;
  }
}

export function clearGuestCheckout(): void {
  try {
    window.sessionStorage.removeItem(GUEST_CHECKOUT_KEY);
  } catch {
    // Nothing to clear.
  }
}
