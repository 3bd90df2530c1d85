import { updateJobsite } from '../../../lambdas/core/records/jobsites';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { actingMember } from '../../../lambdas/core/team/acting-member';
import { updateProfile } from '../../../lambdas/core/account/update-profile';
import type { AccountRepo, Caller, ProfileReplacer } from '../../../lambdas/core/ports';
import type { AccountProfile } from '../../../shared/account';
import { TEAM_MESSAGES, describeAudit, type AuditEntry } from '../../../shared/team-roles';
import { revokeInvite } from '../../../lambdas/core/team/invites';
import type { TeamDeps } from '../../../lambdas/core/team/team.deps';
import type { TenantId } from '../../../lambdas/core/caller';
import type { Rule } from '../../../shared/weather/rule';
import { CRANE_GUSTS, fixedRecords, testJobsite } from '../dispatch/records.fixtures';

/** Issue 22 §4: the jobsite, its rules and the audit log name the member who changed them. */
const NOW = '2026-11-27T15:00:00.000Z';
const clock = { now: () => new Date(NOW) };
const dana = { by: 'Dana Ortiz', byId: 'dana-sub' };

function siteDeps(
  stored = testJobsite(
    { id: 'site-1', name: 'Harbor', latitude: 41.88, longitude: -87.63 },
    '2026-11-01T00:00:00.000Z',
  ),
) {
  return { records: fixedRecords([stored], []), clock, ids: { next: () => 'unused' } };
}

