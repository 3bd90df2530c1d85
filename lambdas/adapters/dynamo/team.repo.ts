import type { AuditEntry, TeamRole } from '../../../shared/team';
import type { TenantId } from '../../core/caller';
import type {
  AcceptOutcome,
  AuditLog,
  InviteOutcome,
  Membership,
  StoredInvite,
  TeamStore,
} from '../../core/team/team.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { writeGuarded } from './record-guards';

/** What ElectroDB reports per item of a canceled transaction. */
type TxOutcome = { rejected: boolean; code: string }[];

/**
 * The account's seats beside the founding owner (members with a record but the founder's, pending
 * invites), on the record guards' counter item. Every write that takes or frees a seat moves it in
 * the same transaction; a take has `count < max` in its condition, so parallel invites cannot pass.
 */
const SEATS = 'count#seat';
const seatKey = (account: string) => ({ tenantId: account, guard: SEATS });

const failed = (data: unknown, index: number) =>
  (data as TxOutcome)[index]?.code === 'ConditionalCheckFailed';

type MembershipItem = {
  userId: string;
  accountId: string;
  email: string;
  role: Membership['role'];
  invitedBy?: string;
  joinedAt: string;
  inviteId?: string;
};
const toMembership = (m: MembershipItem): Membership => ({
  userId: m.userId,
  accountId: m.accountId,
  email: m.email,
  role: m.role,
  invitedBy: m.invitedBy ?? null,
  joinedAt: m.joinedAt,
  ...(m.inviteId ? { inviteId: m.inviteId } : {}),
});

const membershipItem = (m: Membership) => ({ ...m, invitedBy: m.invitedBy ?? undefined });

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];
type MembershipWhere = Parameters<ReturnType<Tx['membership']['check']>['where']>[0];

/**
 * The condition that `userId` still has `role` in `account`, as it was read: a role change, removal
 * or hand-over writes only on it, so two racing ones never both land. The founder without a record
 * is the account's owner (their record is made when ownership leaves them).
 */
function roleStill(account: string, userId: string, role: TeamRole): MembershipWhere {
  return (a, op) => {
    const held = `${op.eq(a.accountId, account)} AND ${op.eq(a.role, role)}`;
    return userId === account && role === 'owner' ? `${op.notExists(a.role)} OR (${held})` : held;
  };
}

export class DynamoTeamStore implements TeamStore {
  constructor(private readonly db: RaincheckService) {}

  async membershipOf(userId: string): Promise<Membership | null> {
    const { data } = await this.db.entities.membership.get({ userId }).go({ consistent: true });
    return data ? toMembership(data) : null;
  }

  async members(account: TenantId): Promise<Membership[]> {
    const { data } = await this.db.entities.membership.query
      .byAccount({ accountId: account })
      .go({ pages: 'all' });
    return data.map(toMembership);
  }

