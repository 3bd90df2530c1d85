import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { inviteTokenFor, joinTeam } from '../../support/team';
import { TEAM_MESSAGES } from '../../../shared/team';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';

/**
 * Issue 22 items 1–3 against the embedded stack: invites and the emailed link, the member working in
 * the owner's account, roles checked on the server, removal, seats under parallel invites, isolation.
 */
const stack = testStack();
const api = apiFor(stack);

const site = (name: string) => ({ name, latitude: 30.27, longitude: -97.74 });

let owner: TestAccount;
let ownerSite: string;

/** A new account that joined the owner's account with `role` through the emailed invite. */
async function ownersMember(prefix: string, role: 'manager' | 'viewer') {
  const member = await newAccount(stack, prefix);
  await joinTeam(stack, owner, member, role);
  return member;
}
/** PUT a jobsite's name (the rest of `site`) as `caller`. */
const renameJobsite = (jobsiteId: string, caller: TestAccount, name: string) =>
  api(`/api/jobsites/${jobsiteId}`, { method: 'PUT', token: caller.token, body: site(name) });

beforeAll(async () => {
  owner = await newAccount(stack, 'team-owner');
  await subscribe(stack, owner, 'premium');
  const created = await api('/api/jobsites', { token: owner.token, body: site('Owner tower') });
  expect(created.status).toBe(201);
  ownerSite = created.body.id;
});

describe('an invite', () => {
  it("should let the invited address join from the emailed link and then read the owner's jobsites", async () => {
    const member = await newAccount(stack, 'team-manager');
    const invite = await api('/api/account/invites', {
      token: owner.token,
      body: { email: member.email, role: 'manager' },
    });
    expect(invite.status).toBe(201);
    expect(typeof invite.body.id).toBe('string');
    const token = await inviteTokenFor(stack, member.email);

    const accepted = await api(`/api/invites/${token}/accept`, { method: 'POST', token: member.token });
    expect(accepted.status).toBe(200);

    const sites = await api('/api/jobsites', { token: member.token });
    expect(sites.body.items.map((s: { id: string }) => s.id)).toContain(ownerSite);
    const team = await api('/api/account/members', { token: owner.token });
    expect(team.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.userId, email: owner.email, role: 'owner' }),
        expect.objectContaining({ userId: member.userId, email: member.email, role: 'manager' }),
      ]),
    );
    const me = await api('/api/me', { token: member.token });
    expect(me.body.account).toEqual(expect.objectContaining({ id: owner.userId, role: 'manager' }));
    // Single use: the same link a second time joins nobody new; the invitee's own repeat (a double
    // click) reads as their join, and the invite is gone from the team's list.
    const again = await api(`/api/invites/${token}/accept`, { method: 'POST', token: member.token });
    expect([again.status, again.body]).toEqual([200, accepted.body]);
    expect((await api('/api/account/members', { token: owner.token })).body.invites).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ email: member.email })]),
    );
  });

  it('should refuse (403) a person signed in with another address, and keep the invite for the right one', async () => {
    const invited = await newAccount(stack, 'team-invited');
    const stranger = await newAccount(stack, 'team-stranger');
    await api('/api/account/invites', { token: owner.token, body: { email: invited.email, role: 'viewer' } });
    const token = await inviteTokenFor(stack, invited.email);

    const wrong = await api(`/api/invites/${token}/accept`, { method: 'POST', token: stranger.token });
    expect([wrong.status, wrong.body.error]).toEqual([403, TEAM_MESSAGES.inviteOtherAddress]);
    expect((await api(`/api/jobsites/${ownerSite}`, { token: stranger.token })).status).toBe(404);
    expect((await api(`/api/invites/${token}/accept`, { method: 'POST', token: invited.token })).status).toBe(
      200,
    );
  });

  it('should answer 400 naming the field for a bad email or role', async () => {
    const badEmail = await api('/api/account/invites', {
      token: owner.token,
      body: { email: 'nope', role: 'viewer' },
    });
    const badRole = await api('/api/account/invites', {
      token: owner.token,
      body: { email: 'x@example.com', role: 'owner' },
    });
    expect([badEmail.status, badEmail.body.field]).toEqual([400, 'email']);
    expect([badRole.status, badRole.body.field]).toEqual([400, 'role']);
  });
});

