import { expect, test } from '@playwright/test';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { stormSiteInSeattle } from '../support/storm-site';
import { seriousA11yViolations, shootBothSchemes as shoot, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * Issue 20 in a real browser against the whole local stack: the contractor sets the company and a
 * site contact in the app, an admin runs the evening slot, and a worker opens the mail's details
 * link signed out and sees the day's verdict and its hourly chart. Quiet hours warn which notice
 * would wait.
 */
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);

// Wednesday 2 December 2026, 18:00 in Seattle (PST): the evening notice about Thursday.
const AT = '2026-12-03T02:00:00.000Z';
const tag = Date.now();
const SITE = `Harbor Point Tower ${tag}`;
const COMPANY = 'Acme Builders';

let account: TestAccount;
let siteId: string;
let workerEmail: string;

test.beforeAll(async () => {
  account = await accountOnPlan(e2eStack(), 'notice-e2e', 'premium');
  workerEmail = `crew-${tag}@example.com`;
  ({ siteId } = await stormSiteInSeattle(e2eStack(), account, {
    name: SITE,
    workerEmail,
    address: '1200 Alaskan Way, Seattle, WA 98101',
  }));
});

test('should open the details link of a notice signed out and show the hourly chart, the company and the site contact', async ({
  page,
  browser,
}) => {
  // Two cores shared by several stacks: pages and axe are slow here, not broken.
  test.setTimeout(300_000);
  await signInThroughLoginPage(page, account.email, account.password);
  // The dashboard's checklist asks for the company until it is set.
  await expect(page.getByRole('link', { name: 'Add your company name' })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'dashboard-checklist');
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Company').fill(COMPANY);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await page.goto(`/jobsites/${siteId}?edit`);
  await page.getByLabel('Contact name').fill('Ana Silva', { timeout: 30_000 });
  await page.getByLabel('Contact phone').fill('+1 206 555 0100');
  await shoot(page, 'jobsite-contact');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 15_000 });

  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const run = await api('/api/admin/dispatch/run', { token: admin, body: { at: AT } });
  expect(run.status).toBe(200);
  const store = (await (await fetch(`${e2eStack().mailboxUrl}/store`)).json()) as {
    emails: { destination: { to: string[] }; from: string; body: { text?: string } }[];
  };
  const mail = store.emails.filter((e) => e.destination.to.includes(workerEmail));
  expect(mail).toHaveLength(1);
  expect(mail[0]!.from).toContain(`${COMPANY} via Raincheck`);
  const link = /https?:\/\/\S+\/n\/[A-Za-z0-9_-]+/.exec(mail[0]!.body.text ?? '')?.[0];
  expect(link).toBeTruthy();

  // A worker's phone: no session, no cookies.
  const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await signedOut.newPage();
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { level: 1, name: new RegExp(SITE) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(phone.getByText('Full-day delay').first()).toBeVisible();
  await expect(phone.getByText(`${COMPANY} via Raincheck`)).toBeVisible();
  await expect(phone.getByText('1200 Alaskan Way, Seattle, WA 98101')).toBeVisible();
  await expect(phone.getByRole('link', { name: '+1 206 555 0100' })).toHaveAttribute(
    'href',
    'tel:+12065550100',
  );
  await expect(phone.getByText(/Gusts \d+ mph/).first()).toBeVisible();
  await expect(phone.getByRole('img', { name: /Gusts by hour, limit 30 mph/ })).toBeVisible();
  expect(await seriousA11yViolations(phone)).toEqual([]);
  await shoot(phone, 'notice-details');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shoot(phone, 'notice-details');

  // A forged link opens nothing and says so.
  await phone.goto(`${link!.slice(0, -3)}xyz`);
  await expect(phone.getByText('This link does not open a notice')).toBeVisible();
  await signedOut.close();
});

test("should warn in settings that the jobsite's 05:00 notice will wait until quiet hours end", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Quiet hours' });
  await form.getByRole('switch', { name: /Hold non-urgent messages/ }).check();
  await expect(
    form.getByText(`${SITE}'s 05:00 notice will wait until 06:00`, { exact: false }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByText('Quiet hours are on.')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-quiet-hours');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'settings-quiet-hours');

  await page.goto(`/jobsites/${siteId}?edit`);
  await expect(page.getByText(`${SITE}'s 05:00 notice will wait until 06:00`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByText('Notice times').scrollIntoViewIfNeeded();
  await shoot(page, 'jobsite-notices');
});
