import { expect, test } from '@playwright/test';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { mailTo } from '../support/mailbox';
import { stormSiteInSeattle } from '../support/storm-site';
import { screenA11yViolations, shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';
import { enterpriseAndPremium } from './support/accounts';

/**
 * White-labelling in a real browser (issue 24): an Enterprise owner uploads a logo straight to
 * storage (presigned POST through the local S3 front, with a progress bar, a retried 503 and Cancel),
 * sets a colour, saves, sends a test notice and finds the brand in the mailbox; the app's header
 * shows the logo; a Premium account sees the page locked with the way up.
 */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#0b7285"/><path d="M14 28 L26 10 L38 28 Z" fill="#ffffff"/><text x="46" y="27" font-family="Arial" font-size="16" font-weight="700" fill="#ffffff">HARBOR</text></svg>`;
const COMPANY = `Harbor Steel Erectors ${Date.now() % 100000}`;

let enterprise: TestAccount;
let premium: TestAccount;

test.beforeAll(async () => {
  [enterprise, premium] = await enterpriseAndPremium('brand-e2e');
});

test('should upload a logo with progress, set a colour and see the brand in a test notice', async ({
  page,
}) => {
  await signInThroughLoginPage(page, enterprise.email, enterprise.password);
  await page.goto('/settings/brand');
  await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();

  // Storage answers the first upload with a 503 and holds the second a moment: the client retries,
  // and the progress bar shows while it works.
  let posts = 0;
  await page.route('**/__s3/**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts === 1) return route.fulfill({ status: 503, body: 'Slow Down' });
    await new Promise((r) => setTimeout(r, 800));
    return route.continue();
  });
  await page.getByLabel('Company name').fill(COMPANY);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (
    await chooser
  ).setFiles({ name: 'harbor.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  // The bar (a zero-width fill at 0%) with its percentage and Cancel while the upload runs.
  await expect(page.getByRole('progressbar', { name: 'Logo upload progress' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Logo upload progress' })).not.toBeAttached();
  expect(posts).toBe(2);
  await page.unroute('**/__s3/**');

  // A colour too close to both white and dark text is refused with the reason, next to the field.
  const colour = page.getByRole('textbox', { name: 'Brand colour' });
  await colour.fill('#808080');
  await expect(page.getByText(/has 3\.94:1 contrast with white text/)).toBeVisible();
  await colour.fill('#0b7285');
  await colour.press('Escape');
  await page
    .getByLabel('Email footer')
    .fill('Harbor Steel Erectors, 12 Dock St, Tacoma · Safety line 555-0100');
  await expect(page.getByTestId('brand-band')).toContainText(COMPANY);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/brand') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save brand' }).click();
  const brand = await (await saved).json();
  expect(brand.logoUrl).toMatch(/\/files\/brand\/.+\.svg$/);
  await expect(page.getByText('Brand saved.')).toBeVisible();
  expect(await screenA11yViolations(page)).toEqual([]);

  // Every member of the account sees the logo in the app's header.
  await page.reload();
  await expect(page.getByTestId('account-logo')).toBeVisible();
  await shootWideAndPhone(page, 'brand-settings');

  // The test notice carries the brand, not Raincheck's.
  await page.goto('/email');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/email/test'));
  await page.getByRole('button', { name: 'Send a test to me' }).first().click();
  const { messageId } = await (await sent).json();
  const store = (await (await fetch(`${e2eStack().mailboxUrl}/store`)).json()) as {
    emails: { messageId: string; from: string; body: { html: string; text: string } }[];
  };
  const found = store.emails.find((e) => e.messageId === messageId)!;
  const mail = { from: found.from, ...found.body };
  expect(mail.from).toContain(COMPANY);
  expect(mail.html).toContain(brand.logoUrl);
  expect(mail.html).toContain('background:#0b7285');
  expect(mail.text).toContain('Safety line 555-0100');
  expect(mail.text).not.toMatch(/Raincheck/);

  // How the mail reads (the logo loads from the app's origin).
  await page.setContent(mail.html);
  await expect(page.getByRole('img', { name: `${COMPANY} logo` })).toBeVisible();
  await shootWideAndPhone(page, 'brand-test-notice');
});

test('should save the brand once when the owner double-clicks Save', async ({ page }) => {
  await signInThroughLoginPage(page, enterprise.email, enterprise.password);
  await page.goto('/settings/brand');
  await page.getByLabel('Company name').fill(`${COMPANY} (double-click)`);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/account/brand') && r.method() === 'PUT') puts.push(r.url());
  });

  await page.getByRole('button', { name: 'Save brand' }).dblclick();

  await expect(page.getByText('Brand saved.')).toHaveCount(1);
  expect(puts).toHaveLength(1);
  const stored = await callApi(e2eStack(), '/api/account/brand', { token: enterprise.token });
  expect(stored.body.companyName).toBe(`${COMPANY} (double-click)`);
});

test('should stop an upload with the spec’s message when the owner cancels it', async ({ page }) => {
  await signInThroughLoginPage(page, enterprise.email, enterprise.password);
  await page.goto('/settings/brand');
  await page.route('**/__s3/**', async (route) => {
    await new Promise((r) => setTimeout(r, 5000));
    return route.continue().catch(() => undefined);
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /logo/ }).first().click();
  await (
    await chooser
  ).setFiles({ name: 'harbor.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  await expect(page.getByRole('progressbar', { name: 'Logo upload progress' })).toBeAttached();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('User canceled the upload/download.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Logo upload progress' })).not.toBeAttached();
});

test('should show Premium the page locked with the way up', async ({ page }) => {
  await signInThroughLoginPage(page, premium.email, premium.password);
  await page.goto('/settings/brand');
  await expect(page.getByRole('heading', { name: 'White labelling is locked' })).toBeVisible();
  await expect(
    page.getByText(/White labeling needs the Enterprise plan; this account is on Premium/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Enterprise' })).toHaveAttribute('href', '/subscription');
  await shootWideAndPhone(page, 'brand-locked');
});

test('should show a worker the contractor’s brand on the details and unsubscribe pages of a notice', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stack = e2eStack();
  const owner = await accountOnPlan(stack, 'brand-e2e-pages', 'enterprise');
  const upload = await callApi(stack, '/api/account/brand/logo-upload', {
    token: owner.token,
    body: { contentType: 'image/svg+xml' },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([LOGO], { type: 'image/svg+xml' }));
  expect((await fetch(upload.body.url, { method: 'POST', body: form })).status).toBe(204);
  const brand = { companyName: COMPANY, colour: '#0b7285', footer: 'Safety line 555-0100', logoUrl: null };
  const put = await callApi(stack, '/api/account/brand', {
    method: 'PUT',
    token: owner.token,
    body: { ...brand, logoKey: upload.body.key },
  });
  expect(put.status).toBe(200);
  const workerEmail = `brand-crew-${Date.now()}@example.com`;
  await stormSiteInSeattle(stack, owner, { name: 'Pier 4 Crane Pad', workerEmail });
  const admin = (await signIn(stack, ADMIN.email, ADMIN.password)).IdToken;
  // Wednesday 2 December 2026, 18:00 in Seattle: the evening notice about Thursday.
  const run = await callApi(stack, '/api/admin/dispatch/run', {
    token: admin,
    body: { at: '2026-12-03T02:00:00.000Z' },
  });
  expect(run.status).toBe(200);
  const [mail] = await mailTo(stack, workerEmail);
  const text = mail!.body.text!;
  const details = /\/n\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const unsubscribe = /\/unsubscribe\?token=(\S+)/.exec(text)![1]!;

  await page.goto(`/n/${details}`);
  await expect(page.getByTestId('brand-band')).toContainText(COMPANY);
  await expect(page.getByRole('img', { name: `${COMPANY} logo` })).toBeVisible();
  await expect(page.getByText('via Raincheck')).toHaveCount(0);
  await shootWideAndPhone(page, 'brand-notice-page');

  await page.goto(`/unsubscribe?token=${unsubscribe}`);
  await expect(page.getByTestId('brand-band')).toContainText(COMPANY);
  await expect(page.getByText(`sent for ${COMPANY}`)).toBeVisible();
  expect(await screenA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'brand-unsubscribe-page');
});
