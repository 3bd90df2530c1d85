import type { Caller } from '../caller';
import type { Clock } from '../runtime.ports';
import type { Membership } from './team.ports';

export interface MembershipSource {
  membershipOf(userId: string): Promise<Membership | null>;
}

/**
 * How long one container trusts a membership it read. Well under the 60 s within which a removed
 * member must be refused; the container that made a change forgets it at once.
 */
export const MEMBERSHIP_TTL_MS = 20_000;

/** One read per member per TTL per container; parallel requests of one member share it. */
export class CachedMemberships implements MembershipSource {
  private readonly entries = new Map<string, { membership: Membership | null; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<Membership | null>>();

  constructor(
    private readonly source: MembershipSource,
    private readonly clock: Clock,
    private readonly ttlMs = MEMBERSHIP_TTL_MS,
  ) {}

  async membershipOf(userId: string): Promise<Membership | null> {
    const cached = this.entries.get(userId);
    if (cached && cached.expiresAt > this.clock.now().getTime()) return cached.membership;
    const pending = this.inFlight.get(userId) ?? this.lookUp(userId);
    this.inFlight.set(userId, pending);
    return pending;
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }

  private async lookUp(userId: string): Promise<Membership | null> {
    try {
      const membership = await this.source.membershipOf(userId);
      this.entries.set(userId, { membership, expiresAt: this.clock.now().getTime() + this.ttlMs });
      return membership;
    } finally {
      this.inFlight.delete(userId);
    }
  }
}

/**
 * The caller in the account they act in: a member's account and role from their membership, else
 * the owner of their own account (an account's id is its owner's `sub`). A caller that already names
 * its account (an API key, a support session: set from their own stored record) is kept as it is.
 */
export async function memberCaller(caller: Caller, memberships: MembershipSource): Promise<Caller> {
  if (caller.accountId && caller.role) return caller;
  const membership = await memberships.membershipOf(caller.userId);
  return membership
    ? { ...caller, accountId: membership.accountId, role: membership.role }
    : { ...caller, accountId: caller.userId, role: 'owner' };
}
