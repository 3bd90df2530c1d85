import { ADMIN_MESSAGES, ROLE_GROUPS } from '../../../shared/admin';
import type { Caller } from '../caller';
import { NotAuthenticatedError } from '../errors';
import type { Clock } from '../runtime.ports';
import { ContainerCache } from '../container-cache';

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

/** An admin who has not set up TOTP yet: not cached, so the admin area opens the moment they have. */
const isAdminWithoutTotp = (status: LiveUserStatus | null) =>
  !!status && !status.totpEnabled && ROLE_GROUPS.some((g) => status.groups.includes(g.group));

/**
 * One lookup per user per TTL per container (parallel requests of one user share it). An admin
 * without TOTP is not cached, so the admin area opens the moment they finish setting it up.
 */
export class CachedUserStatus implements UserStatusSource {
  private readonly cache: ContainerCache<LiveUserStatus | null>;

  constructor(
    private readonly source: UserStatusSource,
    clock: Clock,
    ttlMs = USER_STATUS_TTL_MS,
  ) {
    this.cache = new ContainerCache(clock, ttlMs);
  }

  statusOf(user: UserRef): Promise<LiveUserStatus | null> {
    return this.cache.read(
      user.userId,
      () => this.source.statusOf(user),
      (status) => !isAdminWithoutTotp(status),
    );
  }

  /** Drops what this container knows of a user (after it changed them itself). */
  forget(userId: string): void {
    this.cache.forget(userId);
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
