import { expect, test, type Page } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { signIn } from '../support/cognito';
import { mailTo } from '../support/mailbox';
import { CRANE_GUSTS } from '../support/storm-site';
import { shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { ADMIN, e2eStack } from './stack';

/**
 * Every record screen (clients, crews, workers and jobsites: lists, pages, forms) fits a phone: at
 * 390 and 320 px wide the page never scrolls sideways; a wide table scrolls inside its own box. So do
 * the screens a crew reads on site (the ledger, a day's evidence, reports, team, channels, holidays and
 * a notice), with no badge, select or title cut off. With RAINCHECK_SHOTS_DIR=<dir>, each screen is
 * also photographed light and dark, 1280 and 390 wide.
 */

const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
test.describe.configure({ timeout: SHOTS ? 900_000 : 180_000 });

const PHONE_WIDTHS = [390, 320];
// Two cores shared by every check on the machine: a page's first load can take a while.
const LOADED = { timeout: 30_000 };

let account: TestAccount;
const ids = { client: '', crew: '', worker: '', jobsite: '', ledgerSite: '' };
const LEDGER_WORKER = `alejandra-ledger-${Date.now()}@northwind-general.example`;
// Monday 30 November 2026, 05:00 in Chicago: the ledger site's morning notice.
const RUN_AT = '2026-11-30T11:00:00.000Z';
const RUN_DATE = '2026-11-30';
let noticeLink = '';

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
  const onSite = await created('/api/workers', {
    name: 'Bartholomew Okonkwo-Castellanos',
    email: LEDGER_WORKER,
    isManager: true,
  });
  ids.ledgerSite = await created('/api/jobsites', {
    name: 'Lakeshore Medical Pavilion, north wing podium',
    address: '251 East Huron Street, Chicago, IL 60611',
    latitude: 41.8946,
    longitude: -87.6208,
    clientId: ids.client,
    noticeTimes: [{ time: '05:00', forDay: 'same' }],
    rules: [CRANE_GUSTS],
    recipients: { workerIds: [onSite], crewIds: [ids.crew] },
    anticipatedWeatherDays: [3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 1],
    scenario: 'storm',
  });
  const admin = (await signIn(e2eStack(), ADMIN.email, ADMIN.password)).IdToken;
  const run = await callApi(e2eStack(), '/api/admin/dispatch/run', { token: admin, body: { at: RUN_AT } });
  expect(run.status, run.text).toBe(200);
  const mail = await mailTo(e2eStack(), LEDGER_WORKER);
  noticeLink = /https?:\/\/\S+(\/n\/[A-Za-z0-9_-]+)/.exec(mail.at(-1)?.body.text ?? '')?.[1] ?? '';
  expect(noticeLink, 'the notice email links to its details').not.toBe('');
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
        // The ledger is the widest part of the page: wait for its months (a table, or a list on phones).
        await expect(
          page.getByRole(page.viewportSize()!.width < 768 ? 'list' : 'table', {
            name: 'Delay days per month against the anticipated weather days',
          }),
        ).toBeVisible(LOADED);
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

/**
 * What a phone shows cut off: a badge ending in "…", a select whose chosen text runs past its box, a
 * heading wider than its line. Each as "<what>: <text>".
 */
const cutOff = (page: Page) =>
  page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const found: string[] = [];
    const check = (selector: string, what: string, text: (el: HTMLElement) => string) => {
      for (const el of document.querySelectorAll<HTMLElement>(selector))
        if (visible(el) && el.scrollWidth > el.clientWidth + 1) found.push(`${what}: ${text(el)}`);
    };
    check('.mantine-Badge-label', 'badge', (el) => el.textContent ?? '');
    check('input.mantine-Select-input', 'select', (el) => (el as HTMLInputElement).value);
    check('h1, h2', 'heading', (el) => el.textContent ?? '');
    return found;
  });

