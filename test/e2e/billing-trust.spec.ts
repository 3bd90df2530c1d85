import { expect, test, type Page } from '@playwright/test';
import { registerUser, uniqueEmail } from '../support/cognito';
import { colorScheme, seriousA11yViolations, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * What a paying customer sees (issue 13, items 6, 7 and 10) in the browser against the whole local
 * product: the prorated amount before a plan change, the credit line after it, cancel → "Cancels on"
 * → resume, focus coming back to what opened a dialog, and axe scans of the billing pages.
 */

const PASSWORD = 'Billing-Passw0rd!';

/** A signed-in account with a paid Basic monthly plan (bought through the sandbox's API), on /subscription. */
async function basicCustomer(page: Page, prefix: string): Promise<string> {
  const stack = e2eStack();
  const email = uniqueEmail(prefix);
  await registerUser(stack, email, PASSWORD);
  await signInThroughLoginPage(page, email, PASSWORD);
  await page.goto('/subscription');
  await expect(page.getByTestId('current-plan-name')).toHaveText('No plan');
  await page.getByRole('button', { name: 'Choose Basic, monthly' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.stripeSandboxUrl}/checkout/`), { timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel(/Expiry/)
    .fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Basic');
  return email;
}

test.beforeAll(() => {
  if (!e2eStack().stripeSandboxUrl) throw new Error('These tests need the local payments sandbox.');
});

test('should show the prorated amount before an upgrade and the credit line in billing history after it', async ({
  page,
}) => {
  await basicCustomer(page, 'prorate');
  await page.getByRole('button', { name: 'Switch to Premium, monthly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your plan' });
  const costs = dialog.getByRole('table', { name: 'What this change costs' });
  await expect(costs).toContainText(/Unused time on Raincheck Basic after/);
  await expect(costs).toContainText(/Credit \$29\.\d\d/);
  await expect(costs).toContainText(/Remaining time on Raincheck Premium after/);
  const amount = (await dialog.getByTestId('prorated-amount').textContent())!;
  expect(amount).toMatch(/^\$(29|30)\.\d\d$/);

  await dialog.getByRole('button', { name: `Confirm and pay ${amount}` }).click();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Premium');

  const history = page.getByRole('table', { name: 'Billing history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  const change = history.locator('tbody tr').first();
  await expect(change).toContainText('Plan change');
  await expect(change).toContainText(amount);
  await expect(change.getByTestId('invoice-lines')).toContainText(
    /Unused time on Raincheck Basic.*Credit \$29\.\d\d/,
  );
  await expect(change.getByTestId('invoice-lines')).toContainText(/Remaining time on Raincheck Premium/);
});

test('should confirm cancellation in the app, then show "Cancels on", hide plan switches and resume', async ({
  page,
}) => {
  await basicCustomer(page, 'cancel');
  const renewal = (await page.getByTestId('renewal-date').textContent())!;

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText(`stays active until ${renewal}`);
  // "Keep subscription" changes nothing.
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeFocused();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await dialog.getByRole('button', { name: 'Cancel at end of period' }).click();
  await expect(page.getByTestId('cancels-on')).toHaveText(`Cancels on ${renewal}`);
  await expect(page.getByText('Cancels on', { exact: true })).toBeVisible();
  // No plan switch is offered while it is cancelling.
  await expect(page.getByRole('button', { name: /^Switch to (Basic|Premium|Enterprise)/ })).toHaveCount(0);
  await expect(page.getByTestId('plans-locked')).toContainText('Resume it to switch plans');

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('cancels-on')).toBeHidden();
  await expect(page.getByTestId('renewal-date')).toHaveText(renewal);
  await expect(page.getByRole('button', { name: 'Switch to Premium, monthly' })).toBeEnabled();
});

test('should return focus to the plan button that opened the change dialog when it closes', async ({
  page,
}) => {
  await basicCustomer(page, 'focus');
  const opener = page.getByRole('button', { name: 'Switch to Enterprise, monthly' });
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Change your plan' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Change your plan' })).toBeHidden();
  await expect(opener).toBeFocused();
});

test('should have no serious accessibility violations on the subscription and settings pages, light and dark', async ({
  page,
}) => {
  await basicCustomer(page, 'axe');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/subscription', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Billing history' }).or(page.getByLabel('Email')),
      ).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await colorScheme(page)).toBe(scheme);
      expect({ path, scheme, violations: await seriousA11yViolations(page) }).toEqual({
        path,
        scheme,
        violations: [],
      });
    }
  }
});
