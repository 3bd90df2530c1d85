import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../shared/messages';
import { colorScheme, requestPasswordReset, seriousA11yViolations } from './helpers';
import { DEMO } from './stack';
import { openLoginModal } from './support/forms';

test.describe('landing page', () => {
  test('should show the headline, the three feature blurbs and the plans when a visitor opens /', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Automate Weather Delay Notifications for Your Jobsite' }),
    ).toBeVisible();
    for (const blurb of ['Automated Weather Monitoring', 'Instant Notifications', 'Customizable Alerts']) {
      await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
    }
    await expect(page.getByText('Monthly', { exact: true })).toBeVisible();
    await expect(page.getByText('Annual', { exact: true })).toBeVisible();
    await expect(page.getByText('Save 20%', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);
  });

  test('should show monthly prices and then annual prices when the Annual toggle is chosen', async ({
    page,
  }) => {
    await page.goto('/');
    const plans = page.locator('#plans');
    await expect(plans.getByTestId('price-basic')).toHaveText('$29.99');
    await expect(plans.getByTestId('price-premium')).toHaveText('$59.99');
    await expect(plans.getByTestId('price-enterprise')).toHaveText('$199.99');

    await page.getByText('Annual', { exact: true }).click();
    await expect(plans.getByTestId('price-basic')).toHaveText('$23.99');
    await expect(plans.getByTestId('price-premium')).toHaveText('$47.99');
    await expect(plans.getByTestId('price-enterprise')).toHaveText('$159.99');
    await expect(plans.getByText(/billed \$287\.90\/yr/i)).toBeVisible();
    await expect(plans.getByText(/billed \$575\.90\/yr/i)).toBeVisible();
    await expect(plans.getByText(/billed \$1,?919\.90\/yr/i)).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`should have no serious or critical accessibility violations when the landing page is shown in ${scheme} mode`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await colorScheme(page)).toBe(scheme);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('should have no serious or critical accessibility violations when the login modal is open', async ({
    page,
  }) => {
    await expect(await openLoginModal(page)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('login modal', () => {
  test('should ask for the email first in an email input, then require the password, when the modal opens', async ({
    page,
  }) => {
    const dialog = await openLoginModal(page);
    const email = dialog.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    // Submitting empty, or not an address, is stopped by the browser: no call reaches Cognito.
    const cognitoCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/__cognito')) cognitoCalls.push(req.url());
    });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);

    // An address that signs in with a password: the password field appears, and is required too.
    await email.fill(DEMO.email);
    const password = dialog.getByLabel(/^Password/);
    await expect(password).toHaveAttribute('required', '');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(dialog).toBeVisible();
    expect(cognitoCalls).toEqual([]);
  });

  test('should show "Invalid email or password. Please try again." where spec §5 puts it when the password is wrong', async ({
    page,
  }) => {
    const dialog = await openLoginModal(page);
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel(/^Password/);
    await email.fill(DEMO.email);
    await password.fill('Wrong-Passw0rd!');
    const answer = page.waitForResponse(
      (res) =>
        res.url().includes('/__cognito') &&
        (res.request().headers()['x-amz-target'] ?? '').endsWith('.InitiateAuth'),
    );
    await dialog.getByRole('button', { name: 'Log in' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const code = ((await response.json()) as { __type?: string }).__type ?? '';

    // Spec §5: email/user in the code → email field; password → password field; otherwise the form.
    const lower = code.toLowerCase();
    const field =
      lower.includes('email') || lower.includes('user')
        ? email
        : lower.includes('password')
          ? password
          : null;
    if (field) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(MESSAGES.loginFailed);
      await expect(field).toBeFocused();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
    } else {
      await expect(dialog.getByRole('alert')).toContainText(MESSAGES.loginFailed);
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByText(MESSAGES.loginFailed, { exact: true })).toHaveCount(1);
    await expect(page).toHaveURL(/\/$/);
  });

  test('should switch to the reset form and back when "Forgot Password?" and "Back to Login" are clicked', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    const email = dialog.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await dialog.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in to Raincheck' })).toBeVisible();
  });

  test('should alert that a code was sent if the account exists when the reset code is requested', async ({
    page,
  }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await requestPasswordReset(page, DEMO.email);

    await expect(page).toHaveURL(/\/reset-password\?email=/);
    expect(alerts).toEqual([ACCOUNT_MESSAGES.resetCodeSent]);
  });
});

test.describe('landing page before and without JavaScript', () => {
  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('should show the headline, the three blurbs and the three plans with prices when JavaScript is disabled', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'Automate Weather Delay Notifications for Your Jobsite',
        }),
      ).toBeVisible();
      for (const blurb of ['Automated Weather Monitoring', 'Instant Notifications', 'Customizable Alerts']) {
        await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
      }
      const plans = page.locator('#plans');
      await expect(plans.getByRole('article')).toHaveCount(3);
      for (const name of ['Basic', 'Premium', 'Enterprise']) {
        await expect(plans.getByRole('heading', { name, exact: true })).toBeVisible();
      }
      await expect(plans.getByTestId('price-basic')).toHaveText('$29.99');
      await expect(plans.getByTestId('price-premium')).toHaveText('$59.99');
      await expect(plans.getByTestId('price-enterprise')).toHaveText('$199.99');
      // Styled, not bare: the popular plan's button is filled with the theme's blue.
      const choose = plans.getByRole('button', { name: /Choose Premium/ });
      expect(await choose.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(
        /^rgba\(0, 0, 0, 0\)$|^transparent$/,
      );
    });

    test('should serve other routes an empty app shell, not the landing page, when JavaScript is disabled', async ({
      page,
    }) => {
      for (const route of ['/dashboard', '/login', '/admin/users']) {
        await page.goto(route);
        await expect(page.locator('#root')).toBeEmpty();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      }
    });
  });

  test('should paint the landing page dark before its JavaScript runs when the system prefers dark', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // None of the app's scripts run: only the inline colour-scheme line in the prerendered head.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await colorScheme(page)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });

  test('should hydrate the prerendered landing page without rendering it again when a dark-mode visitor opens it', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text());
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    // The toggle's label follows the stored or system scheme once the page is interactive.
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await page.getByText('Annual', { exact: true }).click();
    await expect(page.locator('#plans').getByTestId('price-basic')).toHaveText('$23.99');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await colorScheme(page)).toBe('light');
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(warnings.filter((w) => /prerendered page|hydrat|Minified React error/i.test(w))).toEqual([]);
  });

  test('should open the login dialog when Login is clicked before the landing page has hydrated', async ({
    page,
  }) => {
    await openBeforeHydration(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Log in to Raincheck' })).toBeVisible({ timeout: 15_000 });
  });

  test('should keep the billing cycle and the plan chosen before the landing page has hydrated, in order', async ({
    page,
  }) => {
    await openBeforeHydration(page);
    // Both clicks land on the prerendered page, before any handler exists.
    await page.getByText('Annual', { exact: true }).click();
    await page.getByRole('button', { name: /^Choose Premium/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    const stored = await page.evaluate(() => window.localStorage.getItem('raincheck.pendingPlan'));
    expect(JSON.parse(stored ?? 'null')).toEqual({ plan: 'premium', billingCycle: 'annual' });
  });
});

/** Opens the landing page with the app's entry script held back, as on a slow phone: the prerendered page is up before it. */
async function openBeforeHydration(page: Page): Promise<void> {
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
}
