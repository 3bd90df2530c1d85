import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/cognito';
import { signInAsFreshUser } from './helpers';
import { e2eStack } from './stack';
import { fillJobsitePlace } from './support/forms';

/**
 * The everyday record paths that lost a contractor's trust (issue 19), in the browser against the
 * whole local product: a double-clicked import, re-importing a corrected file, out-of-range numbers.
 */

interface Account {
  email: string;
  password: string;
}

async function apiGet<T>(account: Account, path: string): Promise<T> {
  const stack = e2eStack();
  const tokens = await signIn(stack, account.email, account.password);
  const res = await fetch(`${stack.appUrl}${path}`, {
    headers: { authorization: `Bearer ${tokens.IdToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

interface WorkerRow {
  email: string;
  name: string;
  trade: string | null;
}

const workersOf = async (account: Account) =>
  (await apiGet<{ items: WorkerRow[] }>(account, '/api/workers?limit=200')).items;

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };
}

const HEADER = 'name,email,phone,trade,crews,manager';
const FOUR = [
  HEADER,
  'Ana Lopez,ana@trust.example,,Carpenter,,yes',
  'Ben Ode,ben@trust.example,,Laborer,,no',
  'Cy Tran,cy@trust.example,,Roofer,,no',
  'Dee Park,dee@trust.example,,Electrician,,no',
];

async function openImport(page: Page) {
  await page.goto('/workers');
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  return page.getByRole('dialog', { name: 'Import workers from a CSV file' });
}

test('should make each worker once when "Import 4 workers" is double-clicked, and update rows when a corrected file is imported', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signInAsFreshUser(page, 'trust-import');

  await test.step('a double-clicked import makes each worker once', async () => {
    const dialog = await openImport(page);
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('crew.csv', FOUR));
    const preview = dialog.getByRole('table', { name: 'Workers in the file' });
    await expect(preview.locator('tbody tr')).toHaveCount(4);
    await expect(preview.getByText('New', { exact: true })).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Import 4 workers' }).dblclick();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('4 workers imported.')).toBeVisible();

    const emails = (await workersOf(account)).map((w) => w.email).sort();
    expect(emails).toEqual([
      'ana@trust.example',
      'ben@trust.example',
      'cy@trust.example',
      'dee@trust.example',
    ]);
  });

  await test.step('the preview of a corrected file says new, updated and unchanged per row, and writes nothing', async () => {
    const dialog = await openImport(page);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile('crew-corrected.csv', [
          HEADER,
          'Ana Lopez,ANA@trust.example,,Site carpenter,,yes',
          'Ben Ode,ben@trust.example,,Laborer,,no',
          'Cy Tran,cy@trust.example,,Roofer,,no',
          'Dee Park,dee@trust.example,,Master electrician,,no',
          'Eli Moss,eli@trust.example,,Painter,,no',
        ]),
      );
    const rows = dialog.getByRole('table', { name: 'Workers in the file' }).locator('tbody tr');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Updated');
    await expect(rows.nth(1)).toContainText('Unchanged');
    await expect(rows.nth(2)).toContainText('Unchanged');
    await expect(rows.nth(3)).toContainText('Updated');
    await expect(rows.nth(4)).toContainText('New');
    // The dry run stored nothing.
    expect(await workersOf(account)).toHaveLength(4);

    await dialog.getByRole('button', { name: 'Import 5 workers' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('3 workers imported: 1 new, 2 updated.')).toBeVisible();

    const workers = await workersOf(account);
    expect(workers).toHaveLength(5);
    const trade = (email: string) => workers.find((w) => w.email === email)?.trade;
    expect(trade('ana@trust.example')).toBe('Site carpenter');
    expect(trade('dee@trust.example')).toBe('Master electrician');
    expect(trade('eli@trust.example')).toBe('Painter');
  });
});

test('should show the reason next to the field and save nothing when a number is out of range', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signInAsFreshUser(page, 'trust-numbers');

  await test.step('a crew rate of -45', async () => {
    await page.goto('/crews');
    const add = page.getByRole('form', { name: 'New crew' });
    await add.getByLabel(/Crew name/).fill('Framing');
    await add.getByRole('button', { name: 'Add crew' }).click();
    await page.getByRole('link', { name: 'Framing' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit crew' });
    const rate = form.getByLabel('Hourly rate per worker');
    await rate.fill('-45');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter a rate from $0 to $1,000 per hour')).toBeVisible();
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expect(rate).toHaveValue(/-\$?45/);

    const crews = await apiGet<{ items: { name: string; hourlyRateCents: number | null }[] }>(
      account,
      '/api/crews',
    );
    expect(crews.items).toEqual([expect.objectContaining({ name: 'Framing', hourlyRateCents: null })]);
  });

  await test.step('a February allowance of 45 days', async () => {
    await page.goto('/dashboard');
    const form = page.getByRole('form', { name: 'New jobsite' });
    await fillJobsitePlace(form, { name: 'Harbor yard', latitude: '47.6062', longitude: '-122.3321' });
    const february = form.getByLabel('Anticipated weather days in Feb');
    await february.fill('45');
    await form.getByRole('button', { name: 'Create jobsite' }).click();
    await expect(form.getByText('February has at most 29 days')).toBeVisible();
    await expect(february).toHaveAttribute('aria-invalid', 'true');

    const jobsites = await apiGet<{ items: unknown[] }>(account, '/api/jobsites');
    expect(jobsites.items).toEqual([]);
  });
});
