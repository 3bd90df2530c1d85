import { testStack } from './stack';
import { eventually } from '../support/eventually';
import { callApi, newAccount, sandboxAccess, type TestAccount } from '../support/accounts';
import { latestEmailTo } from '../support/cognito';
import { BILLING_MESSAGES } from '../../shared/billing';
import { PLANS } from '../../shared/plans';
import { sandboxControl, testCardPayment } from '../../local/stripe-sandbox/control-client';

/**
 * What a paying customer sees (issue 13, items 6–8), against the embedded stack: the plan-change
 * preview and its invoice lines, cancel at period end and resume, and the account emails in the
 * SES emulator's mailbox. Everything goes through the real routes, the real Stripe SDK, the local
 * payments sandbox and the real webhook.
 */
const stack = testStack();

const TEST_CARD = testCardPayment();

/** A control route of the payments sandbox, with its token. */
const sandbox = (pathname: string, body: unknown = {}, method: 'GET' | 'POST' | 'DELETE' = 'POST') =>
  sandboxControl(sandboxAccess(stack), pathname, body, method);

async function subscribe(account: TestAccount, plan = 'basic', billingCycle = 'monthly') {
  const session = await callApi(stack, '/api/consolidated/stripe/create-checkout-session', {
    token: account.token,
    body: { userId: account.userId, email: account.email, plan, billingCycle },
  });
  expect(session.status).toBe(200);
  const paid = await sandbox(`/__sandbox/checkout/${session.body.sessionId}/pay`, TEST_CARD);
  expect(paid.status).toBe(200);
  return paid.body.subscription.id as string;
}

async function mine(account: TestAccount) {
  const res = await callApi(stack, '/api/subscription', { token: account.token });
  expect(res.status).toBe(200);
  return res.body as { subscription: Record<string, any>; billingHistory: Record<string, any>[] };
}

/** Cancel at period end, or resume, as the subscription page's buttons do. */
const subscriptionAction = (account: TestAccount, action: 'cancel' | 'resume', subscriptionId: string) =>
  callApi(stack, `/api/subscription/${action}`, { token: account.token, body: { subscriptionId } });
/** The plan-change preview the subscription page asks for. */
const previewChange = (account: TestAccount, subscriptionId: string, plan: string, billingCycle: string) =>
  callApi(stack, '/api/subscription/preview-change', {
    token: account.token,
    body: { subscriptionId, plan, billingCycle },
  });
/** The confirmed plan change, at the preview's proration instant when one is given. */
const confirmChange = (
  account: TestAccount,
  subscriptionId: string,
  plan: string,
  billingCycle: string,
  prorationDate?: number,
) =>
  callApi(stack, '/api/subscription/change', {
    token: account.token,
    body: { subscriptionId, plan, billingCycle, ...(prorationDate === undefined ? {} : { prorationDate }) },
  });

describe('plan change: the prorated amount before, the lines after', () => {
  it('should preview a credit and a charge, then invoice exactly those lines when the change is confirmed', async () => {
    const account = await newAccount(stack, 'upgrade-lines');
    const subscriptionId = await subscribe(account, 'basic', 'monthly');

    const preview = await previewChange(account, subscriptionId, 'premium', 'monthly');
    expect(preview.status).toBe(200);
    const lines = preview.body.lines as { description: string; amount: number; proration: boolean }[];
    expect(lines).toHaveLength(2);
    expect(lines[0]!.description).toMatch(/^Unused time on Raincheck Basic after /);
    expect(lines[1]!.description).toMatch(/^Remaining time on Raincheck Premium after /);
    // Seconds after the purchase almost the whole month is unused: credit ≈ Basic, charge ≈ Premium.
    expect(-lines[0]!.amount).toBeGreaterThan(PLANS.basic.monthlyCents - 5);
    expect(lines[1]!.amount).toBeGreaterThan(PLANS.premium.monthlyCents - 5);
    expect(preview.body.amountDue).toBe(lines[0]!.amount + lines[1]!.amount);

    const change = await confirmChange(
      account,
      subscriptionId,
      'premium',
      'monthly',
      preview.body.prorationDate,
    );
    expect(change.status).toBe(200);
    const after = await eventually(
      () => mine(account),
      (s) => s.subscription.plan === 'premium' && s.billingHistory.length === 2,
    );
    const invoice = after.billingHistory[0]!;
    expect(invoice.description).toBe('Plan change');
    expect(invoice.amount).toBe(preview.body.amountDue);
    expect(invoice.lines.map((l: { amount: number }) => l.amount)).toEqual(lines.map((l) => l.amount));
    expect(after.subscription.next_billing_date).toBe(after.subscription.currentPeriodEnd);
  });

  it('should show the credit line when a monthly plan switches to annual', async () => {
    const account = await newAccount(stack, 'annual-lines');
    const subscriptionId = await subscribe(account, 'premium', 'monthly');
    const preview = await previewChange(account, subscriptionId, 'premium', 'annual');
    expect(preview.status).toBe(200);
    const amounts = preview.body.lines.map((l: { amount: number }) => l.amount);
    expect(amounts[0]).toBeLessThan(0);
    expect(amounts[1]).toBe(PLANS.premium.annualCents);
    await confirmChange(account, subscriptionId, 'premium', 'annual', preview.body.prorationDate);
    const after = await eventually(
      () => mine(account),
      (s) => s.subscription.billing_cycle === 'annual' && s.billingHistory.length === 2,
    );
    expect(after.billingHistory[0]!.lines.map((l: { amount: number }) => l.amount)).toEqual(amounts);
    expect(after.billingHistory[0]!.amount).toBe(preview.body.amountDue);
  });

  it("should refuse a preview of another account's subscription", async () => {
    const [a, b] = await Promise.all([newAccount(stack, 'preview-a'), newAccount(stack, 'preview-b')]);
    const subscriptionId = await subscribe(b);
    const res = await previewChange(a, subscriptionId, 'enterprise', 'monthly');
    expect(res.status).toBe(403);
  });
});

