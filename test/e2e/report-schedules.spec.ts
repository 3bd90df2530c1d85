import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { seededAdminToken } from '../support/cognito';
import { screenA11yInBothSchemes, shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * Report schedules in a real browser (issue 25 §6): a Premium contractor creates a report (a double
 * click makes one), schedules it monthly (a double-clicked save makes one schedule), the scheduled job
 * runs, the email with its PDF is in the SES emulator's mailbox, and the report page lists the send
 * with a Download of the kept document.
 */
let account: TestAccount;
const stamp = Date.now();
const TITLE = `Owner’s monthly report ${stamp}`;
const REP = `owners-rep-${stamp}@example.com`;
const PM = `pm-${stamp}@example.com`;
// After November ends in Denver: the job sends November 2026.
const AFTER_NOVEMBER = '2026-12-01T15:00:00Z';

interface MailboxEmail {
  destination: { to: string[] };
  subject: string;
  attachments: { contentType: string; filename?: string; size: number }[];
}

test.beforeAll(async () => {
  const stack = e2eStack();
  account = await newAccount(stack, 'schedules-e2e');
  await subscribe(stack, account, 'premium');
  const site = await callApi(stack, '/api/jobsites', {
    token: account.token,
    body: {
      name: `Quarry Road Bridge ${stamp}`,
      latitude: 39.74,
      longitude: -104.99,
      timezone: 'America/Denver',
    },
  });
  expect(site.status).toBe(201);
});

test('a contractor schedules a report, the job emails its PDF once, and the history offers it again', async ({
  page,
}) => {
  const stack = e2eStack();
  const api = (pathname: string) => callApi(stack, pathname, { token: account.token });
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/analytics/reports');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);

  await page.getByRole('button', { name: 'Create report' }).dblclick();

  const saved = page.getByRole('table', { name: 'Saved reports' });
  await expect(saved.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const reports = (await api('/api/reports')).body.reports as { id: string; title: string }[];
  expect(reports.filter((r) => r.title === TITLE)).toHaveLength(1);

  await saved.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const form = page.getByRole('form', { name: 'Schedule' });
  // An address that is not one is refused next to its field.
  await form.getByLabel('Send to').fill(`${REP}\nnot-an-address`);
  await form.getByRole('button', { name: 'Schedule report' }).click();
  await expect(form.getByText('not-an-address: Enter a valid email address')).toBeVisible();
  await form.getByLabel('Send to').fill(`${REP}\n${PM}`);
  await form.getByLabel('Monthly').check();

  await form.getByRole('button', { name: 'Schedule report' }).dblclick();

  await expect(form.getByRole('button', { name: 'Save schedule' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const reportId = reports.find((r) => r.title === TITLE)!.id;
  const view = await api(`/api/reports/${reportId}/schedule`);
  expect(view.body.schedule).toMatchObject({ cadence: 'monthly', to: [REP, PM], timezone: 'America/Denver' });

  // The scheduled job, as EventBridge runs it every hour (the admin's "run now"), twice.
  const admin = await seededAdminToken(stack);
  for (let i = 0; i < 2; i++) {
    const run = await callApi(stack, '/api/reports/schedules/run', {
      token: admin,
      body: { at: AFTER_NOVEMBER },
    });
    expect(run.status).toBe(200);
  }
  const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as { emails: MailboxEmail[] };
  const mails = store.emails.filter((e) => e.destination.to.includes(REP));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe(`${TITLE}: November 2026`);
  expect(mails[0]!.attachments).toEqual([
    expect.objectContaining({
      contentType: 'application/pdf',
      filename: expect.stringMatching(/-2026-11\.pdf$/),
    }),
  ]);

  await page.reload();
  const history = page.getByRole('list', { name: 'Send history' });
  const row = history.getByRole('listitem', { name: 'November 2026: Sent' });
  await expect(row).toContainText('Nov 1 – Nov 30, 2026');
  await expect(row).toContainText(`To ${REP}, ${PM}`);
  await expect(row).toContainText(/attached, \d+ KB/);
  await page.mouse.move(0, 0);
  await shootWideAndPhone(page, 'report-schedule');
  expect(await screenA11yInBothSchemes(page)).toEqual({ light: [], dark: [] });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download the November 2026 PDF' }).click(),
  ]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
});
