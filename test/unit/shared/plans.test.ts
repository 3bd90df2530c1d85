import {
  PLANS,
  annualPriceCents,
  formatUsd,
  priceCents,
  withinLimit,
  isPaidPlan,
} from '../../../shared/plans';

describe('the plan table', () => {
  it.each([
    ['basic', 2999, 28790],
    ['premium', 5999, 57590],
    ['enterprise', 19999, 191990],
  ] as const)(
    'should price %s at %i cents a month and %i cents a year when billed annually',
    (id, monthly, annual) => {
      expect(PLANS[id].monthlyCents).toBe(monthly);
      expect(PLANS[id].annualCents).toBe(annual);
      expect(priceCents(id, 'monthly')).toBe(monthly);
      expect(priceCents(id, 'annual')).toBe(annual);
    },
  );

  it('should save exactly 20% when billed annually, rounded to the cent', () => {
    expect(annualPriceCents(1000)).toBe(9600);
    expect(annualPriceCents(2999)).toBe(Math.round(2999 * 12 * 0.8));
  });

  it('should give plan none the spec default: 1 jobsite, 1 template, every flag off', () => {
    const { maxJobsites, maxEmailTemplates, ...flags } = PLANS.none.features;
    expect(maxJobsites).toBe(1);
    expect(maxEmailTemplates).toBe(1);
    expect(Object.values(flags).every((f) => f === false)).toBe(true);
  });

  it('should follow DESIGN §7 limits for each paid plan', () => {
    expect(PLANS.basic.features).toMatchObject({
      maxJobsites: 1,
      maxEmailTemplates: 3,
      advancedAnalytics: false,
    });
    expect(PLANS.premium.features).toMatchObject({
      maxJobsites: 10,
      maxEmailTemplates: 10,
      advancedAnalytics: true,
      smsNotifications: true,
      prioritySupport: false,
    });
    expect(Object.values(PLANS.enterprise.features).every((v) => v === null || v === true)).toBe(true);
  });

  it('should treat null as unlimited when checking a limit', () => {
    expect(withinLimit(null, 10_000)).toBe(true);
    expect(withinLimit(1, 0)).toBe(true);
    expect(withinLimit(1, 1)).toBe(false);
  });

  it.each([
    [2999, '$29.99'],
    [28790, '$287.90'],
    [191990, '$1,919.90'],
    [5, '$0.05'],
    [-150, '-$1.50'],
  ])('should format %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('should recognise only paid plan ids as purchasable', () => {
    expect(isPaidPlan('premium')).toBe(true);
    expect(isPaidPlan('none')).toBe(false);
    expect(isPaidPlan('gold')).toBe(false);
  });
});
