import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  freshUser,
  logInAsSeededAdmin,
  seriousA11yViolations,
  shootBothSchemes,
  signInThroughLoginPage,
} from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * An admin sends a test email from /admin/email-testing through the real SES path and finds it in
 * the emulator's mailbox; a contractor turns quiet hours on in /settings.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
// The axe scan and the screenshots take a while on a shared machine.
test.describe.configure({ timeout: SHOTS ? 300_000 : 180_000 });

async function stored(messageId: string) {
  const res = await fetch(`${e2eStack().mailboxUrl}/store`);
  const store = (await res.json()) as {
    emails: { messageId: string; destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return store.emails.find((e) => e.messageId === messageId);
}

test('should send a test notice from /admin/email-testing that lands in the mailbox', async ({ page }) => {
  await logInAsSeededAdmin(page, ADMIN.password);
  await page.goto('/admin/email-testing');
  await expect(page.getByRole('heading', { name: 'Email testing' })).toBeVisible();
  const jobsite = page.getByLabel('Jobsite');
  await jobsite.fill('Harbor Tower');
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByText(/Subject:.*Harbor Tower/)).toBeVisible();
  const to = `e2e-tester-${Date.now()}@example.com`;
  await page.getByLabel('Recipient address').fill(to);
  await shootBothSchemes(page, 'admin-email-testing');
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'SES message id' });
  await expect(sent).toBeVisible();
  const messageId = (await sent.locator('code').textContent())!.trim();
  const mail = await stored(messageId);
  expect(mail?.destination.to).toEqual([to]);
  expect(mail?.subject).toMatch(/^\[Test\] Partial delay at Harbor Tower/);
  expect(mail?.body.text).toContain('Rain 0.18 in/h');
  // The preview's frame is sandboxed (no scripts), so axe cannot run inside it: the page around it.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ iframes: false })
    .exclude('iframe')
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.frameLocator('iframe').getByText('Harbor Tower').first()).toBeVisible();
  await shootBothSchemes(page, 'admin-email-testing');
});

test('should keep quiet hours a contractor turns on in /settings', async ({ page }) => {
  const user = await freshUser('quiet-e2e');
  await signInThroughLoginPage(page, user.email, user.password);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Quiet hours' });
  await form.getByLabel('Hold non-urgent messages during quiet hours').check();
  await form.getByRole('combobox', { name: 'Until' }).click();
  await page.getByRole('option', { name: '06:30' }).click();
  await form.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByText('Quiet hours are on.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Quiet hours' }).getByRole('combobox', { name: 'Until' }),
  ).toHaveValue('06:30');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootBothSchemes(page, 'settings-quiet-hours');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootBothSchemes(page, 'settings-quiet-hours');
});
