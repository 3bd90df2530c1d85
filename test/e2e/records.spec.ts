import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerUser, signIn, uniqueEmail } from '../support/cognito';
import {
  freshAccountOnSubscription,
  payOnHostedCheckout,
  screenA11yViolations,
  signInThroughLoginPage,
} from './helpers';
import { e2eStack } from './stack';
import { fillJobsitePlace } from './support/forms';

/**
 * Clients, crews, workers (one by CSV import) and a jobsite with recipients, through the SPA against
 * the whole local product: create, edit, search and sort, and a second account that sees none of it.
 * With RAINCHECK_SHOTS=<dir>, every screen is also photographed light and dark, wide and phone-sized.
 */

const PASSWORD = 'Records-Passw0rd!';
const SHOTS = process.env.RAINCHECK_SHOTS;

/** A new account on the Premium plan, bought through the payments sandbox (as in billing.spec.ts). */
async function premiumAccount(page: Page, prefix: string): Promise<string> {
  const email = await freshAccountOnSubscription(page, prefix, PASSWORD);
  await page.getByRole('button', { name: 'Choose Premium, monthly' }).click();
  await payOnHostedCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 20_000 });
  await expect(page.getByTestId('current-plan-name')).toHaveText('Premium', { timeout: 20_000 });
  return email;
}

