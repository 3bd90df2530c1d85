/**
 * The one plan table: prices (integer US cents), limits and feature flags for every plan.
 * The UI, the API and the tests all read it (DESIGN §7, spec §3 and §9).
 */
export const PAID_PLAN_IDS = ['basic', 'premium', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export type PlanId = PaidPlanId | 'none';
export const PLAN_IDS: readonly PlanId[] = ['none', ...PAID_PLAN_IDS];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** `null` means unlimited. */
export type Limit = number | null;

export interface PlanFeatures {
  maxJobsites: Limit;
  maxEmailTemplates: Limit;
  advancedAnalytics: boolean;
  customEmails: boolean;
  prioritySupport: boolean;
  smsNotifications: boolean;
  customReports: boolean;
  apiAccess: boolean;
  whiteLabeling: boolean;
  singleSignOn: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in cents; 0 for `none`. */
  monthlyCents: number;
  /** Price of a year billed annually, in cents. */
  annualCents: number;
  /** What the plan card lists (spec §9). */
  highlights: string[];
  /** Sends automated notifications (DESIGN §7: `none` sees verdicts in the app only). */
  emailNotifications: boolean;
  /** Texts a month (notices and consent messages) the plan includes; bounds SMS cost. 0 without SMS. */
  smsMonthlyAllowance: number;
  features: PlanFeatures;
}

/** Annual billing saves 20%: monthly × 12 × 0.8, rounded to the cent. */
export const ANNUAL_DISCOUNT = 0.2;
export function annualPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - ANNUAL_DISCOUNT));
}

const NO_FLAGS = {
  advancedAnalytics: false,
  customEmails: false,
  prioritySupport: false,
  smsNotifications: false,
  customReports: false,
  apiAccess: false,
  whiteLabeling: false,
  singleSignOn: false,
} as const;

function plan(p: Omit<Plan, 'annualCents'>): Plan {
  return { ...p, annualCents: annualPriceCents(p.monthlyCents) };
}

export const PLANS: Record<PlanId, Plan> = {
  none: plan({
    id: 'none',
    name: 'No plan',
    monthlyCents: 0,
    highlights: [],
    emailNotifications: false,
    smsMonthlyAllowance: 0,
    features: { maxJobsites: 1, maxEmailTemplates: 1, ...NO_FLAGS },
  }),
  basic: plan({
    id: 'basic',
    name: 'Basic',
    monthlyCents: 2999,
    highlights: ['1 jobsite', 'Email notifications', 'Email support'],
    emailNotifications: true,
    smsMonthlyAllowance: 0,
    features: { maxJobsites: 1, maxEmailTemplates: 3, ...NO_FLAGS },
  }),
  premium: plan({
    id: 'premium',
    name: 'Premium',
    monthlyCents: 5999,
    highlights: ['Up to 10 jobsites', 'SMS notifications', 'Advanced analytics'],
    emailNotifications: true,
    smsMonthlyAllowance: 1000,
    features: {
      ...NO_FLAGS,
      maxJobsites: 10,
      maxEmailTemplates: 10,
      advancedAnalytics: true,
      customEmails: true,
      customReports: true,
      smsNotifications: true,
    },
  }),
  enterprise: plan({
    id: 'enterprise',
    name: 'Enterprise',
    monthlyCents: 19999,
    highlights: ['Unlimited jobsites', 'Custom workflows', 'All features'],
    emailNotifications: true,
    smsMonthlyAllowance: 10000,
    features: {
      maxJobsites: null,
      maxEmailTemplates: null,
      advancedAnalytics: true,
      customEmails: true,
      prioritySupport: true,
      smsNotifications: true,
      customReports: true,
      apiAccess: true,
      whiteLabeling: true,
      singleSignOn: true,
    },
  }),
};

export function isPaidPlan(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);
}

export function priceCents(planId: PlanId, cycle: BillingCycle): number {
  const p = PLANS[planId];
  return cycle === 'annual' ? p.annualCents : p.monthlyCents;
}

/** True while `count` more items still fit under `limit`. */
export function withinLimit(limit: Limit, currentCount: number): boolean {
  return limit === null || currentCount < limit;
}

/** "$29.99" from 2999. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** What each gated feature is called, mid-sentence, when a plan refuses it. */
const FEATURE_NAMES: Partial<Record<keyof PlanFeatures, string>> = {
  apiAccess: 'API access and webhooks',
  smsNotifications: 'SMS notifications',
  advancedAnalytics: 'advanced analytics',
};

/** The 403 message of a feature the caller's plan lacks: names the plan and the ones that include it. */
export function planRefusal(feature: keyof PlanFeatures, plan: PlanId): string {
  const includedIn = PAID_PLAN_IDS.filter((p) => PLANS[p].features[feature]).map((p) => PLANS[p].name);
  return `The ${includedIn.join(' or ')} plan includes ${FEATURE_NAMES[feature] ?? feature}; this account is on ${PLANS[plan].name}. Upgrade on /subscription.`;
}
