import { expect, test } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { CRANE_GUST_LIMIT } from '../support/storm-site';
import { signIn } from '../support/cognito';
import { mailTo } from '../support/mailbox';
import { seriousA11yViolations, shootBothSchemes, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * Crew confirmation in a real browser against the whole local stack: the contractor names the
 * jobsite's foreman in the form, a dispatch slot runs, the foreman opens the link in their email
 * signed out and taps "Crew stood down", and the answer shows on the jobsite page.
 */
// The stack exists only once the global setup ran: read it per call, not when the file loads.
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);
const ZONE = 'America/Chicago';

/** The slot the dispatch serves now, as the jobsite's local notice time, so the run asks about today. */
function currentSlot(): { at: string; time: string } {
  const at = new Date(Math.floor(Date.now() / 900_000) * 900_000);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { at: at.toISOString(), time };
}

let account: TestAccount;
let foreman: { id: string; email: string };
let siteId: string;
const tag = Date.now();

test.beforeAll(async () => {
  account = await newAccount(e2eStack(), 'confirm-e2e');
  await subscribe(e2eStack(), account, 'premium');
  const worker = await api('/api/workers', {
    token: account.token,
    body: { name: 'Ana Foreman', email: `ana-${tag}@example.com` },
  });
  expect(worker.status).toBe(201);
  foreman = { id: worker.body.id, email: worker.body.email };
  const site = await api('/api/jobsites', {
    token: account.token,
    body: {
      name: `Harbor Crane Pad ${tag}`,
      latitude: 41.8781,
      longitude: -87.6298,
      timezone: ZONE,
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      noticeTimes: [{ time: currentSlot().time, forDay: 'same' }],
      rules: [CRANE_GUST_LIMIT],
      scenario: 'storm',
    },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
});

test('should let the foreman confirm from the email signed out and show the answer on the jobsite', async ({
  page,
  browser,
}) => {
  // Two browsers, a dispatch run and screenshots in both schemes at two widths, on two shared cores.
  test.setTimeout(240_000);
  // The contractor names the foreman in the jobsite's form.
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto(`/jobsites/${siteId}?edit`);
  const section = page.getByRole('group', { name: 'Crew confirmation' });
  await section.getByRole('combobox', { name: /^Foreman/ }).click();
  await page.getByRole('option', { name: 'Ana Foreman' }).click();
  await section.getByLabel(/^Escalate after/).fill('45');
  await section.scrollIntoViewIfNeeded();
  await shootBothSchemes(page, 'jobsite-form-foreman');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText(/Ana Foreman\s*confirms each delay notice; managers are told after 45 min/),
  ).toBeVisible();

  // A slot runs: the foreman's notice carries the two answers.
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const { at } = currentSlot();
  expect((await api('/api/admin/dispatch/run', { token: admin, body: { at } })).status).toBe(200);
  const [notice] = await mailTo(e2eStack(), foreman.email);
  const link = /(https?:\/\/\S+\/c\/\S+\?answer=stood-down)/.exec(notice?.body.text ?? '')?.[1];
  expect(link).toBeTruthy();

  // The foreman, on a phone and signed out, opens the link and taps the answer.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const foremanPage = await phone.newPage();
  await foremanPage.goto(link!);
  await expect(foremanPage.getByText(`Harbor Crane Pad ${tag}`)).toBeVisible({ timeout: 30_000 });
  await expect(foremanPage.getByText('Full-day delay')).toBeVisible();
  expect(await seriousA11yViolations(foremanPage)).toEqual([]);
  await shootBothSchemes(foremanPage, 'confirm-page');
  await foremanPage.getByRole('button', { name: 'Crew stood down' }).click();
  const done = foremanPage.getByRole('status').filter({ hasText: 'the office has your answer' });
  await expect(done).toContainText(/Confirmed by Ana Foreman at \d\d:\d\d: crew stood down \(email link\)/);
  await shootBothSchemes(foremanPage, 'confirm-page-answered');
  await foremanPage.setViewportSize({ width: 1280, height: 900 });
  await shootBothSchemes(foremanPage, 'confirm-page-answered');
  await phone.close();

  // The contractor sees the answer on the jobsite.
  await page.goto(`/jobsites/${siteId}`);
  await expect(page.getByRole('heading', { name: `Harbor Crane Pad ${tag}` })).toBeVisible({
    timeout: 30_000,
  });
  const answers = page.getByRole('list', { name: 'Crew confirmations' });
  await expect(answers).toContainText(
    /Confirmed by Ana Foreman at \d\d:\d\d: crew stood down \(email link\)/,
  );
  await expect(answers.getByText('Stood down', { exact: true })).toBeVisible();
  await answers.scrollIntoViewIfNeeded();
  await shootBothSchemes(page, 'jobsite-confirmations');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootBothSchemes(page, 'jobsite-confirmations');

  // The day's evidence page and the alert history say the same.
  await page.setViewportSize({ width: 1280, height: 900 });
  await answers.getByRole('link', { name: /^\d{4}-\d{2}-\d{2}$/ }).click();
  const evidence = page.getByRole('region', { name: 'Crew confirmation' });
  await expect(evidence).toContainText(
    /Confirmed by Ana Foreman at \d\d:\d\d: crew stood down \(email link\)/,
    {
      timeout: 30_000,
    },
  );
  await page.goto('/email');
  const history = page.getByRole('region', { name: 'Crew confirmations' });
  await expect(history).toContainText(`Harbor Crane Pad ${tag}`, { timeout: 30_000 });
  await expect(history).toContainText(
    /Confirmed by Ana Foreman at \d\d:\d\d: crew stood down \(email link\)/,
  );
  await history.scrollIntoViewIfNeeded();
  await shootBothSchemes(page, 'email-confirmations');
});
