import {
  BILLING_MESSAGES,
  PRICE_CATALOGUE,
  changeSubscriptionRequestSchema,
  checkoutRequestSchema,
  guestCheckoutRequestSchema,
  planFromLookupKey,
  priceLookupKey,
} from '../../../shared/billing';
import { BILLING_CYCLES, PAID_PLAN_IDS, PLANS } from '../../../shared/plans';
import { parseStripeForm } from '../../../local/stripe-sandbox/form';

describe('price lookup keys', () => {
  it('should map every plan and cycle to a key and back', () => {
    for (const plan of PAID_PLAN_IDS) {
      for (const cycle of BILLING_CYCLES) {
        const key = priceLookupKey(plan, cycle);
        expect(key).toBe(`raincheck_${plan}_${cycle}`);
        expect(planFromLookupKey(key)).toEqual({ plan, billingCycle: cycle });
      }
    }
  });

  it.each([null, '', 'raincheck_none_monthly', 'raincheck_basic_weekly', 'other_basic_monthly'])(
    'should read no plan when the key is %p',
    (key) => expect(planFromLookupKey(key)).toBeNull(),
  );

  it('should price every entry from the plan table in integer cents', () => {
    expect(PRICE_CATALOGUE).toHaveLength(6);
    const basicAnnual = PRICE_CATALOGUE.find((p) => p.lookupKey === 'raincheck_basic_annual')!;
    expect(basicAnnual).toMatchObject({ unitAmountCents: 28790, interval: 'year' });
    for (const p of PRICE_CATALOGUE) expect(Number.isInteger(p.unitAmountCents)).toBe(true);
    expect(PRICE_CATALOGUE.find((p) => p.lookupKey === 'raincheck_enterprise_monthly')!.unitAmountCents).toBe(
      PLANS.enterprise.monthlyCents,
    );
  });
});

describe('checkout request schemas', () => {
  it('should accept a complete signed-in request', () => {
    const ok = checkoutRequestSchema.safeParse({
      userId: 'u1',
      email: 'a@b.co',
      plan: 'basic',
      billingCycle: 'annual',
    });
    expect(ok.success).toBe(true);
  });

  it.each([
    [{ plan: 'gold', billingCycle: 'monthly' }, BILLING_MESSAGES.planInvalid],
    [{ plan: 'basic', billingCycle: 'weekly' }, BILLING_MESSAGES.billingCycleInvalid],
    [{ plan: 'none', billingCycle: 'monthly' }, BILLING_MESSAGES.planInvalid],
    [{ billingCycle: 'monthly' }, BILLING_MESSAGES.planInvalid],
  ])('should give a clear message when the guest body is %p', (body, message) => {
    const result = guestCheckoutRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('should require the subscription id when changing plan', () => {
    const result = changeSubscriptionRequestSchema.safeParse({ plan: 'basic', billingCycle: 'monthly' });
    expect(result.error?.issues[0]?.message).toBe(BILLING_MESSAGES.subscriptionIdRequired);
  });
});

describe("the sandbox's Stripe form parser", () => {
  it('should read bracket notation into nested objects and arrays when the SDK encodes a request', () => {
    const params = new URLSearchParams(
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=u1&expand[0]=customer&expand[1]=default_payment_method',
    );
    expect(parseStripeForm(params)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { userId: 'u1' },
      expand: ['customer', 'default_payment_method'],
    });
  });

  it('should leave Object.prototype untouched when a form names __proto__ in bracket notation', () => {
    const parsed = parseStripeForm(
      new URLSearchParams('a[__proto__][polluted]=yes&constructor[prototype][x]=1&b=2'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(parsed).toEqual({ b: '2' });
  });

  it('should refuse with a 400 naming the parameter when a key is nested thousands deep', () => {
    const deep = new URLSearchParams(`metadata${'[a]'.repeat(5000)}=1`);
    expect(() => parseStripeForm(deep)).toThrow(expect.objectContaining({ status: 400, param: 'metadata' }));
  });
});
