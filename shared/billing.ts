import * as z from 'zod';
import { BILLING_MESSAGES } from './messages';
import {
  BILLING_CYCLES,
  PAID_PLAN_IDS,
  PLANS,
  isBillingCycle,
  isPaidPlan,
  priceCents,
  type BillingCycle,
  type PaidPlanId,
  type PlanId,
} from './plans';
import { grantsPlan, type Subscription } from './subscription';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * Billing contracts shared by the API, the webhook, the local payments sandbox and the SPA:
 * Stripe price lookup keys per plan × cycle, request schemas and billing-only messages.
 * Prices themselves live in plans.ts (integer cents); Stripe prices carry these lookup keys so the
 * code never hard-codes Stripe price ids.
 */

const LOOKUP_KEY_PREFIX = 'raincheck';

/** `raincheck_basic_monthly`, `raincheck_enterprise_annual`, … */
export function priceLookupKey(plan: PaidPlanId, cycle: BillingCycle): string {
  return `${LOOKUP_KEY_PREFIX}_${plan}_${cycle}`;
}

/** The plan and cycle a lookup key names, or null for a key that is not ours. */
export function planFromLookupKey(
  key: string | null | undefined,
): { plan: PaidPlanId; billingCycle: BillingCycle } | null {
  if (!key) return null;
  const match = /^raincheck_([a-z]+)_([a-z]+)$/.exec(key);
  if (!match) return null;
  const [, plan, cycle] = match;
  if (!isPaidPlan(plan) || !isBillingCycle(cycle)) return null;
  return { plan, billingCycle: cycle };
}

export interface PriceCatalogueEntry {
  lookupKey: string;
  plan: PaidPlanId;
  billingCycle: BillingCycle;
  /** Integer cents charged per cycle. */
  unitAmountCents: number;
  interval: 'month' | 'year';
  productName: string;
}

/** Every price Raincheck sells, derived from the plan table. */
export const PRICE_CATALOGUE: readonly PriceCatalogueEntry[] = PAID_PLAN_IDS.flatMap((plan) =>
  BILLING_CYCLES.map((billingCycle) => ({
    lookupKey: priceLookupKey(plan, billingCycle),
    plan,
    billingCycle,
    unitAmountCents: priceCents(plan, billingCycle),
    interval: billingCycle === 'annual' ? ('year' as const) : ('month' as const),
    productName: `Raincheck ${PLANS[plan].name}`,
  })),
);

/** Billing messages beyond the spec's catalogue: kept in messages.ts (no zod) so the SPA can check them cheaply. */
export { BILLING_MESSAGES } from './messages';

/** What a Stripe object id is made of (`cs_test_…`, `sub_…`). */
const STRIPE_ID = /^[A-Za-z0-9_]+$/;

const planField = /* @__PURE__ */ builtOnFirstUse(() =>
  z.enum(PAID_PLAN_IDS, { error: BILLING_MESSAGES.planInvalid }),
);
const cycleField = /* @__PURE__ */ builtOnFirstUse(() =>
  z.enum(BILLING_CYCLES, { error: BILLING_MESSAGES.billingCycleInvalid }),
);

/** Body of POST /api/consolidated/stripe/create-checkout-session (spec §7). */
export const checkoutRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  userId: z
    .string({ error: BILLING_MESSAGES.userIdRequired })
    .min(1, BILLING_MESSAGES.userIdRequired)
    .max(128, BILLING_MESSAGES.userIdRequired),
  email: z.email({ error: BILLING_MESSAGES.emailInvalid }).max(254, BILLING_MESSAGES.emailInvalid),
  plan: planField,
  billingCycle: cycleField,
}));
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Body of POST /api/consolidated/stripe/create-guest-checkout (spec §7). */
export const guestCheckoutRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  plan: planField,
  billingCycle: cycleField,
}));
export type GuestCheckoutRequest = z.infer<typeof guestCheckoutRequestSchema>;

/** Body of POST /api/consolidated/stripe/guest-checkout-token: the id Stripe put in the success URL. */
export const guestCheckoutTokenRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  sessionId: z
    .string({ error: BILLING_MESSAGES.guestSessionUnknown })
    .min(1, BILLING_MESSAGES.guestSessionUnknown)
    // Stripe's checkout session ids are well under this; a longer one cannot exist.
    .max(255, BILLING_MESSAGES.guestSessionUnknown)
    // Stripe ids are letters, digits and underscores; anything else (a lone surrogate, say) would
    // only fail inside the Stripe client's URL encoding.
    .regex(STRIPE_ID, BILLING_MESSAGES.guestSessionUnknown),
}));

/** Body of POST /api/consolidated/stripe/guest-checkout-email: the token the route above issued. */
export const guestCheckoutEmailRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  token: z
    .string({ error: BILLING_MESSAGES.guestEmailTokenInvalid })
    .min(1, BILLING_MESSAGES.guestEmailTokenInvalid)
    .max(1024, BILLING_MESSAGES.guestEmailTokenInvalid),
}));

/** A paid guest checkout's email, and a short-lived signed token that stands for it. */
export interface GuestCheckoutTokenResponse {
  token: string;
  email: string;
  /** UTC ISO-8601. */
  expiresAt: string;
}

