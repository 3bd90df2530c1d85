/** The verified identity of the caller, taken from the token and never from the request. */
export interface Caller {
  userId: string;
  email: string;
  groups: string[];
  /** The account the caller acts in, resolved from the verified token's membership (issue 22). */
  accountId?: string;
  /** The caller's role in that account; absent for the owner of an account without members. */
  role?: 'owner' | 'manager' | 'viewer' | 'support';
  /** Cognito's `email_verified` (ID tokens); guest purchases link only to a verified email. */
  emailVerified?: boolean;
  /** When the user signed in (the token's `auth_time`, ISO); refreshed tokens keep it, so it marks a session. */
  authTime?: string;
  /** The pool's username (`cognito:username`), for the live status lookup. */
  username?: string;
  /** Set by the live status lookup (lambdas/core/auth/user-status.ts): an authenticator app is set up. */
  totpEnabled?: boolean;
  /** The name a write is credited to when it is not a person's (an API key: "API key “Sync”"). */
  actorName?: string;
}

declare const tenantBrand: unique symbol;
/**
 * The account that owns tenant data. Only `tenantOf` makes one, from the verified caller, so no
 * repository can be handed an id that came from a request body, path or query.
 */
export type TenantId = string & { readonly [tenantBrand]: true };

/**
 * The one way to a tenant: the account the verified token's membership names, else the token's own
 * `sub` (DESIGN §4: an account's id is its owner's `sub`).
 */
export function tenantOf(caller: Caller): TenantId {
  if (!caller.userId) throw new Error('A caller without a subject has no tenant');
  return (caller.accountId ?? caller.userId) as TenantId;
}

/** For trusted, non-request paths only (the scheduler, the seed, tests): a tenant from a stored owner id. */
export function tenantFromStore(ownerId: string): TenantId {
  return ownerId as TenantId;
}
