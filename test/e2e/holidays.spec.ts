import { expect, test } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { fillJobsitePlace } from './support/forms';
import { e2eStack } from './stack';

/**
 * The days nobody works and night shifts, in a real browser against the whole local stack: the
 * contractor sets the holiday calendar in Settings and adds a day off for tomorrow; the weather screen
 * and the dashboard show it as "Holiday: <name>"; a night-shift jobsite (22:00–06:00) saves.
 * With RAINCHECK_SHOTS_DIR set it saves each screen at 1280 and 390 px, light and dark.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
const ZONE = 'America/Chicago';
const DAY_OFF = 'Crew safety day';

let account: TestAccount;

/** Tomorrow's date at the jobsite ("YYYY-MM-DD"). */
const tomorrowAtSite = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + 24 * 3600_000));

test.beforeAll(async () => {
  account = await newAccount(e2eStack(), 'holidays-e2e');
  await subscribe(e2eStack(), account, 'premium');
  const site = await callApi(e2eStack(), '/api/jobsites', {
    token: account.token,
    body: {
      name: 'Lakeshore Tower',
      latitude: 41.8781,
      longitude: -87.6298,
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      rules: [{ id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'the crane limit' }],
      scenario: 'storm',
    },
  });
  expect(site.status).toBe(201);
});

test('should keep a day off out of the forecast screens once it is set in the holiday calendar', async ({
  page,
}) => {
  test.slow(!!SHOTS, 'screenshots on a shared two-core machine');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughLoginPage(page, account.email, account.password);
  const tomorrow = tomorrowAtSite();

  await test.step('settings: the US calendar by default, plus a day off tomorrow', async () => {
    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Holidays' });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole('button', { name: 'Save holiday calendar' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('United States of America');
    await form.getByRole('button', { name: 'Add a day off' }).click();
    await form.getByLabel('Day off 1 date').fill(tomorrow);
    await form.getByLabel('Day off 1 name').fill(DAY_OFF);
    await form.getByRole('button', { name: 'Save holiday calendar' }).click();
    await expect(page.getByText('Holiday calendar saved.')).toBeVisible();
    const list = page.getByRole('table', { name: /Days nobody works in/ });
    await expect(list.getByRole('row', { name: new RegExp(DAY_OFF) })).toContainText('Your day off');
    await expect(list.getByRole('row', { name: /Christmas Day/ })).toContainText('Public holiday');
    await shootWideAndPhone(page, 'holidays-settings');
  });

  await test.step('weather screen: the day shows as a holiday, with no delay', async () => {
    await page.goto('/weather');
    const days = page.getByRole('list', { name: 'Coming working days' });
    const chip = days.getByText(`Holiday: ${DAY_OFF}`);
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page.getByText('no notice goes out and the ledger does not count it')).toBeVisible();
    await shootWideAndPhone(page, 'holidays-weather');
  });

  await test.step('dashboard: tomorrow says "Holiday: <name>"', async () => {
    await page.goto('/dashboard');
    const site = page
      .getByRole('region', { name: 'Today and tomorrow' })
      .getByRole('group', { name: 'Lakeshore Tower', exact: true });
    await expect(site.getByRole('group', { name: 'Tomorrow', exact: true })).toContainText(
      `Holiday: ${DAY_OFF}`,
    );
    await shootWideAndPhone(page, 'holidays-dashboard');
  });
});

test('should save a night-shift jobsite whose hours cross midnight', async ({ page }) => {
  test.slow(!!SHOTS, 'screenshots on a shared two-core machine');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/jobsites/new');
  const form = page.getByRole('form', { name: 'New jobsite' });
  await fillJobsitePlace(form, { name: 'Route 9 Paving', latitude: '41.8781', longitude: '-87.6298' });
  await form.getByLabel(/^Work starts/).fill('22:00');
  await form.getByLabel(/^Work ends/).fill('06:00');
  await expect(form.getByText(/Night shift: work runs past midnight/)).toBeVisible();
  await shootWideAndPhone(page, 'holidays-night-shift-form');
  await form.getByRole('button', { name: 'Create jobsite' }).click();
  await expect(page).toHaveURL(/\/jobsites\/(?!new$)[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Route 9 Paving' })).toBeVisible();
  await expect(page.getByText(/22:00.*06:00/).first()).toBeVisible();
});