describe('roles', () => {
  it("should refuse a viewer's writes with 403 naming the role, and let them read", async () => {
    const viewer = await ownersMember('team-viewer', 'viewer');

    const write = await renameJobsite(ownerSite, viewer, 'Renamed by a viewer');
    const create = await api('/api/clients', { token: viewer.token, body: { name: 'Viewer client' } });
    expect([write.status, write.body.error]).toEqual([403, "Your role (viewer) can't change this"]);
    expect(create.status).toBe(403);
    const read = await api(`/api/jobsites/${ownerSite}`, { token: viewer.token });
    expect([read.status, read.body.name]).toEqual([200, 'Owner tower']);
  });

  it("should let a manager edit a jobsite but not the team, and show the edit in the owner's audit log", async () => {
    const manager = await ownersMember('team-editor', 'manager');

    const edit = await renameJobsite(ownerSite, manager, 'Owner tower');
    const invite = await api('/api/account/invites', {
      token: manager.token,
      body: { email: 'someone@example.com', role: 'viewer' },
    });
    const audit = await api('/api/account/audit', { token: owner.token });
    const managerAudit = await api('/api/account/audit', { token: manager.token });

    expect(edit.status).toBe(200);
    expect([invite.status, invite.body.error]).toEqual([403, "Your role (manager) can't change this"]);
    expect(managerAudit.status).toBe(403);
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'record-changed',
          actor: manager.email,
          subject: 'jobsite “Owner tower”',
          detail: 'updated',
        }),
        expect.objectContaining({ action: 'joined', actor: manager.email, detail: 'manager' }),
        expect.objectContaining({ action: 'invited', actor: owner.email, subject: manager.email }),
      ]),
    );
  });

  it("should end a removed member's access to the account within 60 s, with the same token", async () => {
    const member = await ownersMember('team-removed', 'manager');
    expect((await api(`/api/jobsites/${ownerSite}`, { token: member.token })).status).toBe(200);

    expect(
      (await api(`/api/account/members/${member.userId}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);

    const deadline = Date.now() + 60_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await api(`/api/jobsites/${ownerSite}`, { token: member.token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(status).toBe(404);
    const team = await api('/api/account/members', { token: owner.token });
    expect(team.body.members.map((m: { userId: string }) => m.userId)).not.toContain(member.userId);
  }, 90_000);

  it('should hand ownership to a member: they manage the team, the founder becomes a manager', async () => {
    const founder = await newAccount(stack, 'team-founder');
    await subscribe(stack, founder, 'basic');
    const heir = await newAccount(stack, 'team-heir');
    await joinTeam(stack, founder, heir, 'manager');

    const handed = await api(`/api/account/members/${heir.userId}`, {
      method: 'PUT',
      token: founder.token,
      body: { role: 'owner' },
    });
    expect(handed.status).toBe(200);
    const team = await api('/api/account/members', { token: heir.token });
    expect(team.status).toBe(200);
    expect(team.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: founder.userId, role: 'manager' }),
        expect.objectContaining({ userId: heir.userId, role: 'owner' }),
      ]),
    );
    const founderInvite = await api('/api/account/invites', {
      token: founder.token,
      body: { email: 'late@example.com', role: 'viewer' },
    });
    expect(founderInvite.status).toBe(403);
    expect((await api('/api/me', { token: heir.token })).body.account.id).toBe(founder.userId);
  });
});

describe('who did it', () => {
  it('should name the member who marked a ledger day worked on the evidence page', async () => {
    const root = createAppRoot(stack.lambdaConfig);
    const member = await ownersMember('team-marker', 'manager');
    await root.dispatch.decisions.put({
      tenantId: tenantFromStore(owner.userId),
      jobsiteId: ownerSite,
      workDate: '2026-02-02',
      verdict: 'full',
      hoursLost: 10,
      delayCalled: true,
      judgement: null,
      rules: [],
      forecast: null,
      lastKind: 'notice',
      announcement: null,
      decidedAt: '2026-02-02T05:00:00.000Z',
      runId: 'team-test',
    });

    const marked = await api(`/api/jobsites/${ownerSite}/ledger/2026-02-02`, {
      method: 'PUT',
      token: member.token,
      body: { worked: true },
    });
    const evidence = await api(`/api/jobsites/${ownerSite}/ledger/2026-02-02`, { token: owner.token });

    expect(marked.status).toBe(200);
    expect(evidence.body).toMatchObject({ worked: true, markedBy: member.email });
  });
});

describe('who did it, by name', () => {
  it("should name the member by their profile's name when they mark a day, and keep their id on the mark", async () => {
    const root = createAppRoot(stack.lambdaConfig);
    const member = await newAccount(stack, 'team-named');
    const profile = await root.accounts.getProfile(member.userId);
    await root.accounts.putProfile({ ...profile!, name: 'Dana Ortiz' });
    await joinTeam(stack, owner, member, 'manager');
    await root.dispatch.decisions.put({
      tenantId: tenantFromStore(owner.userId),
      jobsiteId: ownerSite,
      workDate: '2026-02-03',
      verdict: 'full',
      hoursLost: 10,
      delayCalled: true,
      judgement: null,
      rules: [],
      forecast: null,
      lastKind: 'notice',
      announcement: null,
      decidedAt: '2026-02-03T05:00:00.000Z',
      runId: 'team-test-named',
    });

    const marked = await api(`/api/jobsites/${ownerSite}/ledger/2026-02-03`, {
      method: 'PUT',
      token: member.token,
      body: { worked: true },
    });
    const evidence = await api(`/api/jobsites/${ownerSite}/ledger/2026-02-03`, { token: owner.token });
    const stored = await root.dispatch.decisions.get(tenantFromStore(owner.userId), ownerSite, '2026-02-03');

    expect([marked.status, marked.body.markedBy]).toEqual([200, 'Dana Ortiz']);
    expect(evidence.body).toMatchObject({ worked: true, markedBy: 'Dana Ortiz' });
    expect(stored).toMatchObject({ markedBy: 'Dana Ortiz', markedById: member.userId });
  });
});

describe('seats', () => {
  it('should never take more seats than the plan has under 20 parallel invites (Basic: 2, owner included)', async () => {
    const basic = await newAccount(stack, 'team-seats');
    await subscribe(stack, basic, 'basic');

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('/api/account/invites', {
          token: basic.token,
          body: { email: `seat-${i}-${Date.now()}@example.com`, role: 'viewer' },
        }),
      ),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(19);
    expect(answers.find((a) => a.status === 403)!.body.error).toBe(TEAM_MESSAGES.seatsFull('Basic', 2));
    const team = await api('/api/account/members', { token: basic.token });
    expect(team.body.invites).toHaveLength(1);
    expect(team.body.seats).toEqual({ limit: 2, used: 2 });

    // Revoking frees the seat for the next invite.
    const revoked = await api(`/api/account/invites/${team.body.invites[0].id}`, {
      method: 'DELETE',
      token: basic.token,
    });
    expect(revoked.status).toBe(204);
    const next = await api('/api/account/invites', {
      token: basic.token,
      body: { email: `seat-next-${Date.now()}@example.com`, role: 'viewer' },
    });
    expect(next.status).toBe(201);
  });
});

describe('isolation', () => {
  it("should answer 404 to a member of A who uses B's ids, and never list B's records", async () => {
    const other = await newAccount(stack, 'team-other');
    const bSite = await api('/api/jobsites', { token: other.token, body: site('B site') });
    const member = await ownersMember('team-iso', 'manager');

    const read = await api(`/api/jobsites/${bSite.body.id}`, { token: member.token });
    const put = await api(`/api/jobsites/${bSite.body.id}`, {
      method: 'PUT',
      token: member.token,
      body: site('x'),
    });
    const del = await api(`/api/jobsites/${bSite.body.id}`, { method: 'DELETE', token: member.token });
    const bMembers = await api(`/api/account/members/${other.userId}`, {
      method: 'PUT',
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect([read.status, put.status, del.status, bMembers.status]).toEqual([404, 404, 404, 404]);
    const list = await api('/api/jobsites', { token: member.token });
    expect(list.body.items.map((s: { id: string }) => s.id)).not.toContain(bSite.body.id);
  });
});
