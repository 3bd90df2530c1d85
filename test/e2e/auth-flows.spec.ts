import { expect, test } from '@playwright/test';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../shared/messages';
import { codeFrom, latestEmailTo, uniqueEmail } from '../support/cognito';
import {
  answerAdminTotp,
  freshUser,
  requestPasswordReset,
  signInThroughLoginPage,
  submitAdminLogIn,
} from './helpers';
import { ADMIN, DEMO, e2eStack } from './stack';
import { submitSignUp } from './support/forms';

test('should set a new password through the emailed link, which fills the email and the code, when a user resets their password', async ({
  page,
}) => {
  const user = await freshUser('reset');
  const newPassword = 'Brand-New-Passw0rd';
  page.on('dialog', (dialog) => void dialog.accept());

  await requestPasswordReset(page, user.email);
  await expect(page).toHaveURL(/\/reset-password\?email=/);

  // The code went through cognito-local into the SES emulator's mailbox, with a link that fills it in.
  const mail = await latestEmailTo(e2eStack(), user.email, /reset your raincheck password/i);
  const code = codeFrom(mail);
  const link = /(http\S+\/reset-password\?\S+)/.exec(mail.body.text ?? '')?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  const form = page.getByRole('form', { name: 'Set a new password' });
  await expect(form.getByLabel('Email')).toHaveValue(user.email);
  await expect(form.getByLabel('Reset code')).toHaveValue(code);
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm new password/).fill(newPassword);
  await form.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const login = page.getByRole('form', { name: 'Log in' });
  await expect(login.getByLabel('Email')).toHaveValue(user.email);
  await login.getByLabel(/^Password/).fill(user.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByText(MESSAGES.loginFailed, { exact: true })).toBeVisible();

  await login.getByLabel(/^Password/).fill(newPassword);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('should land on the dashboard signed in when a visitor registers with the emailed confirmation code', async ({
  page,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  const confirm = await submitSignUp(page, email, 'Register-Passw0rd');
  let mail;
  try {
    mail = await latestEmailTo(e2eStack(), email, /verification code/i);
  } catch {
    // The local mailbox has, rarely, missed the first email; a person would ask for a new code.
    await confirm.getByRole('button', { name: 'Send a new code' }).click();
    mail = await latestEmailTo(e2eStack(), email, /verification code/i);
  }
  const code = codeFrom(mail);
  await confirm.getByLabel('Confirmation code').fill(code);
  await confirm.getByRole('button', { name: 'Confirm email' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('should say plainly that an account exists, with links to log in and to reset, when a visitor signs up with a registered email', async ({
  page,
}) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create your account' });
  // Another case of the address: the same account (usernames are not case-sensitive).
  await form.getByLabel('Email').fill(DEMO.email.toUpperCase());
  await form.getByLabel(/^Password/).fill('Register-Passw0rd');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(form.getByText(ACCOUNT_MESSAGES.accountExists)).toBeVisible();
  await expect(form.getByText('User already exists')).toHaveCount(0);
  await form.getByRole('link', { name: 'reset your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.email.toUpperCase());
});

test('should redirect /login and /register to /dashboard when the user is already signed in', async ({
  page,
}) => {
  await signInThroughLoginPage(page, DEMO.email, DEMO.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('should start the plan chosen while signed out when the visitor then logs in', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/');
  await page.getByText('Annual', { exact: true }).click();
  await page.getByRole('button', { name: /^Choose Premium/ }).click();

  // The choice is kept as the click is handled (before hydration too): wait for it, not for the next tick.
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate(() => window.localStorage.getItem('raincheck.pendingPlan'))) ?? 'null'),
    )
    .toEqual({ plan: 'premium', billingCycle: 'annual' });

  // Signed out, a plan first asks how to go on (log in, sign up or guest) when billing offers that choice.
  const loginDialog = page.getByRole('dialog', { name: 'Log in to Raincheck' });
  const choiceLogin = page.getByRole('dialog').getByRole('button', { name: 'Log in', exact: true });
  await expect(loginDialog.or(choiceLogin)).toBeVisible();
  if (await choiceLogin.isVisible()) await choiceLogin.click();

  await loginDialog.getByLabel('Email').fill(DEMO.email);
  await loginDialog.getByLabel(/^Password/).fill(DEMO.password);
  await loginDialog.getByRole('button', { name: 'Log in' }).click();

  await page.waitForURL(/\/subscription\?plan=premium&cycle=annual$/);
  expect(await page.evaluate(() => window.localStorage.getItem('raincheck.pendingPlan'))).toBeNull();
  expect(visited.some((url) => url.endsWith('/dashboard'))).toBe(false);
});

test.describe('admin area', () => {
  test('should send a signed-in non-admin from /admin/dashboard to /admin/login with a clear message', async ({
    page,
  }) => {
    await signInThroughLoginPage(page, DEMO.email, DEMO.password);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Administrators only' });
    await expect(alert).toContainText(
      `You are signed in as ${DEMO.email}, which is not an administrator account`,
    );
  });

  test('should refuse a non-admin account with a clear message when it logs in at /admin/login', async ({
    page,
  }) => {
    const form = await submitAdminLogIn(page, DEMO);

    await expect(form.getByRole('alert')).toHaveText(/This account is not an administrator/);
    await expect(page).toHaveURL(/\/admin\/login$/);
    // Refused means signed out again: the signed-in area sends the visitor to log in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('should land an admin on /admin/dashboard when they log in and when they open /admin', async ({
    page,
  }) => {
    await submitAdminLogIn(page, ADMIN);
    // The seeded admin has an authenticator app: the code step comes before the admin area.
    await answerAdminTotp(page, ADMIN.email);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  });
});
