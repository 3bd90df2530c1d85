import { ADMIN_MESSAGES, ROLE_GROUPS } from '../../../shared/admin';
import type { Caller } from '../caller';
import { NotAuthenticatedError } from '../errors';
import type { Clock } from '../runtime.ports';

/** What the identity provider says of a user now, whatever their token says. */
export interface LiveUserStatus {
  enabled: boolean;
  groups: string[];
  /** A verified authenticator app (TOTP) is among the user's MFA methods. */
  totpEnabled: boolean;
}

/** Who to look up: the user's id (`sub`, the cache key) and the pool's username for that user. */
export interface UserRef {
  userId: string;
  username: string;
}

/** The identity provider's live record of a user (Cognito's AdminGetUser and AdminListGroupsForUser). */
export interface UserStatusSource {
  /** Null when the user no longer exists. */
  statusOf(user: UserRef): Promise<LiveUserStatus | null>;
}

/** How long one container trusts a lookup: the upper bound on how late a disable takes effect. */
export const USER_STATUS_TTL_MS = 60_000;

interface Entry {
  status: LiveUserStatus | null;
  expiresAt: number;
}

/**
 * One lookup per user per TTL per container (the map lives as long as the Lambda container). An admin
 * without TOTP is not cached, so the admin area opens the moment they finish setting it up.
 */
export class CachedUserStatus implements UserStatusSource {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<LiveUserStatus | null>>();

  constructor(
    private readonly source: UserStatusSource,
    private readonly clock: Clock,
    private readonly ttlMs = USER_STATUS_TTL_MS,
  ) {}

  async statusOf(user: UserRef): Promise<LiveUserStatus | null> {
    const now = this.clock.now().getTime();
    const cached = this.entries.get(user.userId);
    if (cached && cached.expiresAt > now) return cached.status;
    // Parallel requests of one user share one lookup.
    const pending = this.inFlight.get(user.userId) ?? this.lookUp(user);
    this.inFlight.set(user.userId, pending);
    return pending;
  }

  /** Drops what this container knows of a user (after it changed them itself). */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  private async lookUp(user: UserRef): Promise<LiveUserStatus | null> {
    try {
      const status = await this.source.statusOf(user);
      const adminWithoutTotp =
        !!status && !status.totpEnabled && ROLE_GROUPS.some((g) => status.groups.includes(g.group));
      if (!adminWithoutTotp) {
        this.entries.set(user.userId, { status, expiresAt: this.clock.now().getTime() + this.ttlMs });
      }
      return status;
    } finally {
      this.inFlight.delete(user.userId);
    }
  }
}

/** The pool's username of a caller: the token's `cognito:username`, else the email (an alias in AWS). */
function userRefOf(caller: Caller): UserRef {
  return { userId: caller.userId, username: caller.username ?? caller.email };
}

/**
 * The caller as the identity provider knows them now: refused (401) when disabled or gone; groups and
 * TOTP replaced by the live ones, so a removed admin loses the admin area before their token expires.
 */
export async function liveCaller(caller: Caller, statuses: UserStatusSource): Promise<Caller> {
  const status = await statuses.statusOf(userRefOf(caller));
  if (!status || !status.enabled) throw new NotAuthenticatedError(ADMIN_MESSAGES.accountDisabledApi);
  return { ...caller, groups: status.groups, totpEnabled: status.totpEnabled };
}
