import { createHash, randomBytes } from 'node:crypto';
import { SUPPORT_MESSAGES, SUPPORT_TOKEN_PREFIX, type SupportAccessState } from '../../../shared/support';
import { tenantFromStore, tenantOf, type Caller, type TenantId } from '../caller';
import { ForbiddenError } from '../errors';
import type { SupportDeps, SupportSession } from './support.ports';

/** 32 random bytes: a session token cannot be guessed, and only its hash is stored. */
const TOKEN_BYTES = 32;
const HOUR_MS = 3_600_000;
export const SUPPORT_LOG_LIMIT = 200;

export function hashSupportToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isLive(until: string | null, now: Date): until is string {
  return until !== null && Date.parse(until) > now.getTime();
}

/** Only the account's owner grants access (a teammate's role, once teams land, is refused). */
function assertOwner(caller: Caller): void {
  if (caller.role !== undefined && caller.role !== 'owner')
    throw new ForbiddenError(`Only the account owner can change support access; your role is ${caller.role}`);
}

export async function supportAccessState(
  tenant: TenantId,
  deps: Pick<SupportDeps, 'access' | 'clock'>,
): Promise<SupportAccessState> {
  const until = await deps.access.grantOf(tenant);
  return { grantedUntil: isLive(until, deps.clock.now()) ? until : null };
}

/** `PUT /api/account/support-access` `{ grantHours }`: 1–72 grants from now, 0 revokes (and ends every session). */
export async function setSupportAccess(
  caller: Caller,
  grantHours: number,
  deps: Pick<SupportDeps, 'access' | 'clock'>,
): Promise<SupportAccessState> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  const now = deps.clock.now();
  const until = grantHours > 0 ? new Date(now.getTime() + grantHours * HOUR_MS).toISOString() : null;
  await deps.access.setGrant(tenant, until, caller.email, now.toISOString());
  await deps.access.log(tenant, {
    at: now.toISOString(),
    kind: until ? 'granted' : 'revoked',
    actor: caller.email,
  });
  return { grantedUntil: until };
}

export async function supportAccessLog(tenant: TenantId, deps: Pick<SupportDeps, 'access'>) {
  return { entries: await deps.access.readLog(tenant, SUPPORT_LOG_LIMIT) };
}

/**
 * `POST /api/admin/support-sessions` `{ accountId }`: a read-only session for an account whose owner
 * granted access; it ends with the grant. The token is answered once and stored only as its hash.
 */
export async function openSupportSession(
  admin: Caller,
  accountId: string,
  deps: Pick<SupportDeps, 'access' | 'clock' | 'accounts'>,
) {
  const account = tenantFromStore(accountId);
  const now = deps.clock.now();
  const until = await deps.access.grantOf(account);
  if (!isLive(until, now)) throw new ForbiddenError(SUPPORT_MESSAGES.noLiveGrant);
  const token = `${SUPPORT_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  await deps.access.createSession({
    tokenHash: hashSupportToken(token),
    accountId,
    adminId: admin.userId,
    adminEmail: admin.email,
    createdAt: now.toISOString(),
    expiresAt: until,
  });
  await deps.access.log(account, { at: now.toISOString(), kind: 'session-opened', actor: admin.email });
  const profile = await deps.accounts.getProfile(accountId);
  return { token, expiresAt: until, accountId, company: profile?.company ?? null };
}

export interface SupportRequestLine {
  method: string;
  path: string;
}

/** Reads (GET, HEAD) pass; every other method is a write and is refused in a support session. */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The session of a token while both it and the account's grant are live; null otherwise. */
export async function liveSupportSession(
  token: string,
  deps: Pick<SupportDeps, 'access' | 'clock'>,
): Promise<SupportSession | null> {
  if (!token.startsWith(SUPPORT_TOKEN_PREFIX)) return null;
  const session = await deps.access.sessionByHash(hashSupportToken(token));
  const now = deps.clock.now();
  if (!session || !isLive(session.expiresAt, now)) return null;
  const grant = await deps.access.grantOf(tenantFromStore(session.accountId));
  return isLive(grant, now) ? session : null;
}

/**
 * The caller of a support session token, or null when the token is unknown, expired, or its grant
 * was revoked. Every request is logged for the owner (refused writes too); a write is then refused
 * (403) whatever the route, so no screen can change the account in a support session.
 */
export async function supportSessionCaller(
  token: string,
  request: SupportRequestLine,
  deps: Pick<SupportDeps, 'access' | 'clock' | 'accounts'>,
): Promise<Caller | null> {
  const session = await liveSupportSession(token, deps);
  if (!session) return null;
  const now = deps.clock.now();
  const account = tenantFromStore(session.accountId);
  const read = isReadMethod(request.method);
  await deps.access.log(account, {
    at: now.toISOString(),
    kind: read ? 'request' : 'refused-write',
    actor: session.adminEmail,
    method: request.method,
    path: request.path,
  });
  if (!read) throw new ForbiddenError(SUPPORT_MESSAGES.readOnlySession);
  const profile = await deps.accounts.getProfile(session.accountId);
  return {
    userId: session.accountId,
    email: profile?.email ?? session.adminEmail,
    groups: [],
    accountId: session.accountId,
    role: 'support',
  };
}
