import {
  accountsOf,
  computeMetrics,
  growth,
  monthlyValueCents,
  percent,
  type MetricsAccount,
  type MetricsInvoice,
  type MetricsSubscription,
} from '../../../lambdas/core/admin/metrics';
import { getAdminMetrics } from '../../../lambdas/core/admin/get-metrics';
import type { AdminMetrics } from '../../../shared/admin-money';
import { PLANS } from '../../../shared/plans';

/**
 * A seed across two months (now: 20 November 2026; last month: October) and every figure computed
 * by hand from it, from the plan table's prices.
 */
const NOW = new Date('2026-11-20T12:00:00Z');

const P = {
  basicMonthly: PLANS.basic.monthlyCents, // 2,999
  basicAnnual: PLANS.basic.annualCents, // 28,790
  premiumMonthly: PLANS.premium.monthlyCents, // 5,999
  premiumAnnual: PLANS.premium.annualCents, // 57,590
  enterpriseMonthly: PLANS.enterprise.monthlyCents, // 19,999
  enterpriseAnnual: PLANS.enterprise.annualCents, // 191,990
};

function sub(
  ownerId: string,
  id: string,
  fields: Pick<MetricsSubscription, 'plan' | 'status' | 'billingCycle' | 'createdAt'> &
    Partial<MetricsSubscription>,
): MetricsSubscription {
  return { ownerId, id, endDate: null, canceledAt: null, ...fields };
}

const SUBSCRIPTIONS: MetricsSubscription[] = [
  // Live: A, B, C (past due still grants), F (trialing), H (an unlinked guest's).
  sub('A', 'sub_A', {
    plan: 'premium',
    billingCycle: 'annual',
    status: 'active',
    createdAt: '2026-10-05T09:00:00Z',
  }),
  sub('B', 'sub_B', {
    plan: 'basic',
    billingCycle: 'monthly',
    status: 'active',
    createdAt: '2026-11-03T09:00:00Z',
  }),
  sub('C', 'sub_C', {
    plan: 'enterprise',
    billingCycle: 'monthly',
    status: 'past_due',
    createdAt: '2026-09-10T09:00:00Z',
  }),
  sub('F', 'sub_F', {
    plan: 'enterprise',
    billingCycle: 'annual',
    status: 'trialing',
    createdAt: '2026-11-15T09:00:00Z',
  }),
  sub('guest_cus_2', 'sub_H', {
    plan: 'basic',
    billingCycle: 'monthly',
    status: 'active',
    createdAt: '2026-10-20T09:00:00Z',
  }),
  // Canceled: D this month, E last month.
  sub('D', 'sub_D', {
    plan: 'premium',
    billingCycle: 'monthly',
    status: 'canceled',
    createdAt: '2026-09-01T09:00:00Z',
    canceledAt: '2026-11-10T09:00:00Z',
    endDate: '2026-11-10T09:00:00Z',
  }),
  sub('E', 'sub_E', {
    plan: 'basic',
    billingCycle: 'annual',
    status: 'canceled',
    createdAt: '2026-08-01T09:00:00Z',
    canceledAt: '2026-10-15T09:00:00Z',
  }),
  // Never paid.
  sub('G', 'sub_G', {
    plan: 'premium',
    billingCycle: 'monthly',
    status: 'incomplete',
    createdAt: '2026-11-18T09:00:00Z',
  }),
  // A's purchase made as a guest, then linked: the guest's record stays beside the account's.
  sub('guest_cus_1', 'sub_A', {
    plan: 'premium',
    billingCycle: 'annual',
    status: 'active',
    createdAt: '2026-10-05T09:00:00Z',
  }),
];

function invoice(
  id: string,
  ownerId: string,
  date: string,
  amount: number,
  status: string,
  paymentFailed?: boolean,
): MetricsInvoice {
  return { id, ownerId, date, amount, status, ...(paymentFailed ? { paymentFailed } : {}) };
}

