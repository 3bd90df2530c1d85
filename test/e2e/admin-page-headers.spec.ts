import { expect, test } from '@playwright/test';
import { logInAsSeededAdmin, screenshotBothSchemes } from './helpers';
import { ADMIN } from './stack';

/**
 * Every admin page leads with the same header (title and one line saying what the page is for), at
 * desk and phone widths. RAINCHECK_SHOTS_DIR keeps a screenshot of each page, light and dark.
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

for (const width of [1280, 390]) {
  test(`should lead every admin page with its title and what it is for at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsSeededAdmin(page, ADMIN.password);
    for (const admin of PAGES) {
      await page.goto(admin.path);
      // Each page is its own lazily loaded chunk: on a busy machine the first paint can take a while.
      await expect(page.getByRole('heading', { level: 1, name: admin.title })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText(admin.says)).toBeVisible();
      if (SHOTS) await screenshotBothSchemes(page, SHOTS, admin.path.slice(1).replace('/', '-'));
    }
  });
}
