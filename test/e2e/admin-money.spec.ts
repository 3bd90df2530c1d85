import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { callApi, newAccount, subscribe } from '../support/accounts';
import { signIn } from '../support/cognito';
import { formatUsd } from '../../shared/plans';
import { logInAsSeededAdmin, seriousA11yViolations, shootWideAndPhone } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * The admin money screens in Chromium against the whole local stack: after a Premium annual purchase
 * through the payments sandbox, an admin sees the billing figures the API computes and the MRR chart.
 */

async function adminToken() {
  return (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
}

async function logInAsAdmin(page: Page) {
  await logInAsSeededAdmin(page, ADMIN.password);
}

let metrics: any;

test.beforeAll(async () => {
  const buyer = await newAccount(e2eStack(), 'admin-money-e2e');
  await subscribe(e2eStack(), buyer, 'premium', 'annual');
  const token = await adminToken();
  // The webhook lands asynchronously: wait until the purchase is in the figures.
  const deadline = Date.now() + 15_000;
  do {
    metrics = (await callApi(e2eStack(), '/api/admin/metrics', { token })).body;
    if (metrics.billingSummary.paidInvoices > 0 && metrics.subscriptionAnalytics.mrr > 0) break;
    await new Promise((r) => setTimeout(r, 250));
  } while (Date.now() < deadline);
  expect(metrics.billingSummary.totalRevenue).toBeGreaterThanOrEqual(57_590);
});

test('should show an admin the billing figures the API computes, and the invoice list', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/billing');
  const summary = page.getByRole('group', { name: 'Billing summary' });
  const figure = (label: string) =>
    summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Total revenue')).toHaveText(formatUsd(metrics.billingSummary.totalRevenue));
  await expect(figure('Current month revenue')).toHaveText(
    formatUsd(metrics.billingSummary.currentMonthRevenue),
  );
  await expect(figure('Paid invoices')).toHaveText(String(metrics.billingSummary.paidInvoices));
  await expect(figure('Failed invoices')).toHaveText(String(metrics.billingSummary.failedInvoices));
  await expect(figure('Refunded amount')).toHaveText(formatUsd(metrics.billingSummary.refundedAmount));
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByText(formatUsd(57_590)).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'admin-billing');
});

test('should show an admin the MRR chart of the last 12 months with its table', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/revenue');
  const chart = page.getByRole('img', { name: /MRR over the last 12 months/ });
  await expect(chart).toBeVisible();
  // The chart's description reads the current month's MRR, the metrics' figure.
  await expect(chart).toHaveAccessibleName(
    new RegExp(formatUsd(metrics.subscriptionAnalytics.mrr).replace('$', '\\$')),
  );
  await expect(chart.locator('rect')).toHaveCount(12);
  const table = page.getByRole('table', { name: 'MRR and revenue per month' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').nth(1)).toContainText(formatUsd(metrics.subscriptionAnalytics.mrr));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'admin-revenue');
});

test('should show the dashboard, subscriptions and reports, and download a CSV', async ({ page }) => {
  await logInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Email delivery health' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Key figures' }).getByText('MRR', { exact: true }),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'admin-dashboard');

  await page.goto('/admin/subscriptions');
  await expect(page.getByRole('table', { name: 'Subscriptions' }).getByText('Premium').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Accounts per plan' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'admin-subscriptions');

  await page.goto('/admin/reports');
  const download = page.waitForEvent('download');
  const button = page.getByRole('button', { name: 'Download CSV: Subscriptions' });
  await button.click();
  const file = await (await download).path();
  await expect(button).not.toHaveAttribute('data-loading');
  // The pointer left on the button would leave it in its hover colours for the scan.
  await page.mouse.move(0, 0);
  const csv = fs.readFileSync(file!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('amount (USD)');
  expect(csv).toContain(',premium,annual,active,no,');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shootWideAndPhone(page, 'admin-reports');
});