const INVOICES: MetricsInvoice[] = [
  invoice('in_1', 'A', '2026-10-05T09:00:00Z', P.premiumAnnual, 'paid'),
  invoice('in_1', 'guest_cus_1', '2026-10-05T09:00:00Z', P.premiumAnnual, 'paid'), // the linked guest's copy
  invoice('in_2', 'B', '2026-11-03T09:00:00Z', P.basicMonthly, 'paid'),
  invoice('in_3', 'C', '2026-10-10T09:00:00Z', P.enterpriseMonthly, 'paid'),
  invoice('in_4', 'C', '2026-11-10T09:00:00Z', P.enterpriseMonthly, 'open', true), // failed payment
  invoice('in_5', 'D', '2026-10-01T09:00:00Z', P.premiumMonthly, 'paid'),
  invoice('in_6', 'D', '2026-11-01T00:00:00Z', P.premiumMonthly, 'paid'),
  invoice('in_7', 'E', '2026-10-15T09:00:00Z', P.basicAnnual, 'refunded'),
  invoice('in_8', 'G', '2026-11-18T09:00:00Z', P.premiumMonthly, 'open'), // pending
  invoice('in_9', 'guest_cus_2', '2026-10-20T09:00:00Z', P.basicMonthly, 'paid'),
  invoice('in_10', 'X', '2026-09-20T09:00:00Z', P.basicMonthly, 'uncollectible'),
  invoice('in_11', 'E', '2026-08-01T09:00:00Z', P.basicAnnual, 'paid'),
];

// F never saved a profile: the account counts from its subscription's creation.
const PROFILES: MetricsAccount[] = [
  { userId: 'A', createdAt: '2026-10-05T08:00:00Z' },
  { userId: 'B', createdAt: '2026-11-03T08:00:00Z' },
  { userId: 'C', createdAt: '2026-09-10T08:00:00Z' },
  { userId: 'D', createdAt: '2026-09-01T08:00:00Z' },
  { userId: 'E', createdAt: '2026-08-01T08:00:00Z' },
  { userId: 'G', createdAt: '2026-11-18T08:00:00Z' },
  { userId: 'I', createdAt: '2026-10-25T08:00:00Z' },
  { userId: 'J', createdAt: '2026-11-01T00:00:00Z' },
  { userId: 'K', createdAt: null },
];

// By hand from the seed above.
const paidThisMonth = P.basicMonthly + P.premiumMonthly; // in_2, in_6
const paidLastMonth = P.premiumAnnual + P.enterpriseMonthly + P.premiumMonthly + P.basicMonthly; // in_1, in_3, in_5, in_9
const EXPECTED: AdminMetrics = {
  billingSummary: {
    totalRevenue: paidThisMonth + paidLastMonth + P.basicAnnual, // + in_11 (August)
    currentMonthRevenue: 8998,
    revenueGrowth: -89.6, // (8,998 − 86,587) / 86,587
    paidInvoices: 7, // in_1 once, 2, 3, 5, 6, 9, 11
    pendingInvoices: 1, // in_8
    failedInvoices: 2, // in_4 (payment failed), in_10 (uncollectible)
    refundedAmount: P.basicAnnual, // in_7
  },
  subscriptionAnalytics: {
    // A 57,590/12 = 4,799.17 → 4,799; B 2,999; C 19,999; F 191,990/12 = 15,999.17 → 15,999; H 2,999.
    mrr: 4799 + 2999 + 19999 + 15999 + 2999,
    activeSubscriptions: 5, // A, B, C, F, H
    canceledSubscriptions: 2, // D, E
    churnRate: 25, // D canceled this month / A, C, D, H live on 1 November
    totalSubscriptions: 8, // sub_A once, B, C, D, E, F, G, H
    planDistribution: { basic: 1, premium: 1, enterprise: 2, none: 6 }, // B; A; C, F; D, E, G, I, J, K
  },
  userGrowth: {
    totalUsers: 10, // 9 profiles + F
    newUsersThisMonth: 4, // B, G, J, F
    userGrowthRate: 100, // 4 this month against 2 (A, I) last month
    conversionRate: 40, // 4 paying of 10
  },
};

