import { expect, test, type Page } from '@playwright/test';
import { latestEmailTo, signIn, uniqueEmail } from '../support/cognito';
import { freshUser, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';
import { sandboxAccess } from '../support/accounts';
import { sandboxControl, testCardPayment } from '../../local/stripe-sandbox/control-client';

/**
 * The account as its owner meets it (issue 13, items 8–10): account emails in the local mailbox,
 * the password and reset forms, the 404 page, titles, toasts and touch targets.
 */

async function sandbox(pathname: string, body: unknown = {}) {
  return (await sandboxControl(sandboxAccess(e2eStack()), pathname, body)).body as Record<string, any>;
}

async function api(token: string, pathname: string, body?: unknown) {
  const res = await fetch(`${e2eStack().appUrl}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

async function changePassword(page: Page, current: string, next: string) {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel(/^Current password/).fill(current);
  await form.getByLabel(/^New password/).fill(next);
  await form.getByLabel(/^Confirm new password/).fill(next);
  await form.getByRole('button', { name: 'Update password' }).click();
}

test('should deliver every account email to the mailbox: purchase, plan change, payment failure, cancellation, password change', async ({
  page,
}) => {
  const stack = e2eStack();
  const user = await freshUser('mailbox');
  const token = (await signIn(stack, user.email, user.password)).IdToken;
  const me = await api(token, '/api/me');
  const session = await api(token, '/api/consolidated/stripe/create-checkout-session', {
    userId: me.profile.userId,
    email: user.email,
    plan: 'basic',
    billingCycle: 'monthly',
  });
  const paid = await sandbox(`/__sandbox/checkout/${session.sessionId}/pay`, testCardPayment());
  const subscriptionId = paid.subscription.id as string;
  await latestEmailTo(stack, user.email, /^Your Raincheck Basic plan is active$/);

  await api(token, '/api/subscription/change', { subscriptionId, plan: 'premium', billingCycle: 'monthly' });
  await latestEmailTo(stack, user.email, /^Your Raincheck plan is now Premium$/);
  await sandbox(`/__sandbox/subscriptions/${subscriptionId}/fail-payment`);
  await latestEmailTo(stack, user.email, /^Your Raincheck payment failed$/);
  await api(token, '/api/subscription/cancel', { subscriptionId });
  await latestEmailTo(stack, user.email, /^Your Raincheck subscription will be canceled$/);

  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/settings');
  await changePassword(page, user.password, 'Another-Passw0rd2');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  const notice = await latestEmailTo(stack, user.email, /^Your Raincheck password was changed$/);
  expect(notice.body.text).toContain('If this was not you');

  // The mailbox page itself lists them.
  await page.goto(stack.mailboxUrl);
  await expect(page.getByText('Your Raincheck password was changed').first()).toBeVisible();
});

test('should show a wrong current password under the current-password field', async ({ page }) => {
  const user = await freshUser('wrongpw');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/settings');
  await changePassword(page, 'Not-The-Passw0rd', 'Another-Passw0rd2');
  const current = page.getByLabel(/^Current password/);
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await expect(page.getByLabel(/^New password/)).not.toHaveAttribute('aria-invalid', 'true');
});

test('should say a code was sent if the account exists, without a sending failure, for an unknown email', async ({
  page,
}) => {
  let alerted = '';
  page.on('dialog', (dialog) => {
    alerted = dialog.message();
    void dialog.accept();
  });
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Reset your password · Raincheck');
  await expect(page.getByText(/we'll email it a link and a code/)).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  expect(alerted).toBe('If an account exists for that email, we sent a code. Check your inbox.');
  await expect(page.getByText('Failed to send reset email')).toHaveCount(0);
});

test('should keep the header on the 404 page and offer the dashboard when signed in', async ({ page }) => {
  const user = await freshUser('notfound');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Raincheck');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('should name each page in the document title', async ({ page }) => {
  const user = await freshUser('titles');
  await page.goto('/');
  await expect(page).toHaveTitle('Raincheck — weather delay notifications for jobsites');
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Raincheck');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/subscription');
  await expect(page).toHaveTitle('Subscription · Raincheck');
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings · Raincheck');
});

test('should keep toasts off the header controls', async ({ page }) => {
  const user = await freshUser('toasts');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Save profile' }).click();
  const toast = page.getByText('Your profile has been saved.');
  await expect(toast).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await page.locator('.mantine-Notification-root').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
});

test('should not draw headings dimmer than body text in dark mode', async ({ page }) => {
  const user = await freshUser('headings');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInThroughLoginPage(page, user.email, user.password);
  for (const path of ['/subscription', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const dimmer = await page.evaluate(() => {
      const luminance = (el: Element) => {
        const [r, g, b] = getComputedStyle(el).color.match(/\d+/g)!.map(Number) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const body = luminance(document.body);
      return [...document.querySelectorAll('main h1, main h2, main h3')]
        .filter((h) => luminance(h) < body)
        .map((h) => h.textContent);
    });
    expect({ path, dimmer }).toEqual({ path, dimmer: [] });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('should give every header control a touch target of at least 44 × 44 px', async ({ page }) => {
    const user = await freshUser('touch');
    await signInThroughLoginPage(page, user.email, user.password);
    for (const name of ['Open navigation', /^Switch to (dark|light) mode$/, 'Sign out']) {
      const box = (await page.getByRole('banner').getByRole('button', { name }).boundingBox())!;
      expect({ name: String(name), width: box.width >= 44, height: box.height >= 44 }).toEqual({
        name: String(name),
        width: true,
        height: true,
      });
    }
    // The brand stays on one line beside them.
    const brand = (await page.getByRole('link', { name: 'Raincheck home' }).boundingBox())!;
    expect(brand.height).toBeLessThan(44);
  });
});
