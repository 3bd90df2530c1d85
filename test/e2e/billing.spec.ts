import { expect, test } from '@playwright/test';
import { codeFrom, latestEmailTo, registerUser, signIn, uniqueEmail } from '../support/cognito';
import { freshAccountOnSubscription, payOnHostedCheckout, seriousA11yViolations } from './helpers';
import { e2eStack } from './stack';

/**
 * Plans, checkout and the subscription screen against the whole local product: the SPA, the checkout
 * and API Lambdas' apps, the payments sandbox's hosted checkout page and the real webhook handler.
 */

const PASSWORD = 'Billing-Passw0rd!';
const TEST_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

async function apiSubscription(email: string): Promise<any> {
  const stack = e2eStack();
  const tokens = await signIn(stack, email, PASSWORD);
  const res = await fetch(`${stack.appUrl}/api/subscription`, {
    headers: { authorization: `Bearer ${tokens.IdToken}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

test.beforeAll(() => {
  // These tests pay on the local payments sandbox; with Stripe keys in the environment there is none.
  if (!e2eStack().stripeSandboxUrl) {
    throw new Error(
      'The billing tests need the local payments sandbox: unset STRIPE_SECRET_KEY to run them.',
    );
  }
});

test('should give the account Premium annual with one paid invoice when a guest paid before registering with the same email', async ({
  page,
}) => {
  const email = uniqueEmail('guest-premium');

  await page.goto('/');
  const plans = page.locator('#plans');
  await plans.getByText('Annual', { exact: true }).click();
  await plans.getByRole('button', { name: 'Choose Premium, annual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Premium, billed annual' });
  await expect(dialog.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create an account' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to checkout as a guest' }).click();

  await payOnHostedCheckout(page, TEST_CARD, email);

  // The session id is traded for a signed token of the paid email, which fills the form.
  await expect(page).toHaveURL(/\/register\?checkout=success&token=g1\./);
  await expect(page.getByText('Your Premium plan (annual) is paid for.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('The email you paid with', { exact: true })).toBeVisible();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const code = codeFrom(await latestEmailTo(e2eStack(), email, /verification code/i));
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();

  // Signed in, the SPA goes to the subscription screen, where the server links the guest purchase.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Premium');
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('billing-cycle')).toHaveText('Annual');
  await expect(page.getByTestId('payment-method')).toHaveText('Visa •••• 4242');
  const rows = page.getByRole('table', { name: 'Billing history' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('$575.90');
  await expect(rows.first()).toContainText('Paid');

  await page.getByRole('link', { name: 'Jobsites' }).click();
  await expect(page).toHaveURL(/\/jobsites$/);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/jobsites$/);
});

test('should fill the paid email accessibly, and leave it empty with no error when the token was tampered with', async ({
  page,
}) => {
  const stack = e2eStack();
  const email = uniqueEmail('guest-tampered');
  const guest = await fetch(`${stack.appUrl}/api/consolidated/stripe/create-guest-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': email },
    body: JSON.stringify({ plan: 'basic', billingCycle: 'monthly' }),
  });
  const { sessionId } = (await guest.json()) as { sessionId: string };
  await page.goto(`${stack.stripeSandboxUrl}/checkout/${sessionId}`);
  await payOnHostedCheckout(page, TEST_CARD, email);
  await expect(page).toHaveURL(/token=g1\./);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // The prefilled form (banner, hint under the field) passes axe in both themes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  const url = new URL(page.url());
  const [version, payload, signature] = url.searchParams.get('token')!.split('.');
  const otherPayload = Buffer.from(
    JSON.stringify({
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
      e: 'mallory@example.com',
    }),
  ).toString('base64url');
  url.searchParams.set('token', `${version}.${otherPayload}.${signature}`);
  const refused = page.waitForResponse((r) => r.url().endsWith('/guest-checkout-email'));
  await page.goto(url.toString());
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('should redirect a Basic account from /jobsites to /subscription when it bought Basic monthly while signed in', async ({
  page,
}) => {
  await freshAccountOnSubscription(page, 'basic', PASSWORD);
  await page.getByRole('button', { name: 'Choose Basic, monthly' }).click();

  await payOnHostedCheckout(page, TEST_CARD);

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Basic');
  await expect(page.getByTestId('billing-cycle')).toHaveText('Monthly');
  await expect(page.getByRole('table', { name: 'Billing history' }).locator('tbody tr')).toHaveCount(1);

  await page.goto('/jobsites');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Jobsite pages need the Premium or Enterprise plan')).toBeVisible();
});

test('should move a Basic account to Premium and open /jobsites when the plan change is confirmed', async ({
  page,
}) => {
  await freshAccountOnSubscription(page, 'change', PASSWORD);
  await page.getByRole('button', { name: 'Choose Basic, monthly' }).click();
  await payOnHostedCheckout(page, TEST_CARD);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Basic');

  await page.getByRole('button', { name: 'Switch to Premium, monthly' }).click();
  // The prorated amount is shown before anything is charged.
  const dialog = page.getByRole('dialog', { name: 'Change your plan' });
  await expect(dialog.getByTestId('prorated-amount')).toHaveText(/^\$\d+\.\d\d$/);
  await dialog.getByRole('button', { name: /^Confirm and pay \$/ }).click();

  // The webhook updates the record; the screen polls until it does.
  await expect(page.getByTestId('current-plan-name')).toHaveText('Premium');
  await expect(page.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await page.getByRole('link', { name: 'Jobsites' }).click();
  await expect(page).toHaveURL(/\/jobsites$/);
});

test('should show the decline and create no subscription when the card is declined', async ({ page }) => {
  const email = await freshAccountOnSubscription(page, 'declined', PASSWORD);
  await page.getByRole('button', { name: 'Choose Premium, monthly' }).click();

  await payOnHostedCheckout(page, DECLINED_CARD);

  await expect(page.getByRole('alert')).toHaveText(/Your card was declined/);
  const body = await apiSubscription(email);
  expect(body.subscription.id).toBeNull();
  expect(body.subscription.plan).toBe('none');
  expect(body.billingHistory).toEqual([]);

  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Checkout canceled')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('No plan');
});

test('should disable the plan buttons and show "Processing..." when the checkout request is in flight', async ({
  page,
}) => {
  await freshAccountOnSubscription(page, 'processing', PASSWORD);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/consolidated/stripe/create-checkout-session', async (route) => {
    await held;
    await route.fulfill({
      status: 502,
      json: {
        error: 'Failed to create checkout session',
        message: 'The payment provider is unavailable. Please try again in a moment.',
      },
    });
  });

  await page.getByRole('button', { name: 'Choose Enterprise, monthly' }).click();

  const plans = page.getByRole('region', { name: 'Choose a plan' });
  await expect(plans.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(plans.getByRole('button', { name: 'Choose Basic, monthly' })).toBeDisabled();
  await expect(plans.getByRole('button', { name: 'Choose Premium, monthly' })).toBeDisabled();

  release();
  // The server's message is preferred over the generic one, and the buttons work again.
  await expect(page.getByRole('alert')).toContainText(
    'The payment provider is unavailable. Please try again in a moment.',
  );
  await expect(plans.getByRole('button', { name: 'Choose Enterprise, monthly' })).toBeEnabled();
});

test('should start checkout for the plan chosen while signed out when the user logs in', async ({ page }) => {
  const email = uniqueEmail('pending');
  await registerUser(e2eStack(), email, PASSWORD);

  await page.goto('/');
  await page.locator('#plans').getByRole('button', { name: 'Choose Basic, monthly' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in to Raincheck' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(new RegExp(`^${e2eStack().stripeSandboxUrl}/checkout/`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: /Subscribe to Raincheck Basic/ })).toBeVisible();
  // Back in the app, the choice is not started a second time.
  await page.goBack();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('No plan');
  await expect(page.getByRole('button', { name: 'Choose Basic, monthly' })).toBeEnabled();
});
