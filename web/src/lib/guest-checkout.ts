import { planChoiceStore, type PlanChoice } from './plan-choice-store';

/**
 * The plan a visitor is buying as a guest, kept for this tab only (sessionStorage) so the register
 * page can name it when the hosted checkout sends them back with `?checkout=success`. The purchase
 * itself is linked by the server to the account that signs up with the email paid with. Blocked
 * storage: the register page then shows the banner without the plan's name.
 */
export const GUEST_CHECKOUT_KEY = 'raincheck.guestCheckout';

export type GuestCheckout = PlanChoice;

export const guestCheckout = planChoiceStore(() => window.sessionStorage, GUEST_CHECKOUT_KEY);
