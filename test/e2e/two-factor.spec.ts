import { expect, test, type Page } from '@playwright/test';
import { signIn, totpCode } from '../support/cognito';
import { callApi } from '../support/accounts';
import { freshUser, seriousA11yViolations, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * Issue 18 item 17: any user can add an authenticator app in /settings and is then asked for its code
 * at log-in; an admin without one is walked through setup at /admin/login before the admin area opens.
 */

/** Reads the key shown beside the QR code and answers with the app's current code. */
async function finishTotpSetup(page: Page): Promise<string> {
  const form = page.getByRole('form', { name: 'Set up an authenticator app' });
  await expect(form.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await form.getByTestId('totp-secret').textContent())!.trim();
  await form.getByLabel(/^Code from the app/).fill(totpCode(secret));
  await form.getByRole('button', { name: 'Verify and turn on' }).click();
  return secret;
}

test('should ask for the authenticator code at log-in once a user turns two-factor on in settings', async ({
  page,
}) => {
  // Register, sign in, set up, sign out and sign in again with a code: a long path, so triple the timeout.
  test.slow();
  const user = await freshUser('e2e-totp');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  // Generous waits: the settings and admin screens are lazy chunks, slow on a loaded machine.
  await expect(section.getByText(/resetting your password with the code we email you/)).toBeVisible({
    timeout: 30_000,
  });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const secret = await finishTotpSetup(page);
  await expect(section.getByText(/^On: logging in asks for a code/)).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel(/^Password/).fill(user.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  const code = page.getByRole('form', { name: 'Two-factor code' });
  await code.getByLabel('Authentication code').fill(totpCode(secret));
  await code.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
});

test('should walk an admin without an authenticator app through setup at /admin/login before the admin area opens', async ({
  page,
}) => {
  const stack = e2eStack();
  const user = await freshUser('e2e-totp-admin');
  const admin = (await signIn(stack, ADMIN.email, ADMIN.password)).IdToken;
  const added = await callApi(stack, '/api/admin/admins', { token: admin, body: { email: user.email } });
  expect(added.status).toBe(201);
  try {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/Every admin signs in with a second factor/)).toBeVisible();
    await finishTotpSetup(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await callApi(stack, `/api/admin/admins/${added.body.id}`, { method: 'DELETE', token: admin });
  }
});
