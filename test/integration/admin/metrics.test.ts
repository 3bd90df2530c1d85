import { testStack } from '../stack';
import { eventually } from '../../support/eventually';
import { callApi, newAccount, sandboxAccess, subscribe, type TestAccount } from '../../support/accounts';
import { registerUser, seededAdminToken, signIn, uniqueEmail } from '../../support/cognito';
import { MESSAGES } from '../../../shared/messages';
import { sandboxControl } from '../../../local/stripe-sandbox/control-client';

/**
 * `GET /api/admin/metrics` against the embedded stack: a purchase through the payments sandbox and
 * the real webhook moves the admin's figures by exactly its price. Other files share the stack, so
 * the test compares before and after, never absolutes.
 */
const stack = testStack();

let admin: string;
let contractor: TestAccount;

beforeAll(async () => {
  admin = await seededAdminToken(stack);
  contractor = await newAccount(stack, 'metrics');
});

/** How many accounts each plan gained from `before` to `after` (negative: lost). */
function planShift(after: any, before: any): Record<string, number> {
  const [now, then] = [after, before].map((m) => m.subscriptionAnalytics.planDistribution);
  return Object.fromEntries(Object.keys(now).map((plan) => [plan, now[plan] - then[plan]]));
}

async function metrics() {
  const res = await callApi(stack, '/api/admin/metrics', { token: admin });
  expect(res.status).toBe(200);
  return res.body;
}

/** The figures once `moved` holds (webhooks land asynchronously), or the last read after 10 s. */
const metricsWhen = (moved: (m: any) => boolean) => eventually(metrics, moved, 10_000);

async function sandbox(pathname: string) {
  expect((await sandboxControl(sandboxAccess(stack), pathname)).status).toBe(200);
}