async function apiGet(email: string, pathAndQuery: string): Promise<any> {
  const stack = e2eStack();
  const tokens = await signIn(stack, email, PASSWORD);
  const res = await fetch(`${stack.appUrl}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${tokens.IdToken}` },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Photographs the page as it is, light and dark, 1280 and 390 wide (only with RAINCHECK_SHOTS). */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    for (const [label, width, height] of [
      ['wide', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      // From the top: a full-page shot of a scrolled page paints the fixed header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(250);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-${label}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Picks options of a Mantine Select or MultiSelect by its label. */
async function choose(page: Page, scope: Page | Locator, label: string | RegExp, options: string[]) {
  await scope.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

const rowsOf = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };
}

test.beforeAll(() => {
  if (!e2eStack().stripeSandboxUrl) {
    throw new Error('The records tests buy Premium on the local payments sandbox: unset STRIPE_SECRET_KEY.');
  }
});

test('should create, edit, search and sort clients, crews, workers and a jobsite, and show none of it to another account', async ({
  page,
}) => {
  test.setTimeout(SHOTS ? 600_000 : 240_000);
  const owner = await premiumAccount(page, 'records');

  await test.step('clients: empty state, validation, create two', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByText('No clients yet')).toBeVisible();
    await shoot(page, 'clients-empty');
    await page.getByRole('link', { name: 'Add your first client' }).click();
    await expect(page).toHaveURL(/\/clients\/new$/);

    const form = page.getByRole('form', { name: 'New client' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Create client' }).click();
    await expect(form.getByText('Company name is required')).toBeVisible();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await expect(form.getByLabel(/Company name/)).toBeFocused();
    await shoot(page, 'client-form-errors');
    expect(await screenA11yViolations(page)).toEqual([]);

    await form.getByLabel(/Company name/).fill('Acme Builders');
    await form.getByLabel('Contact name').fill('Maria Chen');
    await form.getByLabel('Email').fill('ops@acme.example');
    await form.getByRole('button', { name: 'Create client' }).click();
    await expect(page).toHaveURL(/\/clients\/(?!new$)[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Builders' })).toBeVisible();

    await page.goto('/clients/new');
    await page.getByLabel(/Company name/).fill('Zenith Homes');
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Zenith Homes' })).toBeVisible();
  });

  await test.step('crews: add one inline', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Crews' }).click();
    await expect(page.getByText('No crews yet')).toBeVisible();
    const add = page.getByRole('form', { name: 'New crew' });
    await add.getByLabel(/Crew name/).fill('Framing');
    await add.getByRole('button', { name: 'Add crew' }).click();
    await expect(rowsOf(page, 'Crews')).toHaveCount(1);
    await expect(rowsOf(page, 'Crews').first()).toContainText('Framing');
    await expect(add.getByLabel(/Crew name/)).toHaveValue('');
  });

  await test.step('workers: two by the form', async () => {
    await page.goto('/workers');
    await expect(page.getByText('No workers yet')).toBeVisible();
    await shoot(page, 'workers-empty');
    await page.getByRole('link', { name: 'Add your first worker' }).click();
    const form = page.getByRole('form', { name: 'New worker' });
    await form.getByLabel(/^Name/).fill('Ana Lopez');
    await form.getByLabel(/^Email/).fill('ana@acme.example');
    await form.getByLabel(/Trade or role/).fill('Carpenter');
    await choose(page, form, 'Crews', ['Framing']);
    await form.getByLabel('Manager').check();
    await shoot(page, 'worker-form');
    await form.getByRole('button', { name: 'Create worker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ana Lopez' })).toBeVisible();
    await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Framing' })).toBeVisible();

    await page.goto('/workers/new');
    await page.getByLabel(/^Name/).fill('Ben Ode');
    await page.getByLabel(/^Email/).fill('ben@acme.example');
    await page.getByRole('button', { name: 'Create worker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Ode' })).toBeVisible();
  });

  await test.step('workers: CSV import refuses a bad row, then imports the fixed file', async () => {
    await page.goto('/workers');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import workers from a CSV file' });
    const fileInput = dialog.locator('input[type="file"]');

    // Checked in the browser: the bad row is marked and the import cannot start.
    await fileInput.setInputFiles(
      csvFile('workers.csv', [
        'name,email,phone,trade,crews,manager',
        'Cy Tran,cy@acme.example,206 555 0130,Roofer,Framing; Roofing,no',
        'Dee Park,dee-at-acme,,,,maybe',
      ]),
    );
    const preview = dialog.getByRole('table', { name: 'Workers in the file' });
    await expect(preview.locator('tbody tr')).toHaveCount(2);
    const bad = preview.locator('tbody tr').nth(1);
    await expect(bad).toHaveAttribute('aria-invalid', 'true');
    await expect(bad).toContainText('Enter a valid email address');
    await expect(bad).toContainText('Manager must be yes or no');
    await expect(dialog.getByText('New crews will be created: Roofing.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 2 workers' })).toBeDisabled();
    await shoot(page, 'workers-import-preview');
    expect(await screenA11yViolations(page)).toEqual([]);

    // Checked by the server's dry run: rows are matched by email, so a worker already in the account is
    // an update, shown before anything is written.
    await fileInput.setInputFiles(
      csvFile('workers.csv', [
        'name,email,phone,trade,crews,manager',
        'Cy Tran,cy@acme.example,206 555 0130,Roofer,Framing; Roofing,no',
        'Dee Park,ben@acme.example,,,,no',
      ]),
    );
    await expect(preview.locator('tbody tr').nth(0)).toContainText('New');
    await expect(preview.locator('tbody tr').nth(1)).toContainText('Updated');
    await expect(dialog.getByRole('button', { name: 'Import 2 workers' })).toBeEnabled();
    const during = await apiGet(owner, '/api/workers?q=cy%40acme');
    expect(during.body.items).toEqual([]);
    const crewsDuring = await apiGet(owner, '/api/crews?q=Roofing');
    expect(crewsDuring.body.items).toEqual([]);

    // The file without the row that would rename Ben: the new worker is imported, with the crew it names created.
    await fileInput.setInputFiles(
      csvFile('workers-fixed.csv', [
        'name,email,phone,trade,crews,manager',
        'Cy Tran,cy@acme.example,206 555 0130,Roofer,Framing; Roofing,no',
      ]),
    );
    await expect(dialog.getByText('1 row read, no problems found.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 1 worker' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('1 worker imported.')).toBeVisible();
    await expect(rowsOf(page, 'Workers')).toHaveCount(3);
    await shoot(page, 'workers-list');
  });

  await test.step('jobsites: create one with recipients and a rule', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobsites' }).click();
    await expect(page).toHaveURL(/\/jobsites$/);
    await expect(page.getByText('No jobsites yet')).toBeVisible();
    await page.getByRole('link', { name: 'Add your first jobsite' }).click();
    const form = page.getByRole('form', { name: 'New jobsite' });
    await form.getByLabel(/^Jobsite name/).fill('Riverside Tower');
    await choose(page, form, /^Client/, ['Acme Builders']);
    await form.getByLabel(/^Latitude/).fill('41.8781');
    await form.getByLabel(/^Longitude/).fill('-87.6298');
    await expect(
      form.getByText('Derived from the coordinates: America/Chicago.', { exact: false }),
    ).toBeVisible();
    await choose(page, form, /^Workers/, ['Ana Lopez']);
    await choose(page, form, /^Crews/, ['Framing']);
    await form.getByLabel('Also notify the client').check();
    await form.getByRole('button', { name: 'Add a rule' }).click();
    await form.getByLabel('Threshold').fill('0.1');
    await choose(page, form, 'Add an activity preset', ['Crane / lifting']);
    await expect(form.getByText(/OSHA 29 CFR 1926\.1431/)).toBeVisible();
    await expect(form.getByLabel('Threshold')).toHaveCount(3);
    await shoot(page, 'jobsite-form');
    expect(await screenA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create jobsite' }).click();

    await expect(page).toHaveURL(/\/jobsites\/(?!new$)[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Riverside Tower' })).toBeVisible();
    await expect(page.getByText('America/Chicago')).toBeVisible();
    await expect(page.getByText('Precipitation ≥ 0.1 in/h')).toBeVisible();
    await expect(page.getByText(/Wind gusts ≥ 30 mph/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ana Lopez' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Framing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Acme Builders' })).toBeVisible();
    await shoot(page, 'jobsite-view');
    expect(await screenA11yViolations(page)).toEqual([]);

    await page.goto('/jobsites');
    await expect(page.getByRole('figure', { name: 'Map of the jobsites' })).toBeVisible();
    await expect(rowsOf(page, 'Jobsites')).toHaveCount(1);
    await shoot(page, 'jobsites-list');
  });

  await test.step('edits: client, worker, crew and jobsite', async () => {
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Acme Builders' }).click();
    await expect(page.getByRole('link', { name: 'Riverside Tower' })).toBeVisible();
    await shoot(page, 'client-view');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Contact name').fill('Maria Chen-Ortiz');
    await page.getByLabel('Phone').fill('+1 312 555 0199');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Maria Chen-Ortiz')).toBeVisible();
    await expect(page.getByText('+1 312 555 0199')).toBeVisible();

    // Deleting a client a jobsite uses is refused, with the server's reason.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Acme Builders?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toContainText('Riverside Tower');
    await shoot(page, 'client-delete-refused');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/workers');
    await page.getByRole('link', { name: 'Ben Ode' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel(/Trade or role/).fill('Crane operator');
    await choose(page, page, 'Crews', ['Roofing']);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Crane operator')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Roofing' })).toBeVisible();

    await page.goto('/workers');
    await page.getByRole('link', { name: 'Ana Lopez' }).click();
    await expect(page.getByRole('link', { name: 'Riverside Tower' })).toBeVisible();
    await shoot(page, 'worker-view');

    await page.goto('/crews');
    await page.getByRole('button', { name: 'Rename Framing' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Framing' });
    await rename.getByLabel(/Crew name/).fill('Framing crew');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await expect(rowsOf(page, 'Crews').filter({ hasText: 'Framing crew' })).toContainText('2 workers');
    await shoot(page, 'crews-list');
    expect(await screenA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Framing crew' }).click();
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('link')).toHaveText([
      'Ana Lopez',
      'Cy Tran',
    ]);
    await expect(page.getByRole('link', { name: 'Riverside Tower' })).toBeVisible();
    await shoot(page, 'crew-view');

    await page.goto('/jobsites');
    await page.getByRole('link', { name: 'Riverside Tower' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit jobsite' });
    await form.getByLabel(/^Jobsite name/).fill('Riverside Tower, phase 2');
    await form.getByLabel(/^Active/).uncheck();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Riverside Tower, phase 2' })).toBeVisible();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    // The rule the form did not touch is unchanged (no unit round trip).
    await expect(page.getByText('Precipitation ≥ 0.1 in/h')).toBeVisible();
  });

  await test.step('lists: search and sort', async () => {
    await page.goto('/clients');
    await expect(rowsOf(page, 'Clients')).toHaveCount(2);
    await expect(rowsOf(page, 'Clients').first()).toContainText('Acme Builders');
    await choose(page, page, 'Sort by', ['Name, Z to A']);
    await expect(rowsOf(page, 'Clients').first()).toContainText('Zenith Homes');
    await expect(page).toHaveURL(/sort=-name/);
    await page.getByLabel('Search clients').fill('acme');
    await expect(rowsOf(page, 'Clients')).toHaveCount(1);
    await expect(rowsOf(page, 'Clients').first()).toContainText('Acme Builders');
    await shoot(page, 'clients-list-search');
    expect(await screenA11yViolations(page)).toEqual([]);
    await page.getByLabel('Search clients').fill('nobody-by-this-name');
    await expect(page.getByText('No clients match “nobody-by-this-name”.')).toBeVisible();

    await page.goto('/workers');
    await choose(page, page, 'Sort by', ['Email, A to Z']);
    await expect(rowsOf(page, 'Workers').locator('td:first-child a')).toHaveText([
      'Ana Lopez',
      'Ben Ode',
      'Cy Tran',
    ]);
    await choose(page, page, 'Sort by', ['Name, Z to A']);
    await expect(rowsOf(page, 'Workers').locator('td:first-child a')).toHaveText([
      'Cy Tran',
      'Ben Ode',
      'Ana Lopez',
    ]);
    await page.getByLabel('Search workers').fill('roofer');
    await expect(rowsOf(page, 'Workers')).toHaveCount(1);
    await expect(rowsOf(page, 'Workers').first()).toContainText('Cy Tran');
  });

  const clientId = (await apiGet(owner, '/api/clients?q=acme')).body.items[0].id as string;

  await test.step('a second account sees none of it', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const other = uniqueEmail('records-other');
    await registerUser(e2eStack(), other, PASSWORD);
    await signInThroughLoginPage(page, other, PASSWORD);

    // No plan: the one-jobsite form on the dashboard, empty.
    await expect(page.getByRole('heading', { name: 'Set up your jobsite' })).toBeVisible();
    await shoot(page, 'dashboard-jobsite');
    expect(await screenA11yViolations(page)).toEqual([]);
    for (const [path, empty] of [
      ['/clients', 'No clients yet'],
      ['/workers', 'No workers yet'],
      ['/crews', 'No crews yet'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(empty)).toBeVisible();
    }
    await page.goto('/clients?q=acme');
    await expect(page.getByText('No clients match “acme”.')).toBeVisible();
    await page.goto(`/clients/${clientId}`);
    await expect(page.getByText('No client with this id')).toBeVisible();
    await shoot(page, 'client-not-found');

    for (const kind of ['clients', 'workers', 'crews', 'jobsites']) {
      const list = await apiGet(other, `/api/${kind}`);
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([]);
    }
  });

  await test.step('without a plan, the one jobsite is set up on the dashboard with the same form', async () => {
    await page.goto('/dashboard');
    const form = page.getByRole('form', { name: 'New jobsite' });
    await fillJobsitePlace(form, { name: 'Home office yard', latitude: '47.6062', longitude: '-122.3321' });
    await expect(
      form.getByText('Derived from the coordinates: America/Los_Angeles.', { exact: false }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Create jobsite' }).click();
    await expect(page.getByRole('heading', { name: 'Your jobsite: Home office yard' })).toBeVisible();
    const edit = page.getByRole('form', { name: 'Edit jobsite' });
    await expect(edit.getByLabel(/^Jobsite name/)).toHaveValue('Home office yard');
  });
});
