import { expect, test } from '@playwright/test';
import { ADMIN_MESSAGES } from '../../shared/admin';
import { callApi, newAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { freshUser, logInAt, screenA11yViolations, shootBothSchemes } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * /admin/users and /admin/settings in a real browser against the local stack: an admin disables a
 * user (who then cannot sign in, and is told why), enables them again, and changes a setting.
 */

test('should let an admin disable a user, who then cannot sign in, and enable them again', async ({
  page,
  browser,
}) => {
  const user = await freshUser('people-e2e');
  await logInAt(page, ADMIN, '/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('Super admin')).toBeVisible();
  await page.goto('/admin/users');
  await page.getByLabel('Search by email').fill(user.email);
  const row = page.getByTestId(`user-row-${user.email}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Enabled')).toBeVisible();
  await expect(row.getByText('No plan')).toBeVisible();
  await shootBothSchemes(page, 'admin-users');

  await row.getByRole('button', { name: `Disable ${user.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${user.email}?` });
  await expect(dialog.getByText(ADMIN_MESSAGES.disableNote, { exact: false })).toBeVisible();
  await shootBothSchemes(page, 'admin-users-disable-dialog');
  await dialog.getByRole('button', { name: 'Disable user' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  expect(await screenA11yViolations(page)).toEqual([]);

  // The disabled user, in another browser, is told why they cannot sign in.
  const other = await browser.newPage();
  await other.goto('/login');
  const form = other.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByText(ADMIN_MESSAGES.accountDisabled)).toBeVisible();
  await other.close();

  await row.getByRole('button', { name: `Enable ${user.email}` }).click();
  await page
    .getByRole('dialog', { name: `Enable ${user.email}?` })
    .getByRole('button', { name: 'Enable user' })
    .click();
  await expect(row.getByText('Enabled')).toBeVisible();
  expect((await signIn(e2eStack(), user.email, user.password)).IdToken).toBeTruthy();

  // The phone layout, from the top of a fresh page (one card per user).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByLabel('Search by email').fill(user.email);
  await expect(page.getByTestId(`user-row-${user.email}`).getByText('Enabled')).toBeVisible();
  expect(await screenA11yViolations(page)).toEqual([]);
  await shootBothSchemes(page, 'admin-users');
});

test('should save a changed sender name with who changed it, and new jobsites get changed notice times', async ({
  page,
}) => {
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const before = (await callApi(e2eStack(), '/api/admin/settings', { token: admin })).body;
  try {
    await logInAt(page, ADMIN, '/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    await page.goto('/admin/settings');
    await expect(page.getByLabel('From address')).toHaveValue(e2eStack().lambdaConfig.MAIL_FROM);
    await expect(page.getByText(/runs every 15 minutes/)).toBeVisible();
    await shootBothSchemes(page, 'admin-settings');

    await page.getByLabel(/^Reply-to address/).fill('not-an-address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Reply-to must be a valid email address')).toBeVisible();

    await page.getByLabel(/^Sender name/).fill('Raincheck Site Alerts');
    await page.getByLabel(/^Reply-to address/).fill('site-office@example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-audit')).toContainText(`Last changed by ${ADMIN.email}`);
    await page.reload();
    await expect(page.getByLabel(/^Sender name/)).toHaveValue('Raincheck Site Alerts');
    expect(await screenA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shootBothSchemes(page, 'admin-settings');

    // Changed default notice times reach a new jobsite whose body names none.
    const times = [
      { time: '19:15', forDay: 'next' },
      { time: '04:45', forDay: 'same' },
    ];
    const put = await callApi(e2eStack(), '/api/admin/settings', {
      method: 'PUT',
      token: admin,
      body: { senderName: 'Raincheck Site Alerts', replyTo: '', defaultNoticeTimes: times },
    });
    expect(put.status).toBe(200);
    const contractor = await newAccount(e2eStack(), 'people-defaults');
    const site = await callApi(e2eStack(), '/api/jobsites', {
      token: contractor.token,
      body: { name: 'Defaults Yard', latitude: 41.88, longitude: -87.63 },
    });
    expect(site.status).toBe(201);
    expect(site.body.noticeTimes).toEqual(times);
  } finally {
    await callApi(e2eStack(), '/api/admin/settings', {
      method: 'PUT',
      token: admin,
      body: {
        senderName: before.senderName,
        replyTo: before.replyTo,
        defaultNoticeTimes: before.defaultNoticeTimes,
      },
    });
  }
});
