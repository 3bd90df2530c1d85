import type { AuditEntry, TeamInvite, TeamRole } from '../../../shared/team-roles';
import type { TenantId } from '../caller';

/** A member's seat in an account: their `sub` → the account (its owner's `sub`) and role. */
export interface Membership {
  userId: string;
  accountId: string;
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  joinedAt: string;
  /** The invite they joined by: a repeated click of its link answers the same join. */
  inviteId?: string;
}

export interface StoredInvite extends TeamInvite {
  accountId: string;
}

/** Why a conditional team write did not happen. */
export type InviteOutcome = 'created' | 'seats-full' | 'already-invited';
export type AcceptOutcome = 'joined' | 'invite-gone' | 'member-elsewhere';

/**
 * The team's table access. Every change that frees or takes a seat moves the account's seat counter
 * in the same transaction, with a condition, so parallel invites never pass the plan's seats.
 */
export interface TeamStore {
  membershipOf(userId: string): Promise<Membership | null>;
  members(account: TenantId): Promise<Membership[]>;
  invites(account: TenantId): Promise<StoredInvite[]>;
  invite(account: TenantId, id: string): Promise<StoredInvite | null>;
  /** Seats taken beside the founding owner (members with a record, pending invites). */
  seatsTaken(account: TenantId): Promise<number>;
  /** Puts the invite and takes a seat while fewer than `maxExtra` are taken (null: no limit). */
  createInvite(invite: StoredInvite, maxExtra: number | null): Promise<InviteOutcome>;
  /** Drops a pending invite and frees its seat; false when it was no longer pending. */
  revokeInvite(invite: StoredInvite): Promise<boolean>;
  /**
   * Drops an invite whose 7 days are over and frees its seat, only if it is still expired at `now`
   * (a resend may have renewed it since it was read); false when it was not.
   */
  expireInvite(invite: StoredInvite, now: string): Promise<boolean>;
  /** A resent invite's new expiry; false when it was no longer pending. */
  renewInvite(invite: StoredInvite): Promise<boolean>;
  /** Turns the pending invite into the membership (the seat moves with it); single use. */
  acceptInvite(invite: StoredInvite, member: Membership): Promise<AcceptOutcome>;
  /**
   * Gives `member` (as read) `role`, only while they still have the role read and `owner` still owns
   * the account; false when either changed since (nothing written).
   */
  setRole(member: Membership, role: TeamRole, owner: string): Promise<boolean>;
  /**
   * In one transaction: `heir` (as read) becomes the owner and `owner` (as read; the founder's own
   * record is made here) a manager, only while both are still as read; false when either changed.
   */
  handOver(owner: Membership, heir: Membership): Promise<boolean>;
  /**
   * Removes `member` (as read) and frees their seat, only while they still have the role read and
   * `owner` still owns the account; false when either changed or they are gone (nothing written).
   */
  removeMember(member: Membership, owner: string): Promise<boolean>;
  lastSignIns(userIds: string[]): Promise<Map<string, string>>;
}

export interface AuditLog {
  append(account: TenantId, entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Newest first. */
  list(account: TenantId, limit: number): Promise<AuditEntry[]>;
}

/** Signs and checks `/join/{token}` links: the account, the invite and the expiry, nothing else. */
export interface InviteTokens {
  sign(claims: { tenantId: string; requestId: string; expiresAt: number }): string;
  verify(token: string, now: Date): { tenantId: string; requestId: string; expiresAt: number } | null;
}
