import { PLAN_SEATS } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import { TEAM_MESSAGES, type AuditEntry, type TeamResponse, type TeamRole } from '../../../shared/team-roles';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, NotFoundError } from '../errors';
import { founderEmail, reclaimExpiredInvites } from './invites';
import { assertOwner, auditTeamChange, type TeamDeps } from './team.deps';
import type { Membership } from './team.ports';

/**
 * The account's people: the founding owner (whose `sub` is the account's id, with a record only once
 * ownership left them), the members, the pending invites and the seats.
 */
export async function listTeam(caller: Caller, deps: TeamDeps): Promise<TeamResponse> {
  const tenant = tenantOf(caller);
  await reclaimExpiredInvites(tenant, deps);
  const [stored, invites, subscription, taken] = await Promise.all([
    deps.store.members(tenant),
    deps.store.invites(tenant),
    deps.accounts.getSubscription(tenant),
    deps.store.seatsTaken(tenant),
  ]);
  const people = stored.some((m) => m.userId === tenant) ? stored : [await founder(tenant, deps), ...stored];
  const [signIns, names] = await Promise.all([
    deps.store.lastSignIns(people.map((m) => m.userId)),
    // Each person's own profile holds the name they gave (the founder's is the account's).
    Promise.all(people.map((m) => deps.accounts.getProfile(m.userId).then((p) => p?.name?.trim() || null))),
  ]);
  return {
    members: people.map((m, i) => ({
      userId: m.userId,
      email: m.email,
      name: names[i] ?? null,
      role: m.role,
      invitedBy: m.invitedBy,
      joinedAt: m.joinedAt || null,
      lastSignInAt: signIns.get(m.userId) ?? null,
    })),
    invites: invites.map(({ accountId: _account, ...invite }) => invite),
    seats: {
      limit: PLAN_SEATS[subscription ? effectivePlan(subscription) : 'none'],
      used: 1 + taken,
    },
  };
}

/**
 * The owner changes a member's role. `owner` hands ownership over: the member becomes the owner and
 * the caller a manager (the account's id stays the founder's `sub`; their record says so). Each write
 * holds only while the member and the caller are as read, so racing changes never leave the team
 * without an owner or with two: the one that lost answers 409 and changes nothing.
 */
export async function changeRole(caller: Caller, userId: string, role: TeamRole, deps: TeamDeps) {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  if (userId === caller.userId) throw new ConflictError(TEAM_MESSAGES.cannotChangeSelf);
  const target = await memberOf(tenant, userId, deps);
  const at = deps.clock.now().toISOString();
  const written =
    role === 'owner'
      ? await deps.store.handOver(await memberOf(tenant, caller.userId, deps), target)
      : await deps.store.setRole(target, role, caller.userId);
  // Even a lost race may mean this container's cached roles are the stale ones.
  deps.memberships?.forget(caller.userId);
  deps.memberships?.forget(userId);
  if (!written) throw await lostRace(tenant, userId, deps);
  await auditTeamChange(caller, tenant, deps, {
    at,
    action: role === 'owner' ? 'ownership-handed' : 'role-changed',
    subject: target.email,
    detail: role === 'owner' ? null : `${target.role} → ${role}`,
  });
  return { userId, role };
}

/** The owner removes a member: their seat is free at once, their access ends within the cache's TTL. */
export async function removeMember(caller: Caller, userId: string, deps: TeamDeps): Promise<void> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  if (userId === tenant) throw new ConflictError(TEAM_MESSAGES.founderStays);
  if (userId === caller.userId) throw new ConflictError(TEAM_MESSAGES.cannotChangeSelf);
  const target = await memberOf(tenant, userId, deps);
  const removed = await deps.store.removeMember(target, caller.userId);
  deps.memberships?.forget(caller.userId);
  deps.memberships?.forget(userId);
  if (!removed) throw await lostRace(tenant, userId, deps);
  await auditTeamChange(caller, tenant, deps, {
    at: deps.clock.now().toISOString(),
    action: 'removed',
    subject: target.email,
    detail: null,
  });
}

/** The owner's reading of the audit log, newest first. */
export async function listAudit(caller: Caller, deps: TeamDeps, limit = 200): Promise<AuditEntry[]> {
  assertOwner(caller);
  return deps.audit.list(tenantOf(caller), limit);
}

/** Why a conditional team write did not land: the member is gone (404), or the team changed (409). */
async function lostRace(tenant: TenantId, userId: string, deps: TeamDeps): Promise<Error> {
  const now = await deps.store.membershipOf(userId);
  const stillMember = now?.accountId === tenant || (userId === tenant && !now);
  return stillMember
    ? new ConflictError(TEAM_MESSAGES.teamChanged)
    : new NotFoundError(TEAM_MESSAGES.memberNotFound);
}

/** A member of this account (the founder without a record reads as the owner); 404 for anyone else. */
async function memberOf(tenant: TenantId, userId: string, deps: TeamDeps): Promise<Membership> {
  const stored = await deps.store.membershipOf(userId);
  if (stored && stored.accountId === tenant) return stored;
  if (userId === tenant) return founder(tenant, deps);
  throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
}

async function founder(tenant: TenantId, deps: TeamDeps): Promise<Membership> {
  const profile = await deps.accounts.getProfile(tenant);
  return {
    userId: tenant,
    accountId: tenant,
    email: await founderEmail(tenant, deps),
    role: 'owner',
    invitedBy: null,
    joinedAt: profile?.createdAt ?? '',
  };
}
