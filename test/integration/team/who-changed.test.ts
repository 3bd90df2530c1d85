import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { joinTeam } from '../../support/team';
import { TEAM_MESSAGES } from '../../../shared/team';
import { adminToken, runDispatch, stormSiteInChicago } from '../../support/dispatch';
import { mailTo } from '../../support/mailbox';

/**
 * Issue 22 §4 and the member's own name, against the embedded stack: a member names themselves on
 * /settings, the jobsite (and its rules) say who changed them last, in the app and through /v1, and
 * the team list and the audit log show the name.
 */
const stack = testStack();
const api = apiFor(stack);

const GUSTS = { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'crane gusts' };
const site = (name: string, rules: unknown[] = [GUSTS]) => ({
  name,
  latitude: 41.88,
  longitude: -87.63,
  rules,
});

let owner: TestAccount;
let manager: TestAccount;
let viewer: TestAccount;
let siteId: string;

/** PUT /api/me/profile as `who`; a member's body is only their name. */
const saveProfile = (who: TestAccount, body: Record<string, unknown>) =>
  api('/api/me/profile', { method: 'PUT', token: who.token, body });

beforeAll(async () => {
  [owner, manager, viewer] = await Promise.all([
    newAccount(stack, 'changed-owner'),
    newAccount(stack, 'changed-manager'),
    newAccount(stack, 'changed-viewer'),
  ]);
  await subscribe(stack, owner, 'enterprise');
  const named = await saveProfile(owner, { name: 'Olive Owner', company: 'Olive Builders', units: 'us' });
  expect(named.status).toBe(200);
  await joinTeam(stack, owner, manager, 'manager');
  await joinTeam(stack, owner, viewer, 'viewer');
  const created = await api('/api/jobsites', { token: owner.token, body: site('Harbor Point') });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ updatedById: owner.userId, updatedByName: 'Olive Owner' });
  siteId = created.body.id;
}, 90_000);

describe("a member's own name", () => {
  it("should be the member's to set, shown on their /api/me, without touching the account's profile", async () => {
    const saved = await api('/api/me/profile', {
      method: 'PUT',
      token: manager.token,
      body: { name: 'Dana Ortiz' },
    });
    const me = await api('/api/me', { token: manager.token });
    const ownerMe = await api('/api/me', { token: owner.token });

    expect([saved.status, saved.body.name]).toEqual([200, 'Dana Ortiz']);
    expect(me.body.account).toMatchObject({ id: owner.userId, role: 'manager', name: 'Dana Ortiz' });
    expect(me.body.profile).toMatchObject({ name: 'Olive Owner', company: 'Olive Builders' });
    expect(ownerMe.body.profile).toMatchObject({ name: 'Olive Owner', company: 'Olive Builders' });
    expect(ownerMe.body.account.name).toBe('Olive Owner');
  });

  it("should let a viewer set their own name, and refuse (403) the account's company and any other write", async () => {
    const named = await api('/api/me/profile', {
      method: 'PUT',
      token: viewer.token,
      body: { name: 'Vic Viewer' },
    });
    const company = await api('/api/me/profile', {
      method: 'PUT',
      token: viewer.token,
      body: { name: 'Vic Viewer', company: 'Taken over', units: 'metric' },
    });
    const quiet = await api('/api/me/quiet-hours', {
      method: 'PUT',
      token: viewer.token,
      body: { enabled: true, start: '21:00', end: '06:00' },
    });
    const write = await api(`/api/jobsites/${siteId}`, {
      method: 'PUT',
      token: viewer.token,
      body: site('By a viewer'),
    });

    expect(named.status).toBe(200);
    expect([company.status, company.body.error]).toEqual([403, TEAM_MESSAGES.ownerOnlyProfileFields]);
    expect([quiet.status, write.status]).toEqual([403, 403]);
    const ownerMe = await api('/api/me', { token: owner.token });
    expect(ownerMe.body.profile).toMatchObject({ company: 'Olive Builders', units: 'us' });
  });

  it('should be shown in the team list', async () => {
    const team = await api('/api/account/members', { token: owner.token });
    expect(team.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.userId, name: 'Olive Owner' }),
        expect.objectContaining({ userId: manager.userId, email: manager.email, name: 'Dana Ortiz' }),
        expect.objectContaining({ userId: viewer.userId, name: 'Vic Viewer' }),
      ]),
    );
  });
});

