import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { accountOnPlan, callApi, newAccount, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { formatUsd } from '../../shared/plans';
import { seriousA11yViolations, shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * The weather-day ledger and analytics in a real browser: two dispatch runs (storm, across a month
 * boundary) give a jobsite two decided days; the contractor marks one worked, downloads the ledger
 * CSV, opens a day's evidence page (screen and print), reads /analytics with the cost of delay, and
 * downloads the account's data from /settings.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);

// Monday 30 November and Tuesday 1 December 2026, 05:00 in Chicago.
const RUNS = ['2026-11-30T11:00:00.000Z', '2026-12-01T11:00:00.000Z'];
const STORM_RULES = [
  { id: 'crane-gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'the crane gust limit' },
  { id: 'rain-rate', metric: 'precipitation', op: '>=', threshold: 2.54, label: 'the rain limit' },
];

/** No serious or critical axe finding, in the light and the dark scheme. */
async function expectAccessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

let account: TestAccount;
let siteId: string;
let siteName: string;
let crewId: string;

test.beforeAll(async () => {
  account = await accountOnPlan(e2eStack(), 'ledger-e2e', 'premium');
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const tag = Date.now();
  const crew = await api('/api/crews', {
    token: account.token,
    body: { name: 'Concrete crew', hourlyRateCents: 4850 },
  });
  crewId = crew.body.id;
  for (const name of ['Casey', 'Devon']) {
    const res = await api('/api/workers', {
      token: account.token,
      body: {
        name: `${name} Reyes`,
        email: `${name.toLowerCase()}-ledger-${tag}@example.com`,
        crewIds: [crew.body.id],
      },
    });
    expect(res.status).toBe(201);
  }
  const client = await api('/api/clients', { token: account.token, body: { name: 'Harbor Development Co' } });
  siteName = `Pier Seven ${tag}`;
  const site = await api('/api/jobsites', {
    token: account.token,
    body: {
      name: siteName,
      latitude: 41.89,
      longitude: -87.6,
      address: '600 E Grand Ave, Chicago, IL',
      clientId: client.body.id,
      noticeTimes: [{ time: '05:00', forDay: 'same' }],
      rules: STORM_RULES,
      recipients: { crewIds: [crew.body.id] },
      anticipatedWeatherDays: [3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 1],
      scenario: 'storm',
    },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  for (const at of RUNS)
    expect((await api('/api/admin/dispatch/run', { token: admin, body: { at } })).status).toBe(200);
});

test('a contractor marks a day worked, exports the ledger as CSV and opens a day’s evidence page', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto(`/jobsites/${siteId}`);
  const ledger = page.getByRole('region', { name: 'Weather-day ledger' });
  await ledger.getByLabel('From').fill('2026-11-01');
  await ledger.getByLabel('To').fill('2026-12-31');
  const days = ledger.getByRole('table', { name: 'Working days' });
  await expect(days.getByRole('row')).toHaveCount(3);
  // November's allowance is 0: its delay day is beyond it; December's 1 covers its first.
  await expect(days.getByRole('row', { name: /Mon, Nov 30/ }).getByText('Beyond allowance')).toBeVisible();
  await expect(days.getByRole('row', { name: /Tue, Dec 1/ }).getByText('Within allowance')).toBeVisible();

  await days.getByRole('button', { name: 'Mark for Tue, Dec 1, 2026' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Tue, Dec 1, 2026' });
  await dialog.getByLabel('Note').fill('Storm passed by 9, poured after lunch');
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toBeHidden();
  const dec1 = days.getByRole('row', { name: /Tue, Dec 1/ });
  await expect(dec1.getByText('Worked', { exact: true })).toBeVisible();
  await expect(dec1.getByText('Storm passed by 9, poured after lunch')).toBeVisible();
  // The forecast call stays beside the mark.
  await expect(dec1.getByText('Full-day delay')).toBeVisible();
  await expect(page.getByText('Tue, Dec 1, 2026 is marked as worked.').first()).toBeVisible();
  // Screenshots without the toast over the table.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await shootWideAndPhone(page, 'ledger');
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    ledger.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(download.suggestedFilename()).toBe('weather-ledger-2026-11-01-to-2026-12-31.csv');
  expect(csv[0]).toBe('date,verdict,hours lost,worked,reasons,note');
  expect(csv.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
    '2026-11-30,full',
    '2026-12-01,full',
  ]);
  expect(csv[2]).toContain(',yes,');

  await days.getByRole('link', { name: 'Evidence for Mon, Nov 30, 2026' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobsites/${siteId}/ledger/2026-11-30$`));
  await expect(page.getByRole('heading', { level: 1, name: `${siteName}: Mon, Nov 30, 2026` })).toBeVisible();
  await expect(page.getByText('Harbor Development Co')).toBeVisible();
  await expect(page.getByText('Beyond the monthly allowance')).toBeVisible();
  const told = page.getByRole('region', { name: 'Who was told' });
  await expect(told.getByRole('row')).toHaveCount(3);
  await expect(told.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'Rules applied' }).getByText('the crane gust limit').first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /by hour/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await shootWideAndPhone(page, 'evidence');
  await expectAccessible(page);

  // Printed: the document alone, without the app's header, navigation or buttons.
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'evidence-print-1280.png'), fullPage: true });
  if (SHOTS) await page.pdf({ path: path.join(SHOTS, 'evidence.pdf'), format: 'Letter' });
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
});

test('a Premium contractor reads analytics with the cost of delay and downloads the account data', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/analytics');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-11');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-12');
  const byJobsite = page.getByRole('table', { name: 'Delay days and hours lost by jobsite and month' });
  // December's day was marked worked: only November's counts.
  await expect(byJobsite.getByRole('row', { name: new RegExp(siteName) })).toContainText('1 d');
  await expect(page.getByRole('img', { name: /^Delay days: / })).toBeVisible();
  const cost = page.getByRole('table', { name: 'Cost of delay by jobsite' });
  const ledger = await api(`/api/jobsites/${siteId}/ledger?from=2026-11-30&to=2026-11-30`, {
    token: account.token,
  });
  // Two crew workers at $48.50 an hour, over November's hours lost.
  const costCents = Math.round(2 * 4850 * (ledger.body.totals.hoursLost as number));
  expect(costCents).toBeGreaterThan(0);
  await expect(cost.getByRole('row', { name: new RegExp(siteName) })).toContainText(formatUsd(costCents));
  await expect(page.getByRole('table', { name: 'Figures by client' })).toContainText('Harbor Development Co');
  await shootWideAndPhone(page, 'analytics');
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'By jobsite' }).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const rows = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe('jobsite,month,delay days,hours lost');

  await page.goto('/settings');
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  const data = JSON.parse(fs.readFileSync((await exported.path())!, 'utf8'));
  expect(data.jobsites.map((j: { jobsiteId: string }) => j.jobsiteId)).toEqual([siteId]);
  expect(data.decisions).toHaveLength(2);
  await shootWideAndPhone(page, 'settings');

  // The rate the cost of delay used is on the crew's page, and edited there.
  await page.goto(`/crews/${crewId}`);
  await expect(page.getByText('$48.50')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Concrete crew' });
  await expect(edit.getByLabel('Hourly rate per worker')).toHaveValue('$48.50');
  await edit.getByLabel('Hourly rate per worker').fill('52.25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('$52.25')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await shootWideAndPhone(page, 'crew-edit');
  const saved = await api(`/api/crews/${crewId}`, { token: account.token });
  expect(saved.body.hourlyRateCents).toBe(5225);
});

test('an account without Premium sees the basic analytics and what the advanced part would add', async ({
  page,
}) => {
  const plain = await newAccount(e2eStack(), 'analytics-plain');
  await signInThroughLoginPage(page, plain.email, plain.password);
  await page.goto('/analytics');
  await expect(
    page.getByRole('heading', { name: 'Per-client analytics and the cost of delay' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
  await expect(page.getByText('No jobsites yet')).toBeVisible();
  await shootWideAndPhone(page, 'analytics-upsell');
  await expectAccessible(page);

  // Without jobsite pages, the one jobsite's ledger is on the dashboard, its evidence one click away.
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const site = await api('/api/jobsites', {
    token: plain.token,
    body: {
      name: 'Corner Lot',
      latitude: 41.9,
      longitude: -87.65,
      noticeTimes: [{ time: '05:00', forDay: 'same' }],
      rules: STORM_RULES,
      scenario: 'storm',
    },
  });
  expect(site.status).toBe(201);
  expect((await api('/api/admin/dispatch/run', { token: admin, body: { at: RUNS[0] } })).status).toBe(200);
  await page.goto('/dashboard');
  const ledger = page.getByRole('region', { name: 'Weather-day ledger' });
  await ledger.getByLabel('From').fill('2026-11-01');
  await ledger.getByRole('link', { name: 'Evidence for Mon, Nov 30, 2026' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Corner Lot: Mon, Nov 30, 2026' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Dashboard and ledger' })).toBeVisible();
});