/** The screens read on site, each with what shows once it has loaded (and filled in, for the ledger). */
const siteScreens = (): { name: string; path: string; ready: (page: Page) => Promise<void> }[] => [
  {
    name: 'ledger',
    path: `/jobsites/${ids.ledgerSite}`,
    ready: async (page) => {
      const ledger = page.getByRole('region', { name: 'Weather-day ledger' });
      await ledger.getByLabel('From').fill('2026-11-01', LOADED);
      await ledger.getByLabel('To').fill('2026-12-31');
      // A phone list or a table, both link the day by its readable date.
      await expect(ledger.getByRole('link', { name: 'Evidence for Mon, Nov 30, 2026' })).toBeVisible(LOADED);
      await expect(ledger.getByText('Nov 1 – Dec 31, 2026', { exact: false })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Channels of the people notified' })).toBeVisible();
    },
  },
  {
    name: 'evidence',
    path: `/jobsites/${ids.ledgerSite}/ledger/${RUN_DATE}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: /: Mon, Nov 30, 2026$/ })).toBeVisible(LOADED);
      await expect(page.getByText('Nov 2026 so far')).toBeVisible();
      await expect(
        page.getByText('Bartholomew Okonkwo-Castellanos').filter({ visible: true }).first(),
      ).toBeVisible();
    },
  },
  {
    name: 'reports',
    path: '/analytics/reports',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Custom reports' })).toBeVisible(LOADED);
      await expect(
        page.getByText('Lakeshore Medical Pavilion, north wing podium').filter({ visible: true }).first(),
      ).toBeVisible(LOADED);
    },
  },
  {
    name: 'analytics',
    path: '/analytics',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible(LOADED);
      const byMonth = page.getByRole(page.viewportSize()!.width < 768 ? 'list' : 'table', {
        name: 'Figures by month',
      });
      await expect(byMonth).toBeVisible(LOADED);
    },
  },
  {
    name: 'team',
    path: '/settings/team',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible(LOADED);
      await expect(page.getByText(/^1 (of \d+ )?seats? used/)).toBeVisible(LOADED);
    },
  },
  {
    name: 'holidays',
    path: '/settings',
    ready: async (page) => {
      const calendar = page.getByRole('table', { name: /^Days nobody works in/ });
      await expect(calendar.getByText('Public holiday').filter({ visible: true }).first()).toBeVisible(
        LOADED,
      );
    },
  },
  {
    name: 'worker-channels',
    path: `/workers/${ids.worker}`,
    ready: async (page) =>
      expect(page.getByRole('heading', { level: 1, name: /^Alejandra/ })).toBeVisible(LOADED),
  },
  {
    name: 'notice',
    path: noticeLink,
    ready: async (page) =>
      expect(page.getByRole('heading', { level: 1, name: /Lakeshore Medical Pavilion/ })).toBeVisible(LOADED),
  },
];

test('should fit the ledger, evidence, reports, analytics, team, channels, holidays and a notice on a 390 px phone with nothing cut off', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  const wrong: string[] = [];
  for (const screen of siteScreens()) {
    await test.step(screen.name, async () => {
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(screen.path);
        await screen.ready(page);
        const overflow = await page.evaluate(
          () => document.scrollingElement!.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) wrong.push(`${screen.name} at ${width} px: ${overflow} px too wide`);
        // 320 px is the narrowest phone still sold: it must not scroll sideways; the cut-off text is
        // judged at the 390 px most crews carry.
        if (width === 390) for (const cut of await cutOff(page)) wrong.push(`${screen.name}: ${cut}`);
      }
      await shootWideAndPhone(page, screen.name);
    });
  }
  expect(wrong).toEqual([]);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('should give every button a 44 px tall target on the screens read on site', async ({ page }) => {
    await signInThroughLoginPage(page, account.email, account.password);
    const small: string[] = [];
    for (const screen of siteScreens().filter((s) => s.name !== 'notice')) {
      await page.goto(screen.path);
      await screen.ready(page);
      const found = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.mantine-Button-root')]
          .map((b) => ({ text: b.textContent ?? '', height: b.getBoundingClientRect().height }))
          .filter((b) => b.height > 0 && b.height < 44),
      );
      for (const b of found) small.push(`${screen.name}: "${b.text}" is ${Math.round(b.height)} px tall`);
    }
    expect(small).toEqual([]);
  });
});