describe('who changed a jobsite', () => {
  it('should name the manager who changed its rules, on the jobsite and in the audit log', async () => {
    const edited = await api(`/api/jobsites/${siteId}`, {
      method: 'PUT',
      token: manager.token,
      body: { rules: [{ ...GUSTS, threshold: 40 }] },
    });
    const read = await api(`/api/jobsites/${siteId}`, { token: owner.token });
    const audit = await api('/api/account/audit', { token: owner.token });

    expect(edited.status).toBe(200);
    expect(read.body).toMatchObject({
      updatedById: manager.userId,
      updatedByName: 'Dana Ortiz',
      updatedAt: edited.body.updatedAt,
      rulesUpdatedById: manager.userId,
      rulesUpdatedByName: 'Dana Ortiz',
      rulesUpdatedAt: edited.body.updatedAt,
    });
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'record-changed',
          actor: manager.email,
          actorName: 'Dana Ortiz',
          subject: 'jobsite “Harbor Point”',
        }),
      ]),
    );
  });

  it("should keep the rules' stamp when a later save leaves the rules as they are", async () => {
    const before = await api(`/api/jobsites/${siteId}`, { token: owner.token });
    const renamed = await api(`/api/jobsites/${siteId}`, {
      method: 'PUT',
      token: owner.token,
      body: { name: 'Harbor Point Tower' },
    });

    expect(renamed.status).toBe(200);
    const read = await api(`/api/jobsites/${siteId}`, { token: owner.token });
    expect(read.body).toMatchObject({
      updatedById: owner.userId,
      updatedByName: 'Olive Owner',
      rulesUpdatedByName: 'Dana Ortiz',
      rulesUpdatedAt: before.body.rulesUpdatedAt,
    });
  });

  it('should name the API key that changed it through /v1', async () => {
    const key = await api('/api/api-keys', {
      token: owner.token,
      body: { name: 'Procore sync', scopes: ['read', 'write'] },
    });
    expect(key.status).toBe(201);

    const changed = await api(`/v1/jobsites/${siteId}`, {
      method: 'PUT',
      token: key.body.secret,
      body: { name: 'Harbor Point (API)' },
    });
    const read = await api(`/v1/jobsites/${siteId}`, { token: key.body.secret });

    expect(changed.status).toBe(200);
    expect(read.body).toMatchObject({
      name: 'Harbor Point (API)',
      updatedById: `apikey:${key.body.id}`,
      updatedByName: 'API key “Procore sync”',
      rulesUpdatedByName: 'Dana Ortiz',
    });
  });
});

describe('who brought a message in the alert history', () => {
  it('should name the manager whose rule change cleared a called delay', async () => {
    // Wednesday 2 December 2026, 05:00 in Chicago: the simulated storm calls a delay.
    const at = '2026-12-02T11:00:00.000Z';
    const admin = await adminToken(stack);
    const wesEmail = `wes-${Date.now()}@example.com`;
    const worker = await api('/api/workers', {
      token: owner.token,
      body: { name: 'Wes Crew', email: wesEmail },
    });
    const storm = await api('/api/jobsites', {
      token: owner.token,
      body: stormSiteInChicago(`Storm yard ${Date.now()}`, [worker.body.id]),
    });
    await runDispatch(stack, admin, at);

    // Dana raises the gust limit past the storm's gusts; the same slot run again clears the day.
    const raised = await api(`/api/jobsites/${storm.body.id}`, {
      method: 'PUT',
      token: manager.token,
      body: { rules: [{ ...GUSTS, threshold: 200 }] },
    });
    expect(raised.status).toBe(200);
    await runDispatch(stack, admin, at);

    const alerts = await api('/api/alerts', { token: owner.token });
    const ofStorm = alerts.body.items.filter((a: { jobsiteId: string }) => a.jobsiteId === storm.body.id);
    expect(ofStorm.map((a: { kind: string; causedBy?: string }) => [a.kind, a.causedBy ?? null])).toEqual([
      ['allClear', 'Dana Ortiz'],
      ['notice', null],
    ]);
    // The crew's own email says why it came, naming Dana and the account's company; the first did not.
    const mail = await mailTo(stack, wesEmail);
    const sentence = "Sent after Dana Ortiz (Olive Builders) changed this jobsite's weather rules.";
    expect(mail.map((m) => m.body.text?.includes(sentence) ?? false)).toEqual([false, true]);
    expect(mail[1]?.body.html).toContain(sentence.replace("'", '&#39;'));
  });
});

describe('who changed the team', () => {
  it('should name the owner who invited a member in the audit log', async () => {
    const audit = await api('/api/account/audit', { token: owner.token });
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'invited',
          actor: owner.email,
          actorName: 'Olive Owner',
          subject: manager.email,
        }),
      ]),
    );
  });
});
