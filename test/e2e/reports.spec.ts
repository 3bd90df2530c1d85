import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAppRoot } from '../../lambdas/composition/app.root';
import { tenantFromStore } from '../../lambdas/core/caller';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { seriousA11yViolations, shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * Custom reports in a real browser (issue 25): a Premium contractor defines a report, watches the live
 * preview, saves it and downloads its PDF, whose first page is rendered to PNG with poppler's pdftoppm
 * (scripts/ensure-poppler.sh installs it) to be looked at.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
let account: TestAccount;
let siteName: string;

test.beforeAll(async () => {
  const stack = e2eStack();
  account = await accountOnPlan(stack, 'reports-e2e', 'premium');
  siteName = `Quarry Road Bridge ${Date.now()}`;
  const site = await callApi(stack, '/api/jobsites', {
    token: account.token,
    body: {
      name: siteName,
      latitude: 39.74,
      longitude: -104.99,
      anticipatedWeatherDays: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    },
  });
  expect(site.status).toBe(201);
  const root = createAppRoot(stack.lambdaConfig);
  for (const [workDate, verdict, hoursLost] of [
    ['2026-01-27', 'full', 10],
    ['2026-01-30', 'full', 10],
    ['2026-02-03', 'partial', 6],
  ] as const)
    await root.dispatch.decisions.put({
      tenantId: tenantFromStore(account.userId),
      jobsiteId: site.body.id,
      workDate,
      verdict,
      hoursLost,
      delayCalled: true,
      judgement: { date: workDate, verdict, hoursLost, workingHours: 10, rules: [] },
      rules: [],
      forecast: null,
      lastKind: 'notice',
      announcement: null,
      decidedAt: `${workDate}T05:00:00.000Z`,
      runId: 'reports-e2e',
    });
});

test('a contractor builds a report, previews it, saves it and downloads its PDF', async ({ page }) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/analytics/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Custom reports' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('January–February weather days');
  await page.getByText('Fixed dates', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-01-26');
  await page.getByLabel('To', { exact: true }).fill('2026-02-06');
  await page.getByRole('checkbox', { name: REPORT_NOTICES }).check();
  const preview = page.getByRole('table', { name: 'Report preview' });
  const row = preview.getByRole('row', { name: new RegExp(siteName) });
  await expect(row).toContainText('Jan 26 – Feb 6, 2026');
  // Jan 27 and Jan 30 (January's allowance is 1: one beyond), Feb 3 (6 of 10 hours).
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText('26');
  await page.mouse.move(0, 0);
  await shootWideAndPhone(page, 'reports');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Create report' }).click();
  const saved = page.getByRole('table', { name: 'Saved reports' });
  await expect(saved.getByRole('row', { name: /January–February weather days/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    saved.getByRole('button', { name: 'Download PDF of January–February weather days' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('January–February weather days.pdf');
  const dir = SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-report-'));
  fs.mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, 'report.pdf');
  await download.saveAs(pdf);
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '3', pdf, path.join(dir, 'report-page')]);
  const pages = fs.readdirSync(dir).filter((f) => f.startsWith('report-page') && f.endsWith('.png'));
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const p of pages) expect(fs.statSync(path.join(dir, p)).size).toBeGreaterThan(5_000);
});

const REPORT_NOTICES = 'Notices sent';