describe('GET /api/admin/metrics', () => {
  it('should answer 403 when the caller is not an admin', async () => {
    const res = await callApi(stack, '/api/admin/metrics', { token: contractor.token });
    expect(res.status).toBe(403);
    expect(res.text).toContain(MESSAGES.permissionDenied);
  });

  it('should answer 401 when there is no token', async () => {
    const res = await callApi(stack, '/api/admin/metrics');
    expect(res.status).toBe(401);
  });

  it('should answer every documented figure as a number', async () => {
    const body = await metrics();
    expect(Object.keys(body).sort()).toEqual(['billingSummary', 'subscriptionAnalytics', 'userGrowth']);
    expect(Object.keys(body.billingSummary).sort()).toEqual(
      [
        'totalRevenue',
        'currentMonthRevenue',
        'revenueGrowth',
        'paidInvoices',
        'pendingInvoices',
        'failedInvoices',
        'refundedAmount',
      ].sort(),
    );
    expect(Object.keys(body.subscriptionAnalytics).sort()).toEqual(
      [
        'mrr',
        'activeSubscriptions',
        'canceledSubscriptions',
        'churnRate',
        'totalSubscriptions',
        'planDistribution',
      ].sort(),
    );
    expect(Object.keys(body.subscriptionAnalytics.planDistribution).sort()).toEqual(
      ['basic', 'enterprise', 'none', 'premium'].sort(),
    );
    expect(Object.keys(body.userGrowth).sort()).toEqual(
      ['totalUsers', 'newUsersThisMonth', 'userGrowthRate', 'conversionRate'].sort(),
    );
    for (const group of [body.billingSummary, body.userGrowth, body.subscriptionAnalytics.planDistribution]) {
      for (const value of Object.values(group)) expect(typeof value).toBe('number');
    }
  });

  it('should count a user who signed up and never saved a profile, and move them from none when they buy', async () => {
    const before = await metrics();
    const email = uniqueEmail('metrics-signup');
    await registerUser(stack, email, 'Records-Passw0rd');

    const registered = await metrics();
    expect(registered.userGrowth.totalUsers - before.userGrowth.totalUsers).toBe(1);
    expect(registered.userGrowth.newUsersThisMonth - before.userGrowth.newUsersThisMonth).toBe(1);
    expect(planShift(registered, before).none).toBe(1);

    const { IdToken } = await signIn(stack, email, 'Records-Passw0rd');
    const me = await callApi(stack, '/api/me', { token: IdToken });
    await subscribe(
      stack,
      { email, password: 'Records-Passw0rd', token: IdToken, userId: me.body.profile.userId },
      'basic',
    );
    const bought = await metricsWhen(
      (m) =>
        m.subscriptionAnalytics.planDistribution.basic >
        registered.subscriptionAnalytics.planDistribution.basic,
    );
    expect(bought.userGrowth.totalUsers).toBe(registered.userGrowth.totalUsers);
    expect(planShift(bought, registered).none).toBe(-1);
    expect(planShift(bought, registered).basic).toBe(1);
  });

  it('should add 57,590 cents of revenue, 4,799 of MRR and one active subscription when a Premium annual plan is bought', async () => {
    const before = await metrics();
    const buyer = await newAccount(stack, 'metrics-buyer');

    await subscribe(stack, buyer, 'premium', 'annual');

    // The subscription may be recorded before its invoice: wait for both, then compare exactly.
    const deadline = Date.now() + 10_000;
    let after = await metrics();
    while (
      (after.billingSummary.totalRevenue === before.billingSummary.totalRevenue ||
        after.subscriptionAnalytics.mrr === before.subscriptionAnalytics.mrr) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 200));
      after = await metrics();
    }
    expect(after.billingSummary.totalRevenue - before.billingSummary.totalRevenue).toBe(57_590);
    expect(after.billingSummary.paidInvoices - before.billingSummary.paidInvoices).toBe(1);
    expect(after.subscriptionAnalytics.mrr - before.subscriptionAnalytics.mrr).toBe(4_799);
    expect(
      after.subscriptionAnalytics.activeSubscriptions - before.subscriptionAnalytics.activeSubscriptions,
    ).toBe(1);
    expect(planShift(after, before).premium).toBe(1);
  });

  it('should move by exactly one renewal, one failed payment and one cancellation when they go through the sandbox', async () => {
    const price = 2999; // Basic monthly
    const before = await metrics();
    const buyer = await newAccount(stack, 'metrics-lifecycle');
    await subscribe(stack, buyer, 'basic', 'monthly');
    const me = await callApi(stack, '/api/me', { token: buyer.token });
    const subscriptionId = me.body.subscription.id as string;
    const start = await metricsWhen(
      (m) => m.billingSummary.totalRevenue - before.billingSummary.totalRevenue >= price,
    );
    expect(start.billingSummary.totalRevenue - before.billingSummary.totalRevenue).toBe(price);
    expect(start.subscriptionAnalytics.mrr - before.subscriptionAnalytics.mrr).toBe(price);

    await sandbox(`/__sandbox/subscriptions/${subscriptionId}/renew`);
    const renewed = await metricsWhen(
      (m) => m.billingSummary.totalRevenue !== start.billingSummary.totalRevenue,
    );
    expect(renewed.billingSummary.totalRevenue - start.billingSummary.totalRevenue).toBe(price);
    expect(renewed.billingSummary.paidInvoices - start.billingSummary.paidInvoices).toBe(1);
    expect(renewed.subscriptionAnalytics.mrr).toBe(start.subscriptionAnalytics.mrr);

    await sandbox(`/__sandbox/subscriptions/${subscriptionId}/fail-payment`);
    const failed = await metricsWhen(
      (m) => m.billingSummary.failedInvoices !== renewed.billingSummary.failedInvoices,
    );
    expect(failed.billingSummary.failedInvoices - renewed.billingSummary.failedInvoices).toBe(1);
    expect(failed.billingSummary.totalRevenue).toBe(renewed.billingSummary.totalRevenue);
    // Past due still grants the plan: still live, still in MRR.
    expect(failed.subscriptionAnalytics.activeSubscriptions).toBe(
      renewed.subscriptionAnalytics.activeSubscriptions,
    );
    expect(failed.subscriptionAnalytics.mrr).toBe(renewed.subscriptionAnalytics.mrr);

    await sandbox(`/__sandbox/subscriptions/${subscriptionId}/cancel`);
    const canceled = await metricsWhen(
      (m) =>
        m.subscriptionAnalytics.canceledSubscriptions !== failed.subscriptionAnalytics.canceledSubscriptions,
    );
    expect(
      canceled.subscriptionAnalytics.canceledSubscriptions -
        failed.subscriptionAnalytics.canceledSubscriptions,
    ).toBe(1);
    expect(
      canceled.subscriptionAnalytics.activeSubscriptions - failed.subscriptionAnalytics.activeSubscriptions,
    ).toBe(-1);
    expect(canceled.subscriptionAnalytics.mrr - failed.subscriptionAnalytics.mrr).toBe(-price);
    expect(planShift(canceled, failed).basic).toBe(-1);
    expect(planShift(canceled, failed).none).toBe(1);
  });
});
