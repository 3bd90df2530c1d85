import { expect, test, type Page } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * The forms of issues 22 and 23 submit once when double-clicked (an impatient click, a bouncing
 * mouse): one invite, one API key, one webhook endpoint, one support request, each counted through
 * the API after the click, and no error shown for a second submit.
 */
let owner: TestAccount;

test.beforeAll(async () => {
  owner = await newAccount(e2eStack(), 'double-submit');
  await subscribe(e2eStack(), owner, 'enterprise');
});

const api = (pathname: string) => callApi(e2eStack(), pathname, { token: owner.token });

async function signedIn(page: Page, path: string) {
  await signInThroughLoginPage(page, owner.email, owner.password);
  await page.goto(path);
}

test('should send one invite when "Send invite" is double-clicked', async ({ page }) => {
  const email = `double-invite-${Date.now()}@example.com`;
  await signedIn(page, '/settings/team');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);

  await form.getByRole('button', { name: 'Send invite' }).dblclick();

  await expect(
    page.getByRole('list', { name: 'Pending invites' }).getByRole('listitem', { name: email }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const team = await api('/api/account/members');
  expect(team.body.invites.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
});

test('should create one API key when "Create key" is double-clicked', async ({ page }) => {
  const name = `Double key ${Date.now()}`;
  await signedIn(page, '/settings/api');
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Name').fill(name);

  await form.getByRole('button', { name: 'Create key' }).dblclick();

  await expect(page.getByRole('dialog', { name: 'Your new API key' })).toBeVisible();
  const keys = await api('/api/api-keys');
  expect(keys.status).toBe(200);
  const items = keys.body.items as { name: string }[];
  expect(items.filter((k) => k.name === name)).toHaveLength(1);
});

test('should add one webhook endpoint when "Add webhook" is double-clicked', async ({ page }) => {
  const url = `http://127.0.0.1:9/double-${Date.now()}`;
  await signedIn(page, '/settings/webhooks');
  await page.getByLabel(/Endpoint URL/).fill(url);
  await page.getByRole('checkbox', { name: /A jobsite was created/ }).check();

  await page.getByRole('button', { name: 'Add webhook' }).dblclick();

  await expect(page.getByTestId('webhook-secret')).toBeVisible();
  const hooks = await api('/api/webhooks');
  expect(hooks.body.items.filter((h: { url: string }) => h.url === url)).toHaveLength(1);
});

test('should send one support request when "Send to support" is double-clicked', async ({ page }) => {
  const subject = `Double support ${Date.now()}`;
  await signInThroughLoginPage(page, owner.email, owner.password);
  await page.getByRole('button', { name: 'Help' }).click();
  const form = page.getByRole('form', { name: 'Support request' });
  await form.getByRole('textbox', { name: /Subject/ }).fill(subject);
  await form.getByRole('textbox', { name: /What happened/ }).fill('Clicked twice.');

  await form.getByRole('button', { name: 'Send to support' }).dblclick();

  await expect(page).toHaveURL(/\/support\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  const requests = await api('/api/support/requests');
  expect(requests.body.requests.filter((r: { subject: string }) => r.subject === subject)).toHaveLength(1);
});