describe('admin metrics', () => {
  const metrics = computeMetrics({
    subscriptions: SUBSCRIPTIONS,
    invoices: INVOICES,
    accounts: accountsOf(PROFILES, SUBSCRIPTIONS),
    now: NOW,
  });

  it('should total 8,998 this month and 86,587 last month when reading the seed', () => {
    expect(paidThisMonth).toBe(8998);
    expect(paidLastMonth).toBe(86587);
  });

  it.each(Object.keys(EXPECTED.billingSummary) as (keyof AdminMetrics['billingSummary'])[])(
    'should compute billingSummary.%s as by hand when reading the seed',
    (key) => expect(metrics.billingSummary[key]).toBe(EXPECTED.billingSummary[key]),
  );

  it.each(Object.keys(EXPECTED.subscriptionAnalytics) as (keyof AdminMetrics['subscriptionAnalytics'])[])(
    'should compute subscriptionAnalytics.%s as by hand when reading the seed',
    (key) => expect(metrics.subscriptionAnalytics[key]).toEqual(EXPECTED.subscriptionAnalytics[key]),
  );

  it.each(Object.keys(EXPECTED.userGrowth) as (keyof AdminMetrics['userGrowth'])[])(
    'should compute userGrowth.%s as by hand when reading the seed',
    (key) => expect(metrics.userGrowth[key]).toBe(EXPECTED.userGrowth[key]),
  );

  it('should answer exactly the documented shape when reading the seed', () => {
    expect(metrics).toEqual(EXPECTED);
  });

  it('should answer zeros when nothing is stored', () => {
    expect(computeMetrics({ subscriptions: [], invoices: [], accounts: [], now: NOW })).toEqual({
      billingSummary: {
        totalRevenue: 0,
        currentMonthRevenue: 0,
        revenueGrowth: 0,
        paidInvoices: 0,
        pendingInvoices: 0,
        failedInvoices: 0,
        refundedAmount: 0,
      },
      subscriptionAnalytics: {
        mrr: 0,
        activeSubscriptions: 0,
        canceledSubscriptions: 0,
        churnRate: 0,
        totalSubscriptions: 0,
        planDistribution: { basic: 0, premium: 0, enterprise: 0, none: 0 },
      },
      userGrowth: { totalUsers: 0, newUsersThisMonth: 0, userGrowthRate: 0, conversionRate: 0 },
    });
  });

  it('should move by exactly 57,590 revenue and 4,799 MRR when a Premium annual purchase is added', () => {
    const after = computeMetrics({
      subscriptions: [
        ...SUBSCRIPTIONS,
        sub('N', 'sub_N', {
          plan: 'premium',
          billingCycle: 'annual',
          status: 'active',
          createdAt: NOW.toISOString(),
        }),
      ],
      invoices: [...INVOICES, invoice('in_N', 'N', NOW.toISOString(), P.premiumAnnual, 'paid')],
      accounts: accountsOf(PROFILES, SUBSCRIPTIONS),
      now: NOW,
    });
    expect(after.billingSummary.totalRevenue - metrics.billingSummary.totalRevenue).toBe(57590);
    expect(after.subscriptionAnalytics.mrr - metrics.subscriptionAnalytics.mrr).toBe(4799);
    expect(
      after.subscriptionAnalytics.activeSubscriptions - metrics.subscriptionAnalytics.activeSubscriptions,
    ).toBe(1);
  });

  it('should read the three lists from the store and the time from the clock when answering the route', async () => {
    const result = await getAdminMetrics({
      store: {
        listProfiles: async () => PROFILES,
        listSubscriptions: async () => SUBSCRIPTIONS,
        listInvoices: async () => INVOICES,
      },
      clock: { now: () => NOW },
    });
    expect(result).toEqual(EXPECTED);
  });
});

describe('metric formulas', () => {
  it.each([
    ['basic', 'monthly', 2999],
    ['basic', 'annual', 2399], // 28,790 / 12 = 2,399.17
    ['premium', 'monthly', 5999],
    ['premium', 'annual', 4799], // 57,590 / 12 = 4,799.17
    ['enterprise', 'monthly', 19999],
    ['enterprise', 'annual', 15999], // 191,990 / 12 = 15,999.17
    ['none', 'monthly', 0],
  ] as const)('should count %s %s as %i cents of MRR', (plan, cycle, cents) => {
    expect(monthlyValueCents(plan, cycle)).toBe(cents);
  });

  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [5, 0, 0],
  ])('should give %i of %i as %d percent', (part, whole, expected) => {
    expect(percent(part, whole)).toBe(expected);
  });

  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [0, 0, 0],
    [10, 0, 100],
    [0, 10, -100],
  ])(
    'should give %i this month against %i last month as %d percent growth',
    (current, previous, expected) => {
      expect(growth(current, previous)).toBe(expected);
    },
  );
});
