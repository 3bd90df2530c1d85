import { expect, test } from '@playwright/test';
import { DEMO, e2eStack } from './stack';

test('should sign in as the demo contractor from the landing page and see the dashboard from /api/me', async ({
  page,
}) => {
  const meCalls: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/me') meCalls.push(res.status());
  });

  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Automate Weather Delay Notifications for Your Jobsite' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel(/^Password/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  // The seeded profile and the default subscription come from the API through DynamoDB Local.
  await expect(page.getByText('Demo Builders LLC')).toBeVisible();
  await expect(page.getByText('No plan')).toBeVisible();
  await expect(page.getByText(DEMO.email).first()).toBeVisible();
  expect(meCalls).toContain(200);
});

test('should answer /api/me with 401 without a token and serve the local mailbox', async ({ request }) => {
  const me = await request.get('/api/me');
  expect(me.status()).toBe(401);
  const mailbox = await request.get(e2eStack().mailboxUrl);
  expect(mailbox.ok()).toBe(true);
});
