import { expect, test } from '@playwright/test';
import { callApi, subscribe, type TestAccount } from '../support/accounts';
import { registerUser, signIn } from '../support/cognito';
import { seriousA11yViolations, shootBothSchemes, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';

/**
 * Single sign-on (issue 24) in a real browser against the whole local stack: the Enterprise owner
 * registers the stack's OIDC provider and the company's domain on /settings/sso, and a person of that
 * domain signs in email first, through the provider's own page, onto the dashboard as a member.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const domain = `sso-e2e-${tag}.test`;
const password = 'Sso-E2e-Passw0rd';
let owner: TestAccount;

test.beforeAll(async () => {
  const email = `owner@${domain}`;
  await registerUser(e2eStack(), email, password);
  const { IdToken } = await signIn(e2eStack(), email, password);
  const me = await callApi(e2eStack(), '/api/me', { token: IdToken });
  owner = { email, password, token: IdToken, userId: me.body.profile.userId as string };
  await subscribe(e2eStack(), owner, 'enterprise');
});

test('should let the owner register the provider and a member sign in through it, email first', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = e2eStack().demoOidcProvider;

  const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await test.step('the owner registers the OIDC provider and the domain on /settings/sso', async () => {
    // The owner's own domain goes under SSO below; their password stays the break-glass way in.
    await signInThroughLoginPage(ownerPage, owner.email, owner.password);
    await ownerPage.goto('/settings/sso');
    const form = ownerPage.getByRole('form', { name: 'Single sign-on provider' });
    await form.getByLabel(/^Issuer URL/).fill(provider.issuer);
    await form.getByLabel(/^Client ID/).fill(provider.clientId);
    await form.getByLabel(/^Client secret/).fill(provider.clientSecret);
    await form.getByLabel(/^Email domains/).fill(domain);
    await form.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(
      ownerPage.getByRole('list', { name: 'Domains' }).getByRole('listitem', { name: domain }),
    ).toContainText('Verified');
    await expect(form.getByLabel(/^Client secret/)).toHaveValue('');
    expect(await seriousA11yViolations(ownerPage)).toEqual([]);
    await shootBothSchemes(ownerPage, 'settings-sso');
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await shootBothSchemes(ownerPage, 'settings-sso');
  });

  const memberPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await test.step('a member types their email, never sees a password field, and signs in at the provider', async () => {
    await memberPage.goto('/login');
    const login = memberPage.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(`mia@${domain}`);
    const sso = login.getByRole('button', { name: 'Continue with single sign-on' });
    await expect(sso).toBeVisible();
    await expect(login.getByLabel(/^Password/)).toHaveCount(0);
    expect(await seriousA11yViolations(memberPage)).toEqual([]);
    await shootBothSchemes(memberPage, 'login-email-first-sso');
    await memberPage.setViewportSize({ width: 1280, height: 900 });
    await shootBothSchemes(memberPage, 'login-email-first-sso');
    await sso.click();
    // The provider's own sign-in page (oidc-provider's development login).
    await expect(memberPage).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await memberPage.locator('input[name="login"]').fill(`mia@${domain}`);
    await memberPage.locator('input[name="password"]').fill('any');
    await memberPage.locator('button[type="submit"]').click();
    await expect(memberPage).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  });

  await test.step('the member is in the owner’s team with the default role', async () => {
    const team = await callApi(e2eStack(), '/api/account/members', { token: owner.token });
    expect(team.body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: `mia@${domain}`, role: 'viewer' })]),
    );
  });
});

test('should save the provider once when the owner double-clicks Save', async ({ page }) => {
  // An owner of their own: the first test has put the other owner's domain under SSO (the login page
  // then offers their provider first).
  const own = `sso-e2e-twice-${tag}.test`;
  const email = `owner@${own}`;
  await registerUser(e2eStack(), email, password);
  const { IdToken } = await signIn(e2eStack(), email, password);
  const me = await callApi(e2eStack(), '/api/me', { token: IdToken });
  await subscribe(
    e2eStack(),
    { email, password, token: IdToken, userId: me.body.profile.userId as string },
    'enterprise',
  );
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/account/sso') && r.method() === 'PUT') puts.push(r.url());
  });
  await signInThroughLoginPage(page, email, password);
  await page.goto('/settings/sso');
  const form = page.getByRole('form', { name: 'Single sign-on provider' });
  const provider = e2eStack().demoOidcProvider;
  await form.getByLabel(/^Issuer URL/).fill(provider.issuer);
  await form.getByLabel(/^Client ID/).fill(provider.clientId);
  await form.getByLabel(/^Client secret/).fill(provider.clientSecret);
  await form.getByLabel(/^Email domains/).fill(own);

  await form.getByRole('button', { name: 'Save single sign-on' }).dblclick();

  await expect(form.getByLabel(/^Client secret/)).toHaveValue('');
  await expect(
    page.getByRole('list', { name: 'Domains' }).getByRole('listitem', { name: own }),
  ).toContainText('Verified');
  expect(puts).toHaveLength(1);
});

test('should show a password address the password field after its email', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Log in' });
  await expect(login.getByRole('button', { name: 'Continue' })).toBeVisible();
  await shootBothSchemes(page, 'login-email-first');
  await login.getByLabel('Email').fill(`someone@elsewhere-${tag}.test`);
  await expect(login.getByLabel(/^Password/)).toBeVisible();
  await expect(login.getByRole('button', { name: 'Log in' })).toBeVisible();
  await shootBothSchemes(page, 'login-email-first-password');
});