/** Body of POST /api/subscription/change. */
export const changeSubscriptionRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  subscriptionId: z
    .string({ error: BILLING_MESSAGES.subscriptionIdRequired })
    .min(1, BILLING_MESSAGES.subscriptionIdRequired)
    // Stripe ids are short; a longer one cannot exist (and would exceed DynamoDB's key size).
    .max(255, 'Subscription id is not valid')
    .regex(STRIPE_ID, 'Subscription id is not valid'),
  plan: planField,
  billingCycle: cycleField,
}));
export type ChangeSubscriptionRequest = z.infer<typeof changeSubscriptionRequestSchema>;

/**
 * Body of POST /api/subscription/change: the target, and optionally the proration time the preview
 * was computed for (unix seconds), so the invoice charges exactly what the confirm dialog showed.
 */
export const changeSubscriptionWithPreviewSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  changeSubscriptionRequestSchema.extend({
    prorationDate: z.number().int().positive().max(4_102_444_800).optional(),
  }),
);
export type ChangeSubscriptionWithPreview = z.infer<typeof changeSubscriptionWithPreviewSchema>;

/** Body of POST /api/subscription/preview-change: the same target as the change itself. */
export const previewChangeRequestSchema = changeSubscriptionRequestSchema;

/** Body of POST /api/subscription/cancel and /resume. */
export const subscriptionActionRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  subscriptionId: changeSubscriptionRequestSchema.shape.subscriptionId,
}));
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

/** One line of an invoice: a negative amount is a credit (unused time on the old plan). */
export interface InvoiceLine {
  description: string;
  /** Integer cents; negative for a credit. */
  amount: number;
  /** True for a proration (credit for unused time, charge for the remaining time). */
  proration: boolean;
  periodStart: string | null;
  periodEnd: string | null;
}

/** What a plan change will cost, from the payment provider's upcoming-invoice preview. */
export interface PlanChangePreview {
  /** Charged now (never negative; a credit goes to the account balance). */
  amountDue: number;
  /** Sum of the lines; negative when the change leaves a credit. */
  total: number;
  currency: string;
  /** Unix seconds the proration was computed for; send it back with the change. */
  prorationDate: number;
  lines: InvoiceLine[];
  /** When the new plan next renews. */
  nextBillingDate: string | null;
}

/** `{ sessionId, url }` on success; `{ error, message }` on failure (spec §7). */
export interface CheckoutSessionResponse {
  sessionId: string;
  url: string;
}
export interface CheckoutErrorResponse {
  error: string;
  message: string;
}

/** A billing history entry (spec §3). `amount` is integer cents. */
export interface BillingHistoryEntry {
  id: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: string;
  invoice: string | null;
  invoiceUrl: string | null;
  /** The invoice's lines (credit for unused time, charge for the new plan); absent on old entries. */
  lines?: InvoiceLine[];
}

/** The body of GET /api/subscription: the caller's own record and history, newest first. */
export interface SubscriptionResponse {
  subscription: Subscription;
  billingHistory: BillingHistoryEntry[];
}

/**
 * The date a subscription set to cancel at the end of its period stops, or null when it renews (or
 * has already ended). The record keeps Stripe's state: still granting, no next billing date, an end.
 */
export function cancelsOn(
  sub: Pick<Subscription, 'status' | 'end_date' | 'next_billing_date' | 'id'>,
): string | null {
  if (!sub.id || !sub.end_date || sub.next_billing_date) return null;
  return grantsPlan(sub.status) ? sub.end_date : null;
}

export type EntitlementKind = 'jobsite' | 'emailTemplate';

const KIND_LABEL: Record<
  EntitlementKind,
  { one: string; many: string; feature: 'maxJobsites' | 'maxEmailTemplates' }
> = {
  jobsite: { one: 'jobsite', many: 'jobsites', feature: 'maxJobsites' },
  emailTemplate: { one: 'email template', many: 'email templates', feature: 'maxEmailTemplates' },
};

/** The cheapest paid plan whose limit for `kind` is above `current`, or null when none is. */
export function planThatLifts(kind: EntitlementKind, current: PlanId): PaidPlanId | null {
  const feature = KIND_LABEL[kind].feature;
  const currentLimit = PLANS[current].features[feature];
  if (currentLimit === null) return null;
  for (const plan of PAID_PLAN_IDS) {
    const limit = PLANS[plan].features[feature];
    if (limit === null || limit > currentLimit) return plan;
  }
  return null;
}

/** "Your Basic plan allows 1 jobsite. Upgrade to Premium for up to 10 jobsites." */
export function entitlementLimitMessage(kind: EntitlementKind, current: PlanId): string {
  const label = KIND_LABEL[kind];
  const limit = PLANS[current].features[label.feature];
  const planName = current === 'none' ? 'Without a plan, your account' : `Your ${PLANS[current].name} plan`;
  const allows = `${planName} allows ${limit} ${limit === 1 ? label.one : label.many}.`;
  const lifts = planThatLifts(kind, current);
  if (!lifts) return allows;
  const liftLimit = PLANS[lifts].features[label.feature];
  const upgrade =
    liftLimit === null
      ? `Upgrade to ${PLANS[lifts].name} for unlimited ${label.many}.`
      : `Upgrade to ${PLANS[lifts].name} for up to ${liftLimit} ${label.many}.`;
  return `${allows} ${upgrade}`;
}
