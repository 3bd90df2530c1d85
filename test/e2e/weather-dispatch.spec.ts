import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { logInAt, shootBothSchemes } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * The product's point, in a real browser against the whole local stack: a jobsite pinned to the
 * simulated `storm` shows its delay on /weather; an admin judges a recorded response on
 * /admin/weather-testing; the dispatch emails both workers, one unsubscribes through the link, and
 * the all-clear reaches only the other.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);

// Wednesday 2 December 2026, 05:00 in Chicago.
const AT = '2026-12-02T11:00:00.000Z';
const STORM_RULES = [
  { id: 'crane-gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'the crane gust limit' },
  { id: 'rain-rate', metric: 'precipitation', op: '>=', threshold: 2.54, label: 'the rain limit' },
];

async function mailTo(address: string): Promise<{ subject: string; body: { text?: string } }[]> {
  const res = await fetch(`${e2eStack().mailboxUrl}/store`);
  const store = (await res.json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

let account: TestAccount;

test.beforeAll(async () => {
  account = await accountOnPlan(e2eStack(), 'weather-e2e', 'premium');
});

test('should show a full-day delay with its reason and chart on /weather for a jobsite pinned to storm', async ({
  page,
}) => {
  const site = await api('/api/jobsites', {
    token: account.token,
    body: { name: 'Storm Yard', latitude: 41.88, longitude: -87.63, rules: STORM_RULES, scenario: 'storm' },
  });
  expect(site.status).toBe(201);
  await logInAt(page, account);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await page.goto('/weather');
  const card = page.getByRole('region', { name: 'Storm Yard' });
  await expect(card.getByText('Simulated weather: storm')).toBeVisible();
  await expect(card.getByText('Full-day delay').first()).toBeVisible();
  await expect(card.getByText(/Gusts \d+ mph/).first()).toBeVisible();
  await expect(card.getByRole('img', { name: /Gusts by hour, limit 30 mph/ })).toBeVisible();
  await shootBothSchemes(page, 'weather');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootBothSchemes(page, 'weather');
});

test('should show the verdicts of a pasted recorded response on /admin/weather-testing', async ({ page }) => {
  await logInAt(page, ADMIN, '/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await page.goto('/admin/weather-testing');
  const recorded = fs.readFileSync(
    path.resolve(here, '../fixtures/weather/openmeteo_newjersey_2025-12-28_metric_14day_gusts_freezing.json'),
    'utf8',
  );
  await page.getByLabel('Open-Meteo response (JSON)').fill(recorded);
  await page.getByRole('button', { name: 'Evaluate' }).click();
  const table = page.getByRole('table', { name: 'Verdicts' });
  await expect(table.getByRole('row', { name: /2025-12-29/ })).toContainText(
    'Gusts 47 mph from 2 PM to 5 PM',
  );
  await expect(table.getByRole('row', { name: /2025-12-30/ })).toContainText('full');
  await shootBothSchemes(page, 'admin-weather-testing');

  // Any location with a pinned scenario: the raw data fills the box, and its verdicts follow.
  await page.getByRole('combobox', { name: 'Weather' }).click();
  await page.getByRole('option', { name: 'Simulated: storm' }).click();
  await page.getByRole('button', { name: 'Fetch the forecast' }).click();
  await expect(page.getByLabel('Open-Meteo response (JSON)')).toHaveValue(/"timezone": "GMT"/);
  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(table.getByText('full').first()).toBeVisible();
});

test('should email both workers, stop the one who unsubscribed, and send the all-clear to the other only', async ({
  page,
}) => {
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const tag = Date.now();
  const workers: { id: string; email: string }[] = [];
  for (const name of ['Casey', 'Devon']) {
    const email = `${name.toLowerCase()}-${tag}@example.com`;
    const res = await api('/api/workers', { token: account.token, body: { name: `${name} Crew`, email } });
    workers.push({ id: res.body.id, email });
  }
  const site = await api('/api/jobsites', {
    token: account.token,
    body: {
      name: `Pier ${tag}`,
      latitude: 41.89,
      longitude: -87.6,
      noticeTimes: [{ time: '05:00', forDay: 'same' }],
      rules: STORM_RULES,
      recipients: { workerIds: workers.map((w) => w.id) },
      scenario: 'storm',
    },
  });
  expect((await api('/api/admin/dispatch/run', { token: admin, body: { at: AT } })).status).toBe(200);

  const [first, second] = workers as [{ id: string; email: string }, { id: string; email: string }];
  for (const w of workers) {
    const mail = await mailTo(w.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(`Pier ${tag}`);
    expect(mail[0]!.body.text).toContain('Wed, Dec 2');
    expect(mail[0]!.body.text).toMatch(/Gusts \d+ mph/);
  }
  const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(
    (await mailTo(first.email))[0]!.body.text ?? '',
  )?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText(first.email)).toBeVisible();
  await shootBothSchemes(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText("You're unsubscribed")).toBeVisible();
  const worker = await api(`/api/workers/${first.id}`, { token: account.token });
  expect(worker.body.status).toBe('unsubscribed');

  await api(`/api/jobsites/${site.body.id}`, {
    method: 'PUT',
    token: account.token,
    body: { scenario: 'clear' },
  });
  expect((await api('/api/admin/dispatch/run', { token: admin, body: { at: AT } })).status).toBe(200);
  expect(await mailTo(first.email)).toHaveLength(1);
  const secondMail = await mailTo(second.email);
  expect(secondMail).toHaveLength(2);
  expect(secondMail[1]!.subject).toMatch(/All clear/);
});
