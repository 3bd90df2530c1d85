import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the landing page's log-in modal from the header's "Login" button; returns the dialog. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog', { name: 'Log in to Raincheck' });
}

/**
 * Sends the sign-up form at the current page ("Create your account") with an email and a password, and
 * waits for the code step; returns its form ("Confirm your email").
 */
export async function submitSignUp(page: Page, email: string, password: string): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm your email' });
  await expect(confirm).toBeVisible();
  return confirm;
}

/** Types a new jobsite's name and place into its form (the rest keeps the form's defaults). */
export async function fillJobsitePlace(
  form: Locator,
  site: { name: string; latitude: string; longitude: string },
): Promise<void> {
  await form.getByLabel(/^Jobsite name/).fill(site.name);
  await form.getByLabel(/^Latitude/).fill(site.latitude);
  await form.getByLabel(/^Longitude/).fill(site.longitude);
}
