import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInAsSeededAdmin } from './helpers';
import { ADMIN } from './stack';

/**
 * Every admin page leads with the same header (title and one line saying what the page is for), and
 * the money lists name the account of each row, at desk and phone widths. RAINCHECK_SHOTS_DIR keeps
 * a screenshot of each page, light and dark.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
test.describe.configure({ timeout: SHOTS ? 300_000 : 180_000 });

const PAGES = [
  { path: '/admin/settings', title: 'Admin settings', says: 'Settings for the whole product' },
  { path: '/admin/email-testing', title: 'Email testing', says: 'Send any template to any address' },
  { path: '/admin/weather-testing', title: 'Weather testing', says: 'Judge a pasted Open-Meteo response' },
  { path: '/admin/billing', title: 'Billing', says: 'What was invoiced and collected' },
  { path: '/admin/subscriptions', title: 'Subscriptions', says: 'Every subscription by plan and status' },
];

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${scheme}-${page.viewportSize()?.width}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [1280, 390]) {
  test(`should lead every admin page with its title and what it is for at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsSeededAdmin(page, ADMIN.password);
    for (const admin of PAGES) {
      await page.goto(admin.path);
      await expect(page.getByRole('heading', { level: 1, name: admin.title })).toBeVisible();
      await expect(page.getByText(admin.says)).toBeVisible();
      if (admin.path === '/admin/billing' || admin.path === '/admin/subscriptions') {
        // The seeded demo contractor bought Premium: its row names the account by email.
        await expect(page.getByText('demo@raincheck.local').first()).toBeVisible({ timeout: 20_000 });
      }
      await shoot(page, admin.path.slice(1).replace('/', '-'));
    }
  });
}
