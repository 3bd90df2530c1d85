import { ADMIN_MESSAGES, ROLE_GROUPS, type AdminUsersPage } from '../../../shared/admin';
import type { Caller } from '../caller';
import { ConflictError, NotFoundError } from '../errors';
import type { AccountSummaries, DirectoryUser, UserDirectory } from './people.ports';

export interface ManageUsersDeps {
  directory: UserDirectory;
  accounts: AccountSummaries;
  /** This container's cache of live user status: a change made here applies here at once. */
  statuses?: { forget(userId: string): void };
}

/** The group whose members hold the full admin role (the one `manage_admins` hands out). */
const ADMINS_GROUP = ROLE_GROUPS[0]!.group;

/**
 * One page of users from the user pool (email prefix search, the pool's own paging), with plan and
 * subscription status joined by key from the table and admin membership from the admins group.
 */
export async function listUsers(
  deps: ManageUsersDeps,
  query: { q: string; limit: number; cursor?: string },
): Promise<AdminUsersPage> {
  const [page, admins] = await Promise.all([
    deps.directory.listUsers({
      emailPrefix: query.q.toLowerCase(),
      limit: query.limit,
      cursor: query.cursor,
    }),
    deps.directory.groupMembers(ADMINS_GROUP),
  ]);
  const summaries = await deps.accounts.summaries(page.users.map((u) => u.id));
  const adminIds = new Set(admins.map((a) => a.id));
  return {
    items: page.users.map((u) => {
      const summary = summaries.get(u.id);
      return {
        id: u.id,
        email: u.email,
        enabled: u.enabled,
        status: u.status,
        createdAt: u.createdAt,
        lastSignInAt: summary?.lastSignInAt ?? null,
        plan: summary?.plan ?? 'none',
        subscriptionStatus: summary?.subscriptionStatus ?? 'incomplete',
        isAdmin: adminIds.has(u.id),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

async function existing(deps: ManageUsersDeps, id: string): Promise<DirectoryUser> {
  const user = await deps.directory.findById(id);
  if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return user;
}

/**
 * Disables sign-in and signs the user out everywhere (their refresh tokens are revoked); every API
 * container refuses their token within its status TTL. An admin cannot lock themselves out.
 */
export async function setUserEnabled(deps: ManageUsersDeps, caller: Caller, id: string, enabled: boolean) {
  if (!enabled && id === caller.userId) throw new ConflictError(ADMIN_MESSAGES.cannotDisableSelf);
  const user = await existing(deps, id);
  await deps.directory.setEnabled(user.id, enabled);
  if (!enabled) await deps.directory.signOut(user.id);
  deps.statuses?.forget(user.id);
  return { id: user.id, email: user.email, enabled };
}

export async function addAdmin(deps: ManageUsersDeps, email: string) {
  const user = await deps.directory.findByEmail(email.toLowerCase());
  if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const admins = await deps.directory.groupMembers(ADMINS_GROUP);
  if (admins.some((a) => a.id === user.id)) throw new ConflictError(ADMIN_MESSAGES.alreadyAdmin);
  await deps.directory.addToGroup(user.id, ADMINS_GROUP);
  deps.statuses?.forget(user.id);
  return { id: user.id, email: user.email, isAdmin: true };
}

/**
 * Removes an admin; never yourself and never the last one. (Only an admin can call this, so the last
 * admin could only be removed by themselves; the count also stops two admins removing each other at
 * once from racing past it in most cases. The admin area reads group membership live, so the change
 * applies within the status TTL, whatever the user's token says.)
 */
export async function removeAdmin(deps: ManageUsersDeps, caller: Caller, id: string) {
  if (id === caller.userId) throw new ConflictError(ADMIN_MESSAGES.cannotRemoveSelf);
  const admins = await deps.directory.groupMembers(ADMINS_GROUP);
  const target = admins.find((a) => a.id === id);
  if (!target) {
    await existing(deps, id);
    throw new ConflictError(ADMIN_MESSAGES.notAdmin);
  }
  if (admins.length <= 1) throw new ConflictError(ADMIN_MESSAGES.lastAdmin);
  await deps.directory.removeFromGroup(id, ADMINS_GROUP);
  deps.statuses?.forget(id);
  return { id, email: target.email, isAdmin: false };
}
