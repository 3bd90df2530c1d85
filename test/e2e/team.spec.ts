import { expect, test } from '@playwright/test';
import { callApi, newAccount, subscribe, type TestAccount } from '../support/accounts';
import { inviteTokenFor } from '../support/team';
import { codeFrom, latestEmailTo, uniqueEmail } from '../support/cognito';
import { freshUser, seriousA11yViolations, shootBothSchemes, signInThroughLoginPage } from './helpers';
import { e2eStack } from './stack';
import { submitSignUp } from './support/forms';

/**
 * Teams (issue 22) in a real browser against the whole local stack: the owner invites a manager on
 * /settings/team, the manager opens the emailed link signed out, logs in, comes back, joins, sets
 * their own name on /settings and edits the owner's jobsite; the owner reads that edit in the audit
 * log, and the jobsite page says who changed it.
 */
let owner: TestAccount;
let siteId: string;
const tag = Date.now();

test.beforeAll(async () => {
  owner = await newAccount(e2eStack(), 'team-e2e-owner');
  await subscribe(e2eStack(), owner, 'premium');
  const site = await callApi(e2eStack(), '/api/jobsites', {
    token: owner.token,
    body: { name: `Team Tower ${tag}`, latitude: 30.27, longitude: -97.74 },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
});

test('should let an owner invite a manager who joins from the emailed link and edits a jobsite the owner then sees in the audit log', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await freshUser('team-e2e-manager');

  const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await test.step('the owner invites a manager', async () => {
    await signInThroughLoginPage(ownerPage, owner.email, owner.password);
    await ownerPage.getByRole('link', { name: 'Team' }).first().click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const form = ownerPage.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(manager.email);
    await form.getByRole('button', { name: 'Send invite' }).click();
    await expect(
      ownerPage.getByRole('list', { name: 'Pending invites' }).getByRole('listitem', { name: manager.email }),
    ).toBeVisible();
    // The toast fades in (its text is faint mid-animation): close it, then check the page itself.
    await ownerPage.getByRole('button', { name: 'Close notification' }).first().click();
    expect(await seriousA11yViolations(ownerPage)).toEqual([]);
  });

  const memberPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await test.step('the manager opens the emailed link, logs in, comes back and joins', async () => {
    const token = await inviteTokenFor(e2eStack(), manager.email);
    await memberPage.goto(`/join/${token}`);
    await expect(memberPage.getByRole('heading', { name: 'Join your team on Raincheck' })).toBeVisible();
    await shootBothSchemes(memberPage, 'join-signed-out');
    await memberPage.getByRole('link', { name: 'Log in' }).click();
    const login = memberPage.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(manager.email);
    await login.getByLabel(/^Password/).fill(manager.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(memberPage).toHaveURL(/\/join\//);
    await shootBothSchemes(memberPage, 'join-signed-in');
    await memberPage.getByRole('button', { name: 'Join the team' }).click();
    await expect(memberPage).toHaveURL(/\/dashboard$/);
  });

  const managerName = `Dana Ortiz ${tag}`;
  await test.step("the manager sets their own name; the company and units stay the owner's", async () => {
    await memberPage.goto('/settings');
    const profile = memberPage.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('Email')).toHaveValue(manager.email);
    await expect(profile.getByLabel('Company')).toHaveAttribute('readonly', '');
    await profile.getByLabel('Name').fill(managerName);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(memberPage.getByText('Your profile has been saved.')).toBeVisible();
    await memberPage.getByRole('button', { name: 'Close notification' }).first().click();
    await shootBothSchemes(memberPage, 'settings-member-profile');
  });

  await test.step("the manager edits the owner's jobsite", async () => {
    await memberPage.goto(`/jobsites/${siteId}`);
    await memberPage.getByRole('button', { name: 'Edit' }).click();
    const form = memberPage.getByRole('form', { name: 'Edit jobsite' });
    await form.getByLabel(/^Jobsite name/).fill(`Team Tower ${tag}, phase 2`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      memberPage.getByRole('heading', { level: 1, name: `Team Tower ${tag}, phase 2` }),
    ).toBeVisible();
  });

  await test.step('the owner sees the join and the edit in the audit log', async () => {
    await ownerPage.reload();
    const audit = ownerPage.getByRole('list', { name: 'Audit log' });
    await expect(
      audit.getByText(`${managerName} (${manager.email}) updated jobsite “Team Tower ${tag}, phase 2”`),
    ).toBeVisible();
    await expect(audit.getByText(`${manager.email} joined the team as manager`)).toBeVisible();
    await expect(audit.getByText(`${owner.email} invited ${manager.email} as manager`)).toBeVisible();
    await expect(
      ownerPage.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: manager.email }),
    ).toContainText(`Invited by ${owner.email}`);
    await expect(
      ownerPage.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: manager.email }),
    ).toContainText(managerName);
    await shootBothSchemes(ownerPage, 'team-owner');
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await shootBothSchemes(ownerPage, 'team-owner');
    await memberPage.goto('/settings/team');
    await expect(memberPage.getByText(/Only the owner changes the team/)).toBeVisible();
    await shootBothSchemes(memberPage, 'team-manager');
    await memberPage.setViewportSize({ width: 1280, height: 900 });
    await shootBothSchemes(memberPage, 'team-manager');
  });

  await test.step('the jobsite page tells the owner the manager changed it', async () => {
    await ownerPage.goto(`/jobsites/${siteId}`);
    await expect(
      ownerPage.getByRole('heading', { level: 1, name: `Team Tower ${tag}, phase 2` }),
    ).toBeVisible();
    const lastChanged = ownerPage.getByText('Last changed', { exact: true }).locator('..');
    await expect(lastChanged).toContainText(managerName);
    await shootBothSchemes(ownerPage, 'jobsite-changed-by');
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await shootBothSchemes(ownerPage, 'jobsite-changed-by');
  });
});

test('should let an invitee without a login sign up from the /join link, confirm the emailed code and land in the account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('team-e2e-newcomer');
  const invite = await callApi(e2eStack(), '/api/account/invites', {
    token: owner.token,
    body: { email, role: 'viewer' },
  });
  expect(invite.status).toBe(201);
  const token = await inviteTokenFor(e2eStack(), email);

  await page.goto(`/join/${token}`);
  await expect(page.getByRole('heading', { name: 'Join your team on Raincheck' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  const confirm = await submitSignUp(page, email, 'Newcomer-Passw0rd');
  await confirm
    .getByLabel('Confirmation code')
    .fill(codeFrom(await latestEmailTo(e2eStack(), email, /verification code/i)));
  await confirm.getByRole('button', { name: 'Confirm email' }).click();

  // Back on the invite, signed in as the new login: one click joins.
  await expect(page).toHaveURL(new RegExp(`/join/${token}$`));
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/jobsites/${siteId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Team Tower ${tag}`) })).toBeVisible();
  const team = await callApi(e2eStack(), '/api/account/members', { token: owner.token });
  expect(team.body.members).toEqual(
    expect.arrayContaining([expect.objectContaining({ email, role: 'viewer' })]),
  );
});