describe('a jobsite saved by a member', () => {
  it('should keep who changed it, and who changed its rules only when the rules changed', async () => {
    const stored = {
      ...testJobsite(
        { id: 'site-1', name: 'Harbor', latitude: 41.88, longitude: -87.63 },
        '2026-11-01T00:00:00.000Z',
      ),
      rulesUpdatedAt: '2026-11-01T00:00:00.000Z',
      rulesUpdatedById: 'owner-sub',
      rulesUpdatedByName: 'Olive Owner',
      // The store gives a map's keys back in any order: the same rule, reordered, is not a change.
      rules: [Object.fromEntries(Object.entries(CRANE_GUSTS).reverse()) as Rule],
    };
    const tenant = tenantFromStore('owner-sub');

    const renamed = await updateJobsite(tenant, 'site-1', { name: 'Harbor Point' }, siteDeps(stored), dana);
    const ruled = await updateJobsite(tenant, 'site-1', { rules: [] }, siteDeps(stored), dana);

    expect(renamed).toMatchObject({
      name: 'Harbor Point',
      updatedAt: NOW,
      updatedById: 'dana-sub',
      updatedByName: 'Dana Ortiz',
      rulesUpdatedByName: 'Olive Owner',
      rulesUpdatedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(ruled).toMatchObject({
      rules: [],
      rulesUpdatedAt: NOW,
      rulesUpdatedById: 'dana-sub',
      rulesUpdatedByName: 'Dana Ortiz',
    });
  });

  it('should name an API key by its own name, not the person who made it', async () => {
    const key: Caller = {
      userId: 'apikey:k1',
      email: 'olive@example.com',
      groups: [],
      accountId: 'owner-sub',
      role: 'manager',
      actorName: 'API key “Procore sync”',
    };
    const saved = await updateJobsite(
      tenantFromStore('owner-sub'),
      'site-1',
      { name: 'Via API' },
      siteDeps(),
      await actingMember(key),
    );
    expect(saved).toMatchObject({ updatedById: 'apikey:k1', updatedByName: 'API key “Procore sync”' });
  });
});

/** An in-memory profile table: a fake for the unit level only. */
function profileTable(seed: AccountProfile[]) {
  const rows = new Map(seed.map((p) => [p.userId, p]));
  const accounts: AccountRepo & ProfileReplacer = {
    getProfile: async (id) => rows.get(id) ?? null,
    putProfile: async (p) => void rows.set(p.userId, p),
    replaceProfile: async (id, change) => {
      const next = change(rows.get(id) ?? null);
      rows.set(id, next);
      return next;
    },
    getSubscription: async () => null,
  };
  return { rows, deps: { accounts, clock } };
}

const profile = (userId: string, name: string | null): AccountProfile => ({
  userId,
  email: `${userId}@example.com`,
  name,
  company: 'Olive Builders',
  units: 'us',
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe("a member's own name", () => {
  const viewer: Caller = {
    userId: 'vic',
    email: 'vic@example.com',
    groups: [],
    accountId: 'olive',
    role: 'viewer',
  };

  it("should be saved on the member's own profile and leave the account's untouched", async () => {
    const { rows, deps } = profileTable([profile('olive', 'Olive Owner'), profile('vic', null)]);

    const saved = await updateProfile(viewer, { name: '  Vic Viewer ' }, deps);

    expect(saved).toEqual({ profile: rows.get('olive'), name: 'Vic Viewer' });
    expect(rows.get('vic')?.name).toBe('Vic Viewer');
    expect(rows.get('olive')).toEqual(profile('olive', 'Olive Owner'));
  });

  it("should refuse (403) a member's company or units, and save nothing", async () => {
    const { rows, deps } = profileTable([profile('olive', 'Olive Owner'), profile('vic', null)]);

    await expect(updateProfile(viewer, { name: 'Vic', company: 'Mine' }, deps)).rejects.toThrow(
      TEAM_MESSAGES.ownerOnlyProfileFields,
    );
    await expect(
      updateProfile({ ...viewer, role: 'manager' }, { name: 'Vic', units: 'metric' }, deps),
    ).rejects.toThrow(TEAM_MESSAGES.ownerOnlyProfileFields);
    expect(rows.get('vic')?.name).toBeNull();
  });

  it("should give an heir owner their own name and the account's company and units", async () => {
    const { rows, deps } = profileTable([profile('olive', 'Olive Owner'), profile('hal', null)]);
    const heir: Caller = {
      userId: 'hal',
      email: 'hal@example.com',
      groups: [],
      accountId: 'olive',
      role: 'owner',
    };

    await updateProfile(heir, { name: 'Hal Heir', company: 'Hal & Co', units: 'metric' }, deps);

    expect(rows.get('hal')?.name).toBe('Hal Heir');
    expect(rows.get('olive')).toMatchObject({ name: 'Olive Owner', company: 'Hal & Co', units: 'metric' });
  });

  it('should show the name beside the address in the audit log', () => {
    const entry = {
      id: 'a',
      at: NOW,
      action: 'record-changed' as const,
      subject: 'jobsite “Harbor”',
      detail: 'updated',
    };
    expect(describeAudit({ ...entry, actor: 'vic@example.com', actorName: 'Vic Viewer' })).toBe(
      'Vic Viewer (vic@example.com) updated jobsite “Harbor”',
    );
    expect(describeAudit({ ...entry, actor: 'vic@example.com' })).toBe(
      'vic@example.com updated jobsite “Harbor”',
    );
  });
});

describe('a team change in the audit log', () => {
  it('should name the owner who revoked an invite, as the record changes do', async () => {
    const { deps } = profileTable([profile('olive', 'Olive Owner')]);
    const invite = {
      id: 'inv-1',
      accountId: 'olive',
      email: 'bob@example.com',
      role: 'manager' as const,
      invitedBy: 'olive@example.com',
      createdAt: NOW,
      validUntil: NOW,
    };
    const appended: Omit<AuditEntry, 'id'>[] = [];
    const team = {
      ...deps,
      store: { invite: async () => invite, revokeInvite: async () => true },
      audit: { append: async (_: TenantId, e: Omit<AuditEntry, 'id'>) => void appended.push(e) },
    } as unknown as TeamDeps;
    const owner: Caller = { userId: 'olive', email: 'olive@example.com', groups: [], accountId: 'olive' };

    await revokeInvite(owner, 'inv-1', team);

    expect(appended).toEqual([
      expect.objectContaining({
        action: 'invite-revoked',
        actor: 'olive@example.com',
        actorName: 'Olive Owner',
      }),
    ]);
    expect(describeAudit({ id: 'a', ...appended[0]! })).toBe(
      'Olive Owner (olive@example.com) revoked the invite of bob@example.com',
    );
  });
});
