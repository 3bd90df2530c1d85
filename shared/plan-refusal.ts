import { PAID_PLAN_IDS, PLANS, type PlanFeatures, type PlanId } from './plans';

type GatedFeature = {
  [K in keyof PlanFeatures]: PlanFeatures[K] extends boolean ? K : never;
}[keyof PlanFeatures];

/** What each plan-gated feature is called in a refusal. */
const FEATURE_NAMES: Record<GatedFeature, string> = {
  advancedAnalytics: 'Advanced analytics',
  customEmails: 'Custom emails',
  prioritySupport: 'Priority support',
  smsNotifications: 'SMS notifications',
  customReports: 'Custom reports',
  apiAccess: 'API access',
  whiteLabeling: 'White labeling',
  singleSignOn: 'Single sign-on',
};

/** The 403's message when `plan` lacks `feature`: the plans that have it, the account's plan, the way up. */
export function planRefusal(feature: GatedFeature, plan: PlanId): string {
  const having = PAID_PLAN_IDS.filter((p) => PLANS[p].features[feature]).map((p) => PLANS[p].name);
  return `${FEATURE_NAMES[feature]} needs the ${having.join(' or ')} plan; this account is on ${PLANS[plan].name}. Upgrade on /subscription.`;
}

/** Whether `plan` includes `feature`, read from the one plan table. */
export const planHas = (plan: PlanId, feature: GatedFeature): boolean => PLANS[plan].features[feature];
