import { expect, test } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * A large account's weather screens, in a real browser against the whole local stack: /weather shows
 * ten jobsites a page with "Show more" and a search, and the dashboard's "Today and tomorrow" shows the
 * first ten by name and the way to the rest, instead of one answer and one page of every jobsite.
 * With RAINCHECK_SHOTS_DIR set it saves the weather screen at 1280 and 390 px, light and dark.
 */
const SITES = 12;
let account: TestAccount;
const siteName = (i: number) => `Pier ${String(i).padStart(2, '0')}`;

test.beforeAll(async () => {
  account = await newAccount(e2eStack(), 'weather-pages');
  await subscribe(e2eStack(), account, 'enterprise');
  for (let i = 1; i <= SITES; i++) {
    const site = await callApi(e2eStack(), '/api/jobsites', {
      token: account.token,
      body: {
        name: siteName(i),
        latitude: 41.8 + i / 100,
        longitude: -87.6,
        rules: [{ id: 'rain', metric: 'precipitation', op: '>=', threshold: 2.5, label: 'rain' }],
      },
    });
    expect(site.status).toBe(201);
  }
});

test('should show ten jobsites a page on /weather, then the rest, and find one by name', async ({ page }) => {
  test.slow(!!process.env.RAINCHECK_SHOTS_DIR, 'screenshots on a shared two-core machine');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/weather');

  const cards = page.getByRole('heading', { level: 2, name: /^Pier \d\d$/ });
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toHaveText(siteName(1));
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(cards).toHaveCount(SITES);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await shootWideAndPhone(page, 'weather-pages');

  await page.getByRole('searchbox', { name: 'Search jobsites' }).fill(siteName(11));
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveText(siteName(11));
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
});

test("should show the dashboard's first ten jobsites by name and send the rest to /weather", async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/dashboard');
  const overview = page.getByRole('region', { name: 'Today and tomorrow' });

  await expect(overview.getByRole('group', { name: /^Pier \d\d$/ })).toHaveCount(10);
  await expect(overview.getByText('The first 10 jobsites by name.')).toBeVisible();
  await shootWideAndPhone(page, 'weather-pages-dashboard');
  await overview.getByRole('link', { name: "Every jobsite's week is on Weather" }).click();
  await expect(page).toHaveURL(/\/weather$/);
});
