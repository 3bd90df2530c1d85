import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SEEDED_ADMIN_EMAIL, registerUser, totpCode, uniqueEmail } from '../support/cognito';
import { e2eStack } from './stack';

/** Signs in through /login as a person would and waits for the dashboard. */
export async function signInThroughLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** A new confirmed account, signed in through /login: the start of most journeys. */
export async function signInAsFreshUser(
  page: Page,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const user = await freshUser(prefix);
  await signInThroughLoginPage(page, user.email, user.password);
  return user;
}

/** Sends the admin log-in form at /admin/login (no code step); answers the form to read its alert. */
export async function submitAdminLogIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Admin log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log in as admin' }).click();
  return form;
}

/** Asks for a reset code from the landing page's log-in modal, as a person who forgot the password. */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
}

/**
 * Types the email and password into the page at `where` (/login or /admin/login) and, for the seeded
 * admin, the authenticator code; the caller waits for where it expects to land.
 */
export async function logInAt(
  page: Page,
  account: { email: string; password: string },
  where = '/login',
): Promise<void> {
  await page.goto(where);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /^Log in/ }).click();
  await answerAdminTotp(page, account.email);
}

/**
 * After the password step of a sign-in: the seeded admin's account has an authenticator app, so the
 * form asks for its code, which the test computes from the secret the stack made (as the app would).
 */
export async function answerAdminTotp(page: Page, email: string): Promise<void> {
  if (email !== SEEDED_ADMIN_EMAIL) return;
  const form = page.getByRole('form', { name: 'Two-factor code' });
  await form.getByLabel('Authentication code').fill(totpCode(e2eStack().adminTotpSecret));
  await form.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in at /admin/login as the seeded admin (password, then the authenticator code). */
export async function logInAsSeededAdmin(page: Page, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(SEEDED_ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await answerAdminTotp(page, SEEDED_ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
}

/** A confirmed account, signed in on /subscription once its plan has loaded (the plan buttons act then). */
export async function freshAccountOnSubscription(
  page: Page,
  prefix: string,
  password: string,
): Promise<string> {
  const email = uniqueEmail(prefix);
  await registerUser(e2eStack(), email, password);
  await signInThroughLoginPage(page, email, password);
  await page.goto('/subscription');
  await expect(page.getByTestId('current-plan-name')).toHaveText('No plan');
  return email;
}

/** An expiry three years ahead, as the sandbox's checkout form takes it ("12 / 29"). */
const CARD_EXPIRY = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Fills the sandbox's hosted checkout form (local/stripe-sandbox/pages.ts) and pays. */
export async function payOnHostedCheckout(page: Page, card: string, email?: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${e2eStack().stripeSandboxUrl}/checkout/`), { timeout: 20_000 });
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/Expiry/).fill(CARD_EXPIRY);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A new, confirmed account (registered through Cognito with the emailed code), for tests that change it. */
export async function freshUser(prefix: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = 'Fresh-Passw0rd1';
  await registerUser(e2eStack(), email, password);
  return { email, password };
}

/** axe-core's serious and critical violations on the page as it is now (id and the offending targets). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  return seriousOf(await new AxeBuilder({ page }).withTags(WCAG_AA).analyze());
}

/**
 * The same on the screen itself, leaving out toasts: they fade in and out and axe measures their
 * contrast mid-transition (their grey description is the toast's own, app-wide style).
 */
export async function screenA11yViolations(page: Page): Promise<string[]> {
  // A dialog fading out, or anything else mid-transition, would be measured at half contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .exclude('.mantine-Notifications-root')
    .exclude('.mantine-Notification-root')
    .analyze();
  return seriousOf(results);
}

/** `screenA11yViolations` in light and then dark mode (left in light): `{ light: [...], dark: [...] }`. */
export async function screenA11yInBothSchemes(page: Page): Promise<Record<'light' | 'dark', string[]>> {
  const found = { light: [] as string[], dark: [] as string[] };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found[scheme] = await screenA11yViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

function seriousOf(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export const colorScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * Full-page screenshots in light and dark at the page's width into RAINCHECK_SHOTS_DIR
 * (`<name>-<scheme>-<width>.png`); nothing when it is unset.
 */
export async function shootBothSchemes(page: Page, name: string): Promise<void> {
  const dir = process.env.RAINCHECK_SHOTS_DIR;
  if (dir) await screenshotBothSchemes(page, dir, name);
}

/** Full-page screenshots of the page in light and dark, named `<name>-<scheme>-<width>.png` in `dir`. */
export async function screenshotBothSchemes(page: Page, dir: string, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: path.join(dir, `${name}-${scheme}-${page.viewportSize()?.width}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Full-page screenshots at 1280 and 390 wide, light and dark, into RAINCHECK_SHOTS_DIR
 * (`<name>-<scheme>-<width>.png`); nothing when it is unset. `settle` runs before each shot (a map
 * redraws in the new scheme).
 */
export async function shootWideAndPhone(
  page: Page,
  name: string,
  settle?: () => Promise<void>,
): Promise<void> {
  const dir = process.env.RAINCHECK_SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle?.();
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}
