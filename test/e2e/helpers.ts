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
  await expect(page).toHaveURL(/\/dashboard$/);
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

/** A new, confirmed account (registered through Cognito with the emailed code), for tests that change it. */
export async function freshUser(prefix: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = 'Fresh-Passw0rd1';
  await registerUser(e2eStack(), email, password);
  return { email, password };
}

/** axe-core's serious and critical violations on the page as it is now (id and the offending targets). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
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
