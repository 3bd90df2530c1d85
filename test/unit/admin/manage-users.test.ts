import { ADMIN_MESSAGES, ADMIN_PERMISSIONS } from '../../../shared/admin';
import { adminIdentityOf, hasPermission } from '../../../lambdas/core/admin/admin-identity';
import { removeAdmin, setUserEnabled, listUsers } from '../../../lambdas/core/admin/manage-users';
import type { Caller } from '../../../lambdas/core/caller';
import type {
  AccountSummaries,
  DirectoryUser,
  UserDirectory,
} from '../../../lambdas/core/admin/people.ports';

/** A user pool in memory: only for these unit tests of the rules. */
function pool(users: DirectoryUser[], admins: string[]) {
  const members = new Set(admins);
  const calls: string[] = [];
  const directory: UserDirectory = {
    listUsers: async ({ emailPrefix }) => ({
      users: users.filter((u) => u.email.startsWith(emailPrefix)),
      nextCursor: null,
    }),
    findById: async (id) => users.find((u) => u.id === id) ?? null,
    findByEmail: async (email) => users.find((u) => u.email === email) ?? null,
    setEnabled: async (id, enabled) => void calls.push(`${enabled ? 'enable' : 'disable'} ${id}`),
    signOut: async (id) => void calls.push(`sign out ${id}`),
    groupMembers: async () => users.filter((u) => members.has(u.id)),
    addToGroup: async (id) => void calls.push(`add ${id}`),
    removeFromGroup: async (id) => void calls.push(`remove ${id}`),
  };
  const accounts: AccountSummaries = {
    summaries: async (ids) =>
      new Map(
        ids.map((id) => [id, { plan: 'premium' as const, subscriptionStatus: 'active', lastSignInAt: null }]),
      ),
    recordSignIn: async () => {},
  };
  const statuses = { forget: (id: string) => void calls.push(`forget ${id}`) };
  return { deps: { directory, accounts, statuses }, calls };
}

const user = (id: string): DirectoryUser => ({
  id,
  email: `${id}@example.com`,
  enabled: true,
  status: 'CONFIRMED',
  createdAt: null,
});
const callerFor = (id: string, groups = ['admins']): Caller => ({
  userId: id,
  email: `${id}@example.com`,
  groups,
});

describe('admin identity', () => {
  it('should be a super_admin with every permission when the token is in the admins group', () => {
    const identity = adminIdentityOf(callerFor('a'), 'Ada Lovelace King');
    expect(identity).toEqual({
      id: 'a',
      email: 'a@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace King',
      role: 'super_admin',
      permissions: [...ADMIN_PERMISSIONS],
      totpEnabled: false,
    });
  });

  it('should be no admin and hold no permission when the token has no admin group', () => {
    expect(adminIdentityOf(callerFor('c', ['contractors']), null)).toBeNull();
    expect(hasPermission(callerFor('c', []), 'manage_users')).toBe(false);
  });
});

describe('managing users and admins', () => {
  it('should refuse to remove the last admin even when someone else asks', async () => {
    // Possible only in a race (the asker was removed meanwhile); the rule still holds.
    const { deps, calls } = pool([user('a'), user('b')], ['b']);
    await expect(removeAdmin(deps, callerFor('a'), 'b')).rejects.toThrow(ADMIN_MESSAGES.lastAdmin);
    expect(calls).toEqual([]);
  });

  it('should remove another admin when at least one admin stays', async () => {
    const { deps, calls } = pool([user('a'), user('b')], ['a', 'b']);
    await removeAdmin(deps, callerFor('a'), 'b');
    expect(calls).toEqual(['remove b', 'forget b']);
  });

  it('should sign a user out everywhere and drop their cached status when an admin disables them', async () => {
    const { deps, calls } = pool([user('a'), user('b')], ['a']);
    await setUserEnabled(deps, callerFor('a'), 'b', false);
    expect(calls).toEqual(['disable b', 'sign out b', 'forget b']);
  });

  it('should not sign anyone out when an admin enables a user', async () => {
    const { deps, calls } = pool([user('a'), user('b')], ['a']);
    await setUserEnabled(deps, callerFor('a'), 'b', true);
    expect(calls).toEqual(['enable b', 'forget b']);
  });

  it('should refuse to disable or demote yourself', async () => {
    const { deps, calls } = pool([user('a'), user('b')], ['a', 'b']);
    await expect(setUserEnabled(deps, callerFor('a'), 'a', false)).rejects.toThrow(
      ADMIN_MESSAGES.cannotDisableSelf,
    );
    await expect(removeAdmin(deps, callerFor('a'), 'a')).rejects.toThrow(ADMIN_MESSAGES.cannotRemoveSelf);
    expect(calls).toEqual([]);
  });

  it('should join plan and admin role onto the page of users', async () => {
    const { deps } = pool([user('a'), user('b')], ['a']);
    const page = await listUsers(deps, { q: '', limit: 20 });
    expect(page.items.map((u) => [u.id, u.plan, u.isAdmin])).toEqual([
      ['a', 'premium', true],
      ['b', 'premium', false],
    ]);
  });
});
