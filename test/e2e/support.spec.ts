import { expect, test, type Page } from '@playwright/test';
import {
  freshUser,
  logInAsSeededAdmin,
  seriousA11yViolations,
  shootBothSchemes,
  signInThroughLoginPage,
} from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * Support (issue 22 §5–7): a customer sends a support request from Help, an admin answers it from
 * /admin/support and opens a read-only support session the customer granted; the customer reads the
 * answer in the thread and in the mailbox.
 */
test.describe.configure({ timeout: process.env.RAINCHECK_SHOTS_DIR ? 300_000 : 180_000 });

async function mailTo(address: string, subject: RegExp) {
  await expect
    .poll(async () => {
      const res = await fetch(`${e2eStack().mailboxUrl}/store`);
      const store = (await res.json()) as { emails: { destination: { to: string[] }; subject: string }[] };
      return store.emails.some((e) => e.destination.to.includes(address) && subject.test(e.subject));
    })
    .toBe(true);
}

async function shootAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shootBothSchemes(page, name);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('should let a customer send a support request that an admin answers', async ({ page, browser }) => {
  const customer = await freshUser('e2e-support');
  const subject = `Notices stopped ${Date.now()}`;
  await signInThroughLoginPage(page, customer.email, customer.password);

  await page.getByRole('button', { name: 'Help' }).click();
  const form = page.getByRole('form', { name: 'Support request' });
  await expect(form.getByText('/dashboard')).toBeVisible();
  // Wide only: on phones Help is the navigation's Support entry (no room in the header).
  await shootBothSchemes(page, 'support-help-form');
  await form.getByRole('textbox', { name: /Subject/ }).fill(subject);
  await form.getByRole('textbox', { name: /What happened/ }).fill('No delay notice came this morning.');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(page).toHaveURL(/\/support\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Waiting for support')).toBeVisible();
  await mailTo(customer.email, /^We received your support request/);

  // The owner lets support look, from Settings.
  await page.goto('/settings');
  const access = page.getByRole('region', { name: 'Support access' });
  await access.getByRole('button', { name: 'Grant access for 72 hours' }).click();
  await expect(access.getByText(/can open a read-only session on your account until/)).toBeVisible();
  await expect(access.getByRole('cell', { name: 'Access granted' })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  await logInAsSeededAdmin(admin, ADMIN.password);
  await admin.goto('/admin/support');
  await admin.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(admin.getByText('No delay notice came this morning.')).toBeVisible();
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await shootAtBothWidths(admin, 'support-admin-queue');
  await admin.getByRole('button', { name: 'Assign to me' }).click();
  await expect(admin.getByText(/assigned to admin@raincheck\.local/).first()).toBeVisible();
  await admin
    .getByRole('textbox', { name: 'Your reply' })
    .fill('Your plan lapsed on Monday; renew on /subscription.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    admin.getByRole('article', { name: /Support \(admin@raincheck\.local\) wrote/ }),
  ).toBeVisible();
  await mailTo(customer.email, new RegExp(`^Re: ${subject}$`));

  // A read-only look at the account: the banner says so, and the server refuses writes.
  await admin.getByRole('button', { name: 'Open support session' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(admin.getByText(/^Support session for .*, read-only, ends /)).toBeVisible();
  await admin.goto('/settings');
  await expect(admin.getByText(/Support session for/)).toBeVisible();
  await shootAtBothWidths(admin, 'support-session-banner');
  await admin.getByRole('button', { name: 'End session' }).click();
  await expect(admin).toHaveURL(/\/admin\/support$/);
  await adminContext.close();

  await page.goto('/support');
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('article', { name: 'Raincheck support wrote' })).toContainText(
    'renew on /subscription',
  );
  await expect(page.getByText('Answered')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootAtBothWidths(page, 'support-thread');
  await page.goto('/settings');
  await expect(page.getByRole('cell', { name: /^Viewed/ }).first()).toBeVisible();
  await page.getByRole('region', { name: 'Support access' }).scrollIntoViewIfNeeded();
  await shootAtBothWidths(page, 'support-settings-access');
});
