import { expect, test } from '@playwright/test';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { shootBothSchemes } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * The SMS channel in a real browser against the whole local stack: a contractor turns SMS on for a
 * worker, the worker answers YES in the phone outbox, a slot runs, and the text is in the outbox.
 */
// The stack exists only once the global setup ran: read it per call, not when the file loads.
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);
// Wednesday 2 December 2026, 05:00 in Chicago.
const AT = '2026-12-02T11:00:00.000Z';
const GUSTS = {
  id: 'gusts',
  metric: 'wind_gusts',
  op: '>=',
  threshold: 48.28,
  label: 'the crane gust limit',
};

let account: TestAccount;

test.beforeAll(async () => {
  account = await accountOnPlan(e2eStack(), 'sms-e2e', 'premium');
});

test('should text a worker who turned SMS on and answered YES when a slot calls a delay', async ({
  page,
}) => {
  const tag = Date.now();
  const digits = String(tag % 10000).padStart(4, '0');
  const phone = `+1206555${digits}`;
  const created = await api('/api/workers', {
    token: account.token,
    body: { name: 'Riley Moss', email: `riley-${tag}@example.com` },
  });
  expect(created.status).toBe(201);
  const workerId = created.body.id as string;

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  // The contractor types the number as people do and turns SMS on.
  await page.goto(`/workers/${workerId}/edit`);
  await page.getByLabel('Mobile phone').fill(`(206) 555-${digits}`);
  await page.getByRole('switch', { name: 'SMS notifications' }).check();
  await shootBothSchemes(page, 'worker-form-sms');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('SMS pending').first()).toBeVisible({ timeout: 10_000 });
  await shootBothSchemes(page, 'worker-sms-pending');

  // The worker answers YES on their phone (the local outbox).
  await page.goto(e2eStack().smsOutboxUrl);
  const thread = page.getByRole('region', { name: `Thread with ${phone}` });
  await expect(thread.getByText(/^Reply YES to get weather-delay texts from/)).toBeVisible();
  await thread.getByLabel(`Reply as ${phone}`).fill('Yes');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(
    page.getByRole('region', { name: `Thread with ${phone}` }).getByText(/you will get weather-delay texts/),
  ).toBeVisible();

  await page.goto(`/workers/${workerId}`);
  await expect(page.getByText('SMS on').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Consent log' })).toContainText('Replied YES');
  await shootBothSchemes(page, 'worker-sms-on');

  // A slot runs: the delay notice reaches the phone.
  const site = await api('/api/jobsites', {
    token: account.token,
    body: {
      name: `Dock Seven ${tag}`,
      latitude: 41.8781,
      longitude: -87.6298,
      noticeTimes: [{ time: '05:00', forDay: 'same' }],
      rules: [GUSTS],
      recipients: { workerIds: [workerId] },
      scenario: 'storm',
    },
  });
  expect(site.status).toBe(201);
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  expect((await api('/api/admin/dispatch/run', { token: admin, body: { at: AT } })).status).toBe(200);

  await page.goto(e2eStack().smsOutboxUrl);
  await expect(
    page
      .getByRole('region', { name: `Thread with ${phone}` })
      .getByText(new RegExp(`Weather delay - Dock Seven ${tag}`)),
  ).toBeVisible();
  await shootBothSchemes(page, 'phone-outbox');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootBothSchemes(page, 'phone-outbox');

  // The text's short link opens the notice's details page on the app's origin.
  const outbox = (await (await fetch(`${e2eStack().smsOutboxUrl}/messages`)).json()) as {
    to: string;
    body: string;
  }[];
  const notice = outbox.find((t) => t.to === phone && t.body.includes(`Dock Seven ${tag}`));
  const code = /\/n\/([A-Za-z0-9_-]{8})\b/.exec(notice?.body ?? '')?.[1];
  expect(code).toBeDefined();
  await page.goto(`/n/${code}`);
  await expect(page.getByText(`Dock Seven ${tag}`).first()).toBeVisible({ timeout: 10_000 });
  await shootBothSchemes(page, 'notice-short-link');
  await page.goto(`/workers/${workerId}`);
  await expect(page.getByText('SMS on').first()).toBeVisible();
  await shootBothSchemes(page, 'worker-sms-on');
  await page.goto(`/workers/${workerId}/edit`);
  await expect(page.getByRole('switch', { name: 'SMS notifications' })).toBeChecked();
  await shootBothSchemes(page, 'worker-form-sms');

  // The jobsite page shows each person's channels at a glance; /subscription the texts used this month.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/jobsites/${site.body.id}`);
    await expect(page.getByRole('table', { name: 'Channels of the people notified' })).toContainText(
      'SMS on',
    );
    await shootBothSchemes(page, 'jobsite-channels');
    await page.goto('/subscription');
    await expect(page.getByTestId('sms-used')).toContainText(/of 1,000 segments used this month/);
    await shootBothSchemes(page, 'subscription-sms');
  }
});
