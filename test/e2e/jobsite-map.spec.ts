import { expect, test, type Page } from '@playwright/test';
import { ADDRESS_LOOKUP_UNAVAILABLE } from '../../shared/geo/geocode';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { shootWideAndPhone, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * The jobsite map in a real browser (Chromium renders MapLibre's WebGL with SwiftShader): the
 * jobsites page's pins coloured by today's verdict, clustered, with a popup that links to the site;
 * placing a jobsite's pin by a click and a drag; and the address field saying lookup is unavailable
 * on the local stack (no internet, no Amazon Location). The lookup itself, against a Places
 * stand-in, is test/integration/geo/address-lookup.test.ts.
 * With RAINCHECK_SHOTS_DIR=<dir>, each screen is photographed light and dark, 1280 and 390 wide.
 */
const SHOTS = process.env.RAINCHECK_SHOTS_DIR;
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) =>
  callApi(e2eStack(), pathname, init);

interface MapHandle {
  project(p: [number, number]): { x: number; y: number };
  queryRenderedFeatures(p: [number, number], o: { layers: string[] }): { properties: { id: string } }[];
}

/** Photographs the page wide and phone-sized, light and dark, once the map has drawn in each scheme. */
const shoot = (page: Page, name: string) =>
  shootWideAndPhone(page, name, async () => {
    await expect(page.locator('.rc-map[data-ready="true"]').first()).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(600);
  });

// WebGL in software (SwiftShader) on a shared two-core machine: maps take seconds to draw.
test.describe.configure({ timeout: SHOTS ? 240_000 : 120_000 });

let account: TestAccount;
const tag = Date.now();
const SITES = [
  { name: `Pier Seven ${tag}`, latitude: 41.8917, longitude: -87.6086, scenario: 'storm' },
  { name: `Navy Yard ${tag}`, latitude: 41.8781, longitude: -87.6298, scenario: 'clear' },
  { name: `Harbor Point ${tag}`, latitude: 47.6062, longitude: -122.3321, scenario: 'clear' },
] as const;
const ids: string[] = [];

test.beforeAll(async () => {
  account = await newAccount(e2eStack(), 'map-e2e');
  await subscribe(e2eStack(), account, 'premium');
  for (const site of SITES) {
    const res = await api('/api/jobsites', { token: account.token, body: { ...site } });
    expect(res.status).toBe(201);
    ids.push(res.body.id as string);
  }
});

test('the jobsites page shows every jobsite as a pin coloured by today’s verdict, clustered, with a popup linking to it', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/jobsites');
  const map = page.getByTestId('jobsites-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });

  // Zoomed out to fit Seattle and Chicago, the two Chicago sites are one cluster of 2.
  await expect(map.locator('.rc-map-cluster-count')).toHaveText('2', { timeout: 15_000 });

  await shoot(page, 'jobsites-map');
  // Back in the light scheme the map was drawn again: wait for it before projecting coordinates.
  await page.waitForTimeout(500);
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });

  // The Seattle pin is drawn where its coordinates project; a click opens its popup.
  const seattle = SITES[2];
  const at = await page.waitForFunction(
    ([lon, lat]) => {
      const el = document.querySelector('[data-testid="jobsites-map"]') as HTMLElement & {
        maplibre?: MapHandle;
      };
      const m = el.maplibre;
      if (!m) return null;
      const p = m.project([lon, lat]);
      const hit = m.queryRenderedFeatures([p.x, p.y], { layers: ['jobsite-pins'] });
      return hit.length ? { x: p.x, y: p.y, id: hit[0]!.properties.id } : null;
    },
    [seattle.longitude, seattle.latitude] as [number, number],
    { timeout: 15_000 },
  );
  const pin = (await at.jsonValue())!;
  expect(pin.id).toBe(ids[2]);
  await map.locator('canvas').click({ position: { x: pin.x, y: pin.y } });
  const popup = map.locator('.maplibregl-popup');
  await expect(popup).toContainText(seattle.name);
  await expect(popup).toContainText(/Today: (Workable|Partial delay|Full-day delay|not a working day)/);

  // The list says the same as the pins, for keyboards and screen readers.
  const row = page.getByRole('row', { name: new RegExp(SITES[0].name) });
  await expect(row).toContainText(/Workable|delay|not a working day|no forecast/);

  await popup.getByRole('link', { name: 'Open jobsite' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobsites/${ids[2]}$`));
  await expect(page.getByRole('heading', { name: seattle.name })).toBeVisible();
});

test('a new jobsite is placed by clicking the map and dragging the pin; the address says lookup is unavailable offline', async ({
  page,
}) => {
  await signInThroughLoginPage(page, account.email, account.password);
  await page.goto('/jobsites/new');
  const form = page.getByRole('form', { name: 'New jobsite' });
  await form.getByLabel(/^Jobsite name/).fill(`Placed by pin ${tag}`);

  await form.getByLabel('Address').fill('400 Broad St, Seattle');
  await expect(form.getByText(ADDRESS_LOOKUP_UNAVAILABLE)).toBeVisible({ timeout: 10_000 });

  const picker = page.getByTestId('jobsite-picker-map');
  await expect(picker).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const latitude = form.getByLabel(/^Latitude/);
  const longitude = form.getByLabel(/^Longitude/);
  await expect(latitude).toHaveValue('');

  // A click places the pin and fills the coordinates.
  const box = (await picker.boundingBox())!;
  await picker.locator('canvas').click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(latitude).not.toHaveValue('');
  const clicked = { lat: Number(await latitude.inputValue()), lon: Number(await longitude.inputValue()) };
  expect(Math.abs(clicked.lat)).toBeLessThanOrEqual(90);
  await expect(form.getByText(/Derived from the coordinates: America\//)).toBeVisible();

  // Dragging the pin east moves the point east.
  const marker = picker.getByTestId('jobsite-pin');
  const m = (await marker.boundingBox())!;
  await page.mouse.move(m.x + m.width / 2, m.y + m.height - 4);
  await page.mouse.down();
  await page.mouse.move(m.x + m.width / 2 + 40, m.y + m.height - 4, { steps: 8 });
  await page.mouse.move(m.x + m.width / 2 + 80, m.y + m.height - 4, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(clicked.lon + 0.5);
  const dragged = { lat: Number(await latitude.inputValue()), lon: Number(await longitude.inputValue()) };
  await shoot(page, 'jobsite-form-map');

  await form.getByRole('button', { name: 'Create jobsite' }).click();
  await expect(page).toHaveURL(/\/jobsites\/(?!new$)[A-Za-z0-9_-]+$/, { timeout: 15_000 });
  const id = page.url().split('/').pop()!;
  const stored = await api(`/api/jobsites/${id}`, { token: account.token });
  expect(stored.body).toMatchObject({ latitude: dragged.lat, longitude: dragged.lon });

  // Typing coordinates moves the pin too: edit, type Seattle's, save.
  await page.goto(`/jobsites/${id}?edit`);
  const edit = page.getByRole('form', { name: /Edit/ });
  await expect(page.getByTestId('jobsite-picker-map')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await edit.getByLabel(/^Latitude/).fill('47.6062');
  await edit.getByLabel(/^Longitude/).fill('-122.3321');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobsites/${id}$`));
  const moved = await api(`/api/jobsites/${id}`, { token: account.token });
  expect(moved.body).toMatchObject({
    latitude: 47.6062,
    longitude: -122.3321,
    timezone: 'America/Los_Angeles',
  });
});
