import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createAppRoot } from '../../lambdas/composition/app.root';
import { DynamoObservationRepo } from '../../lambdas/adapters/dynamo/observations.repo';
import { NceiStationSource } from '../../lambdas/adapters/observations/ncei.source';
import { OpenMeteoArchiveSource } from '../../lambdas/adapters/observations/open-meteo-archive.source';
import { collectObservations } from '../../lambdas/core/observations/collect-observations';
import { tenantFromStore } from '../../lambdas/core/caller';
import { startObservationStandIn } from '../../local/observation-stand-in';
import { accountOnPlan, callApi, type TestAccount } from '../support/accounts';
import { GUSTS, OBSERVED_DATE, RAIN, SEATTLE } from '../support/observation-fixtures';
import { seriousA11yViolations, shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * Observed weather beside the forecast on the evidence page (issue 25): a Seattle jobsite's day called
 * off for crane gusts, its forecast snapshot as the dispatch stores it, and what the nearest station
 * and the reanalysis recorded, collected through the real adapters from the fixture stand-in.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/observations');
const DATE = OBSERVED_DATE;
const RULES = [GUSTS, RAIN];

let account: TestAccount;
let siteId: string;

test.beforeAll(async () => {
  const stack = e2eStack();
  account = await accountOnPlan(stack, 'observed-e2e', 'premium');
  const site = await callApi(stack, '/api/jobsites', {
    token: account.token,
    body: {
      name: `Elliott Bay Tower ${Date.now()}`,
      latitude: SEATTLE.latitude,
      longitude: SEATTLE.longitude,
      rules: RULES,
    },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  // The forecast snapshot the dispatch stored: gusts of 55 km/h (34 mph) from 10:00 local.
  const start = Date.parse(`${DATE}T08:00:00Z`);
  const hours = Array.from({ length: 24 }, (_, i) => new Date(start + i * 3_600_000).toISOString());
  const root = createAppRoot(stack.lambdaConfig);
  await root.dispatch.decisions.put({
    tenantId: tenantFromStore(account.userId),
    jobsiteId: siteId,
    workDate: DATE,
    verdict: 'full',
    hoursLost: 10,
    delayCalled: true,
    judgement: {
      date: DATE,
      verdict: 'full',
      hoursLost: 10,
      workingHours: 10,
      rules: [
        {
          id: 'crane-gusts',
          kind: 'delay',
          hours: ['10:00', '11:00', '12:00', '13:00'],
          peak: 55,
          reason: 'Gusts 34 mph 10:00–14:00 (the crane gust limit)',
        },
      ],
    },
    rules: RULES,
    forecast: {
      source: 'open-meteo',
      scenario: null,
      hours,
      values: {
        wind_gusts: hours.map((_, i) => (i >= 10 && i <= 13 ? 55 : 30)),
        precipitation: hours.map((_, i) => (i >= 11 && i <= 13 ? 1.5 : 0)),
      },
    },
    lastKind: 'notice',
    announcement: null,
    decidedAt: `${DATE}T01:00:00.000Z`,
    runId: 'observed-e2e',
  });
  const standIn = await startObservationStandIn(FIXTURES);
  try {
    await collectObservations(
      {
        records: root.records,
        decisions: root.dispatch.decisions,
        clock: { now: () => new Date('2026-03-06T14:00:00Z') },
        observations: {
          sources: [
            new NceiStationSource({ baseUrl: standIn.url }),
            new OpenMeteoArchiveSource({ baseUrl: standIn.url }),
          ],
          repo: new DynamoObservationRepo(root.db),
        },
      },
      [{ tenantId: account.userId, jobsiteId: siteId }],
    );
  } finally {
    await standIn.close();
  }
});

test('the evidence page shows forecast and observed side by side, with the day’s verdict', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto(`/jobsites/${siteId}/ledger/${DATE}`);
  const side = page.getByRole('region', { name: 'Forecast and observed' });
  await expect(side.getByText('Observation: Confirmed')).toBeVisible();
  await expect(
    side.getByText(/SEATTLE BOEING FIELD, WA US \(official station, 5\.5 mi away\)/),
  ).toBeVisible();
  await expect(side.getByText(/Open-Meteo reanalysis \(reanalysis at the point/)).toBeVisible();
  const rules = side.getByRole('table', { name: 'Rules, forecast and observed' });
  const gusts = rules.getByRole('row', { name: /the crane gust limit/ });
  await expect(gusts.getByRole('cell').nth(1)).toHaveText(/^34(\.\d)? mph at 10:00–13:00$/);
  await expect(gusts.getByRole('cell').nth(2)).toHaveText(
    /mph at 10:00–13:00, SEATTLE BOEING FIELD, WA US, 5\.5 mi away$/,
  );
  await expect(
    rules
      .getByRole('row', { name: /the rain limit/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Not met');
  // Hour by hour: the forecast's and the station's gusts in one row.
  await expect(side.getByRole('row', { name: /^10:00 / })).toBeVisible();
  await shootWideAndPhone(page, 'observed-evidence');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page), scheme).toEqual([]);
  }

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/jobsites/${siteId}`);
  const ledger = page.getByRole('region', { name: 'Weather-day ledger' });
  await ledger.getByLabel('From').fill('2026-03-01');
  await ledger.getByLabel('To').fill('2026-03-31');
  const day = ledger.getByRole('table', { name: 'Working days' }).getByRole('row', { name: /Wed, Mar 4/ });
  await expect(day.getByText('Confirmed')).toBeVisible();
});
