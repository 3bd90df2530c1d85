import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Verdict } from '../../shared/weather/engine';
import type { OutlookResponse } from '../../shared/weather/outlook';
import { signInThroughLoginPage } from './helpers';
import { DEMO } from './stack';

/**
 * The dashboard's first answer on a phone: for each jobsite, today's and tomorrow's verdict in words
 * and the first reason, whole (no ellipsis, nothing cut off at the right edge), at 390 px and 320 px.
 * With RAINCHECK_SHOTS_DIR set it also saves the dashboard at 390, 320 and 1280 px, light and dark.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
const VERDICT_WORDS: Record<Verdict, string> = {
  none: 'Workable',
  partial: 'Partial delay',
  full: 'Full-day delay',
};

async function shoot(page: Page) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const name = `${scheme}-${page.viewportSize()?.width}.png`;
    await page.screenshot({ path: path.join(SHOTS, `dashboard-${name}`), fullPage: true });
    await page
      .getByRole('region', { name: 'Today and tomorrow' })
      .screenshot({ path: path.join(SHOTS, `overview-${name}`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Every element inside `panel` whose text is clipped, or which reaches past the viewport's right edge. */
async function clippedText(panel: Locator): Promise<string[]> {
  return panel.evaluate((root) => {
    const found: string[] = [];
    for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 0.5 || box.right > window.innerWidth + 0.5)
        found.push(`${el.tagName} "${el.textContent ?? ''}" (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return found;
  });
}

/** Signs the demo contractor in at this width and answers the outlook the dashboard was drawn from. */
async function openDashboard(page: Page, width: number): Promise<OutlookResponse> {
  await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
  const outlook = page.waitForResponse((r) => r.url().includes('/api/weather?') && r.ok());
  await signInThroughLoginPage(page, DEMO.email, DEMO.password);
  return (await (await outlook).json()) as OutlookResponse;
}

for (const width of [390, 320]) {
  test(`should show today's and tomorrow's verdict and first reason for every jobsite, whole, when the screen is ${width} px wide`, async ({
    page,
  }) => {
    test.slow(!!SHOTS, 'six screenshots on a shared two-core machine');
    const data = await openDashboard(page, width);
    expect(data.items.length).toBeGreaterThan(0);

    const overview = page.getByRole('region', { name: 'Today and tomorrow' });
    await expect(overview).toBeVisible();
    for (const item of data.items) {
      const site = overview.getByRole('group', { name: item.jobsite.name, exact: true });
      await expect(site).toBeVisible();
      for (const label of ['Today', 'Tomorrow']) {
        const panel = site.getByRole('group', { name: label, exact: true });
        await expect(panel).toBeVisible();
        const date = await panel.getAttribute('data-date');
        expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const day = item.days.find((d) => d.date === date);
        if (day?.holiday) {
          // A day nobody works (issue 20): its name, no verdict.
          await expect(panel).toContainText(`Holiday: ${day.holiday}`);
        } else if (day) {
          await expect(panel).toContainText(VERDICT_WORDS[day.verdict]);
          if (day.rules[0]) await expect(panel).toContainText(day.rules[0].reason);
        } else {
          await expect(panel).toContainText(/No work scheduled|No forecast/);
        }
        await expect(panel).not.toContainText('…');
        expect(await clippedText(panel)).toEqual([]);
      }
    }
    // The header's controls sit beside the home link, not over it.
    const home = (await page.getByRole('link', { name: 'Raincheck home' }).boundingBox())!;
    const toggle = (await page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }).boundingBox())!;
    expect(home.x + home.width).toBeLessThanOrEqual(toggle.x);
    // The week stays one tap away.
    await expect(overview.getByRole('link', { name: /whole week/ })).toHaveAttribute('href', '/weather');
    await shoot(page);
  });
}

test('should keep today and tomorrow side by side for each jobsite on a wide screen', async ({ page }) => {
  test.slow(!!SHOTS, 'six screenshots on a shared two-core machine');
  await openDashboard(page, 1280);
  const overview = page.getByRole('region', { name: 'Today and tomorrow' });
  const site = overview.getByRole('group').first();
  await expect(site.getByRole('group', { name: 'Tomorrow', exact: true })).toBeVisible();
  const today = await site.getByRole('group', { name: 'Today', exact: true }).boundingBox();
  const tomorrow = await site.getByRole('group', { name: 'Tomorrow', exact: true }).boundingBox();
  expect(today && tomorrow && Math.abs(today.y - tomorrow.y) < 2 && tomorrow.x > today.x).toBe(true);
  await shoot(page);
});