describe('cancel at period end', () => {
  it('should read "cancels on" the period end after cancel, refuse plan changes meanwhile, and renew again after resume', async () => {
    const account = await newAccount(stack, 'cancel-resume');
    const subscriptionId = await subscribe(account);
    const before = await mine(account);

    const cancel = await subscriptionAction(account, 'cancel', subscriptionId);
    expect(cancel.status).toBe(200);
    const cancelling = await eventually(
      () => mine(account),
      (s) => s.subscription.next_billing_date === null,
    );
    expect(cancelling.subscription).toMatchObject({
      status: 'active',
      plan: 'basic',
      next_billing_date: null,
      end_date: before.subscription.currentPeriodEnd,
    });

    const change = await confirmChange(account, subscriptionId, 'premium', 'monthly');
    expect(change.status).toBe(400);
    expect(change.body.error).toBe(BILLING_MESSAGES.cancellingNoChange);

    const resume = await subscriptionAction(account, 'resume', subscriptionId);
    expect(resume.status).toBe(200);
    const resumed = await eventually(
      () => mine(account),
      (s) => s.subscription.next_billing_date !== null,
    );
    expect(resumed.subscription).toMatchObject({
      next_billing_date: before.subscription.currentPeriodEnd,
      end_date: null,
    });
  });
});

describe('account emails in the mailbox', () => {
  it('should email the purchase, the plan change, the cancellation and a failed payment, once each', async () => {
    const account = await newAccount(stack, 'mails');
    const subscriptionId = await subscribe(account);
    await latestEmailTo(stack, account.email, /^Your Raincheck Basic plan is active$/);

    await confirmChange(account, subscriptionId, 'premium', 'monthly');
    const changed = await latestEmailTo(stack, account.email, /^Your Raincheck plan is now Premium$/);
    expect(changed.body.text).toContain('from Basic, billed monthly, to Premium, billed monthly');

    await sandbox(`/__sandbox/subscriptions/${subscriptionId}/fail-payment`);
    const failed = await latestEmailTo(stack, account.email, /^Your Raincheck payment failed$/);
    expect(failed.body.text).toMatch(/We could not charge \$\d+\.\d\d for invoice RC-\d{4}\./);

    await callApi(stack, '/api/subscription/cancel', { token: account.token, body: { subscriptionId } });
    const cancel = await latestEmailTo(
      stack,
      account.email,
      /^Your Raincheck subscription will be canceled$/,
    );
    expect(cancel.body.text).toContain('It stays active until');

    const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string }[];
    };
    const subjects = store.emails
      .filter((e) => e.destination.to.includes(account.email) && !/verification code/i.test(e.subject))
      .map((e) => e.subject);
    expect(subjects).toEqual([
      'Your Raincheck Basic plan is active',
      'Your Raincheck plan is now Premium',
      'Your Raincheck payment failed',
      'Your Raincheck subscription will be canceled',
    ]);
  });

  it("should email the password-change notice to the caller's own address", async () => {
    const account = await newAccount(stack, 'pwnotice');
    const res = await callApi(stack, '/api/me/password-changed', { token: account.token, body: {} });
    expect(res.status).toBe(200);
    const mail = await latestEmailTo(stack, account.email, /^Your Raincheck password was changed$/);
    expect(mail.body.text).toContain('If this was not you, reset your password now');
    expect((await callApi(stack, '/api/me/password-changed', { body: {} })).status).toBe(401);
  });
});