  async invites(account: TenantId): Promise<StoredInvite[]> {
    const { data } = await this.db.entities.teamInvite.query
      .byTenant(tenantKey(account))
      .go({ pages: 'all', consistent: true });
    return data
      .map(({ tenantId, ...i }) => ({ ...i, accountId: tenantId }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async invite(account: TenantId, id: string): Promise<StoredInvite | null> {
    return (await this.invites(account)).find((i) => i.id === id) ?? null;
  }

  async seatsTaken(account: TenantId): Promise<number> {
    const { data } = await this.db.entities.recordGuard.get(seatKey(account)).go({ consistent: true });
    return data?.count ?? 0;
  }

  async createInvite(invite: StoredInvite, maxExtra: number | null): Promise<InviteOutcome> {
    const { accountId, ...fields } = invite;
    const result = await writeGuarded(this.db, ({ teamInvite, recordGuard }) => [
      teamInvite.create({ ...fields, tenantId: accountId }).commit(),
      recordGuard
        .update(seatKey(accountId))
        .add({ count: 1 })
        .where((a, op) =>
          maxExtra === null ? '' : `${op.notExists(a.count)} OR ${op.lt(a.count, maxExtra)}`,
        )
        .commit(),
    ]);
    if (!result.canceled) return 'created';
    if (failed(result.data, 0)) return 'already-invited';
    if (failed(result.data, 1) || maxExtra === 0) return 'seats-full';
    throw new Error(`Could not store the invite: ${JSON.stringify(result.data)}`);
  }

  async revokeInvite(invite: StoredInvite): Promise<boolean> {
    const result = await writeGuarded(this.db, ({ teamInvite, recordGuard }) => [
      teamInvite
        .delete({ tenantId: invite.accountId, email: invite.email })
        .where((a, op) => op.eq(a.id, invite.id))
        .commit(),
      recordGuard
        .update(seatKey(invite.accountId))
        .subtract({ count: 1 })
        .where((a, op) => op.gt(a.count, 0))
        .commit(),
    ]);
    return !result.canceled;
  }

  async expireInvite(invite: StoredInvite, now: string): Promise<boolean> {
    const result = await writeGuarded(this.db, ({ teamInvite, recordGuard }) => [
      teamInvite
        .delete({ tenantId: invite.accountId, email: invite.email })
        .where((a, op) => `${op.eq(a.id, invite.id)} AND ${op.lte(a.validUntil, now)}`)
        .commit(),
      recordGuard
        .update(seatKey(invite.accountId))
        .subtract({ count: 1 })
        .where((a, op) => op.gt(a.count, 0))
        .commit(),
    ]);
    return !result.canceled;
  }

  async renewInvite(invite: StoredInvite): Promise<boolean> {
    const result = await writeGuarded(this.db, ({ teamInvite }) => [
      teamInvite
        .patch({ tenantId: invite.accountId, email: invite.email })
        .set({ validUntil: invite.validUntil })
        .where((a, op) => op.eq(a.id, invite.id))
        .commit(),
    ]);
    return !result.canceled;
  }

  async acceptInvite(invite: StoredInvite, member: Membership): Promise<AcceptOutcome> {
    const result = await writeGuarded(this.db, ({ teamInvite, membership }) => [
      teamInvite
        .delete({ tenantId: invite.accountId, email: invite.email })
        .where((a, op) => `${op.eq(a.id, invite.id)} AND ${op.gt(a.validUntil, member.joinedAt)}`)
        .commit(),
      // One account per person: joining a second team is refused, never a silent move.
      membership.create({ ...member, invitedBy: member.invitedBy ?? undefined }).commit(),
    ]);
    if (!result.canceled) return 'joined';
    if (failed(result.data, 0)) return 'invite-gone';
    if (failed(result.data, 1)) return 'member-elsewhere';
    throw new Error(`Could not accept the invite: ${JSON.stringify(result.data)}`);
  }

  async setRole(member: Membership, role: TeamRole, owner: string): Promise<boolean> {
    const account = member.accountId;
    const result = await writeGuarded(this.db, ({ membership }) => [
      membership
        .check({ userId: owner })
        .where(roleStill(account, owner, 'owner'))
        .commit(),
      membership
        .put(membershipItem({ ...member, role }))
        .where(roleStill(account, member.userId, member.role))
        .commit(),
    ]);
    return !result.canceled;
  }

  async handOver(owner: Membership, heir: Membership): Promise<boolean> {
    const account = owner.accountId;
    const result = await writeGuarded(this.db, ({ membership }) => [
      membership
        .put(membershipItem({ ...heir, role: 'owner' }))
        .where(roleStill(account, heir.userId, heir.role))
        .commit(),
      // The founder's own record is made here: without one they would still read as the owner.
      membership
        .put(membershipItem({ ...owner, role: 'manager' }))
        .where(roleStill(account, owner.userId, 'owner'))
        .commit(),
    ]);
    return !result.canceled;
  }

  async removeMember(member: Membership, owner: string): Promise<boolean> {
    const account = member.accountId;
    const result = await writeGuarded(this.db, ({ membership, recordGuard }) => [
      membership
        .check({ userId: owner })
        .where(roleStill(account, owner, 'owner'))
        .commit(),
      membership
        .delete({ userId: member.userId })
        .where((a, op) => `${op.eq(a.accountId, account)} AND ${op.eq(a.role, member.role)}`)
        .commit(),
      recordGuard
        .update(seatKey(account))
        .subtract({ count: 1 })
        .where((a, op) => op.gt(a.count, 0))
        .commit(),
    ]);
    return !result.canceled;
  }

  async lastSignIns(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const { data } = await this.db.entities.signIn.get(userIds.map((userId) => ({ userId }))).go();
    return new Map(data.map((s) => [s.userId, s.lastSignInAt]));
  }
}

/** The account's audit log: one item per event, newest first on reading. */
export class DynamoAuditLog implements AuditLog {
  constructor(
    private readonly db: RaincheckService,
    private readonly ids: { next(): string },
  ) {}

  async append(account: TenantId, entry: Omit<AuditEntry, 'id'>): Promise<void> {
    await this.db.entities.accountAudit
      .create({
        ...tenantKey(account),
        ...entry,
        id: this.ids.next(),
        detail: entry.detail ?? undefined,
        actorName: entry.actorName ?? undefined,
      })
      .go({ response: 'none' });
  }

  async list(account: TenantId, limit: number): Promise<AuditEntry[]> {
    const { data } = await this.db.entities.accountAudit.query
      .byTenant(tenantKey(account))
      .go({ order: 'desc', limit });
    return data.map(({ tenantId: _t, ...e }) => ({
      ...e,
      detail: e.detail ?? null,
      actorName: e.actorName ?? null,
    }));
  }
}
