import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../shared/messages';
import { colorScheme, freshUser, signInAsFreshUser, signInThroughLoginPage } from './helpers';
import { DEMO } from './stack';
import { MAIN_NAV_LABELS } from '../support/main-nav';

const NAV = MAIN_NAV_LABELS;

test.describe('guards and layout', () => {
  test('should send a signed-out visitor to sign in and back when they open /dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Log in to continue.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(DEMO.email);
    await form.getByLabel(/^Password/).fill(DEMO.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('should show every section in the navigation and the user email when signed in', async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.email, DEMO.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(NAV);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('signed-in-email')).toHaveText(DEMO.email);

    await nav.getByRole('link', { name: 'Weather' }).click();
    await expect(page).toHaveURL(/\/weather$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('should sign out to the landing page and keep the signed-in area closed when Sign out is clicked', async ({
    page,
  }) => {
    await signInThroughLoginPage(page, DEMO.email, DEMO.password);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('global behaviours', () => {
  test('should show the not-found page when the path is unknown', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('should show the error screen with its message and recover with "Try again" when a page fails to load', async ({
    page,
  }) => {
    // A page's code that cannot be fetched (e.g. a deploy replaced it) fails the route deterministically.
    await page.route(/\/assets\/not-found-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/no/such/page');
    const screen = page.getByRole('alert').filter({ hasText: MESSAGES.somethingWentWrong });
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(screen).toContainText(
      /dynamically imported module|Importing a module script failed|not-found/i,
    );
    await expect(screen.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');

    await page.unroute(/\/assets\/not-found-[^/]+\.js$/);
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('should go home from the error screen when "Go to homepage" is clicked', async ({ page }) => {
    await page.route(/\/assets\/not-found-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/broken');
    await page.getByRole('link', { name: 'Go to homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Automate Weather Delay Notifications for Your Jobsite',
    );
  });

  test('should show "Application Failed to Load" when /config.json fails on every one of the 4 attempts', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/config.json', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.goto('/');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.appFailedToLoad, { timeout: 15_000 });
    expect(calls).toBe(4);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  });

  test('should mount the app when /config.json fails twice and then answers', async ({ page }) => {
    let calls = 0;
    await page.route('**/config.json', (route) => {
      calls += 1;
      return calls <= 2 ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue();
    });
    await page.goto('/');
    // The landing page is prerendered: it shows at once; mounted, it answers the billing-cycle switch.
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(3);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Automate Weather Delay Notifications for Your Jobsite',
    );
    await page.getByText('Annual', { exact: true }).click();
    await expect(page.locator('#plans').getByTestId('price-basic')).toHaveText('$23.99');
    await expect(page.getByText(MESSAGES.appFailedToLoad)).toHaveCount(0);
  });

  test('should keep the dark-mode choice when the page is reloaded', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await colorScheme(page)).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => colorScheme(page)).toBe('dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await colorScheme(page)).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('raincheck.colorScheme'))).toBe('dark');
  });

  test('should follow the system preference, also when it changes, when no choice is stored', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await colorScheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colorScheme(page)).toBe('light');
    expect(await page.evaluate(() => window.localStorage.getItem('raincheck.colorScheme'))).toBeNull();
  });
});

test.describe('settings', () => {
  test('should close the "saved" toast by itself about 5 seconds after it appears', async ({ page }) => {
    // The page's clock is Playwright's: it runs as a real one until the toast shows, then stands still
    // and is moved on by hand, so the toast's lifetime is measured in page time, not in how fast a
    // loaded machine gets round to looking.
    await page.clock.install();
    await signInThroughLoginPage(page, DEMO.email, DEMO.password);
    await page.goto('/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('Company')).toHaveValue(/.+/);
    await profile.getByRole('button', { name: 'Save profile' }).click();

    const toast = page.getByText('Your profile has been saved.');
    await expect(toast).toBeVisible();
    // A moment ahead of the page's now, so the pause never lands in the past while the call travels.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
    await page.clock.runFor(3_250);
    await expect(toast).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(toast).toBeHidden();
  });

  test('should keep name, company and units after a reload when the profile is saved', async ({ page }) => {
    await signInAsFreshUser(page, 'profile');
    await page.goto('/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Name').fill('Rita Mason');
    await profile.getByLabel('Company').fill('Mason & Sons Concrete');
    await profile.getByLabel(/^Metric/).check();
    const saved = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/me/profile' && res.request().method() === 'PUT',
    );
    await profile.getByRole('button', { name: 'Save profile' }).click();
    expect((await saved).status()).toBe(200);

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Profile' });
    await expect(reloaded.getByLabel('Name')).toHaveValue('Rita Mason');
    await expect(reloaded.getByLabel('Company')).toHaveValue('Mason & Sons Concrete');
    await expect(reloaded.getByLabel(/^Metric/)).toBeChecked();
  });

  test('should show the server’s 400 error on its field when the API rejects a field', async ({ page }) => {
    await signInThroughLoginPage(page, DEMO.email, DEMO.password);
    await page.goto('/settings');
    // The form checks lengths itself, so the request is changed on its way: the real API answers 400.
    await page.route('**/api/me/profile', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, company: 'C'.repeat(200) }) });
    });
    const profile = page.getByRole('form', { name: 'Profile' });
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/me/profile');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    expect((await answered).status()).toBe(400);

    const company = profile.getByLabel('Company');
    await expect(company).toHaveAttribute('aria-invalid', 'true');
    await expect(company).toHaveAccessibleDescription(/Company must be at most 160 characters/);
    await expect(profile.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Your profile has been saved.')).toHaveCount(0);
  });

  test('should sign in with the new password when the password is updated in settings', async ({ page }) => {
    const user = await freshUser('password');
    const newPassword = 'Changed-Passw0rd9';
    await signInThroughLoginPage(page, user.email, user.password);
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill(user.password);
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm new password/).fill(newPassword);
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInThroughLoginPage(page, user.email, newPassword);
  });
});
