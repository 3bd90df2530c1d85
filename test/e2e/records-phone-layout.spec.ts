import { expect, test, type Page } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { CRANE_GUSTS } from '../support/storm-site';
import { shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * Every record screen (clients, crews, workers and jobsites: lists, pages, forms) fits a phone: at
 * 390 and 320 px wide the page never scrolls sideways; a wide table scrolls inside its own box.
 * With RAINCHECK_SHOTS_DIR=<dir>, each screen is also photographed light and dark, 1280 and 390 wide.
 */

const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
test.describe.configure({ timeout: SHOTS ? 900_000 : 180_000 });

const PHONE_WIDTHS = [390, 320];
// Two cores shared by every check on the machine: a page's first load can take a while.
const LOADED = { timeout: 30_000 };

let account: TestAccount;
const ids = { client: '', crew: '', worker: '', jobsite: '' };

async function created(pathname: string, body: object): Promise<string> {
  const res = await callApi(e2eStack(), pathname, { token: account.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

test.beforeAll(async () => {
  account = await newAccount(e2eStack(), 'phone-records');
  await subscribe(e2eStack(), account, 'premium');
  ids.client = await created('/api/clients', {
    name: 'Northwind General Contracting',
    contactName: 'Maria Chen-Ortiz',
    email: 'site-office@northwind-general.example',
    phone: '+1 312 555 0199',
  });
  ids.crew = await created('/api/crews', { name: 'Tower crane and rigging', hourlyRateCents: 6500 });
  ids.worker = await created('/api/workers', {
    name: 'Alejandra Montgomery-Villanueva',
    email: 'alejandra.montgomery-villanueva@northwind-general.example',
    trade: 'Crane operator',
    crewIds: [ids.crew],
    isManager: true,
  });
  ids.jobsite = await created('/api/jobsites', {
    name: 'Riverside Tower, phase two east parking structure',
    address: '1200 South Riverside Plaza, Chicago, IL 60606',
    latitude: 41.8781,
    longitude: -87.6298,
    clientId: ids.client,
    rules: [CRANE_GUSTS],
    recipients: { workerIds: [ids.worker], crewIds: [ids.crew] },
    scenario: 'storm',
  });
});

/** The record screens, each with what shows once it has loaded. */
const screens = (): { name: string; path: string; ready: (page: Page) => Promise<void> }[] => {
  const heading = (name: string | RegExp) => async (page: Page) =>
    expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOADED);
  // A list shows a table on wide screens and cards on phones: both link each record by its name.
  const listed = (name: string) => async (page: Page) =>
    expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible(LOADED);
  return [
    { name: 'clients-list', path: '/clients', ready: listed('Northwind General Contracting') },
    { name: 'client-view', path: `/clients/${ids.client}`, ready: heading(/^Northwind/) },
    { name: 'client-new', path: '/clients/new', ready: heading('New client') },
    { name: 'client-edit', path: `/clients/${ids.client}/edit`, ready: heading(/^Edit Northwind/) },
    { name: 'crews-list', path: '/crews', ready: listed('Tower crane and rigging') },
    { name: 'crew-view', path: `/crews/${ids.crew}`, ready: heading('Tower crane and rigging') },
    { name: 'workers-list', path: '/workers', ready: listed('Alejandra Montgomery-Villanueva') },
    { name: 'worker-view', path: `/workers/${ids.worker}`, ready: heading(/^Alejandra/) },
    { name: 'worker-new', path: '/workers/new', ready: heading('New worker') },
    { name: 'worker-edit', path: `/workers/${ids.worker}/edit`, ready: heading(/^Edit Alejandra/) },
    {
      name: 'jobsites-list',
      path: '/jobsites',
      ready: listed('Riverside Tower, phase two east parking structure'),
    },
    {
      name: 'jobsite-view',
      path: `/jobsites/${ids.jobsite}`,
      ready: async (page) => {
        await heading(/^Riverside Tower/)(page);
        // The ledger is the widest part of the page: wait for its month table.
        await expect(
          page.getByText('Delay days per month against the anticipated weather days'),
        ).toBeVisible();
      },
    },
    { name: 'jobsite-new', path: '/jobsites/new', ready: heading('New jobsite') },
    { name: 'jobsite-edit', path: `/jobsites/${ids.jobsite}?edit`, ready: heading(/^Edit Riverside Tower/) },
  ];
};

/** How far the page reaches past the window's right edge, in CSS pixels (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('should fit every record screen on a 390 and a 320 px wide phone without sideways scrolling', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  const overflowing: string[] = [];
  for (const screen of screens()) {
    await test.step(screen.name, async () => {
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(screen.path);
        await screen.ready(page);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) overflowing.push(`${screen.name} at ${width} px: ${overflow} px too wide`);
      }
      await shootWideAndPhone(page, screen.name);
    });
  }
  expect(overflowing).toEqual([]);
});
