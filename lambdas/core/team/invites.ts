import { escapeHtml } from '../../../shared/email/render';
import { PLANS, PLAN_SEATS } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import { INVITE_VALID_DAYS, ROLE_LABELS, TEAM_MESSAGES, type TeamRole } from '../../../shared/team-roles';
import type { InviteInput } from '../../../shared/team';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { assertOwner, auditTeamChange, type TeamDeps } from './team.deps';
import type { StoredInvite } from './team.ports';
import { nameOfCaller } from './acting-member';

const DAY_MS = 86_400_000;

/** The owner invites someone by email: one seat is taken at once, under the plan's seats. */
export async function inviteMember(
  caller: Caller,
  input: InviteInput,
  deps: TeamDeps,
): Promise<{ id: string }> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  await reclaimExpiredInvites(tenant, deps);
  const [members, subscription] = await Promise.all([
    deps.store.members(tenant),
    deps.accounts.getSubscription(tenant),
  ]);
  const founder = await founderEmail(tenant, deps);
  if (input.email === founder || members.some((m) => m.email === input.email))
    throw new ConflictError(TEAM_MESSAGES.alreadyMember);
  const plan = subscription ? effectivePlan(subscription) : 'none';
  const seats = PLAN_SEATS[plan];
  const now = deps.clock.now();
  const invite: StoredInvite = {
    id: deps.ids.next(),
    accountId: tenant,
    email: input.email,
    role: input.role,
    invitedBy: caller.email,
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS).toISOString(),
  };
  // The founding owner holds a seat without a record: the others share what is left.
  const outcome = await deps.store.createInvite(invite, seats === null ? null : seats - 1);
  if (outcome === 'already-invited') throw new ConflictError(TEAM_MESSAGES.alreadyInvited);
  if (outcome === 'seats-full')
    throw new ForbiddenError(TEAM_MESSAGES.seatsFull(PLANS[plan].name, seats ?? 0));
  await auditTeamChange(caller, tenant, deps, {
    at: invite.createdAt,
    action: 'invited',
    subject: invite.email,
    detail: invite.role,
  });
  await sendInviteEmail(invite, deps);
  return { id: invite.id };
}

/** A fresh link (and 7 more days) for a pending invite. */
export async function resendInvite(caller: Caller, id: string, deps: TeamDeps): Promise<void> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  const invite = await deps.store.invite(tenant, id);
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  const now = deps.clock.now();
  const renewed = {
    ...invite,
    validUntil: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS).toISOString(),
  };
  if (!(await deps.store.renewInvite(renewed))) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  await auditTeamChange(caller, tenant, deps, {
    at: now.toISOString(),
    action: 'invite-resent',
    subject: invite.email,
    detail: null,
  });
  await sendInviteEmail(renewed, deps);
}

export async function revokeInvite(caller: Caller, id: string, deps: TeamDeps): Promise<void> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  const invite = await deps.store.invite(tenant, id);
  if (!invite || !(await deps.store.revokeInvite(invite)))
    throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  await auditTeamChange(caller, tenant, deps, {
    at: deps.clock.now().toISOString(),
    action: 'invite-revoked',
    subject: invite.email,
    detail: null,
  });
}

/**
 * The invitee, signed in with the invited address, joins: the signed link names the account and the
 * invite; the invite's removal and the membership's creation are one conditional write (single use).
 * The invitee's repeated click (a double click, a retry) answers their join again, changing nothing.
 */
export async function acceptInvite(
  caller: Caller,
  token: string,
  deps: TeamDeps,
): Promise<{ accountId: string; role: TeamRole }> {
  const now = deps.clock.now();
  const claims = deps.tokens.verify(token, now);
  const invite = claims ? await deps.store.invite(claims.tenantId as TenantId, claims.requestId) : null;
  const joinedAlready = async () => {
    const own = claims ? await deps.store.membershipOf(caller.userId) : null;
    // Their role now: the owner may have changed it since they joined.
    return own && own.accountId === claims?.tenantId && own.inviteId === claims.requestId
      ? { accountId: own.accountId, role: own.role }
      : null;
  };
  if (!invite || invite.validUntil <= now.toISOString()) {
    const joined = await joinedAlready();
    if (joined) return joined;
    throw new NotFoundError(TEAM_MESSAGES.inviteInvalid);
  }
  if (invite.email !== caller.email.toLowerCase()) throw new ForbiddenError(TEAM_MESSAGES.inviteOtherAddress);
  if (invite.accountId === caller.userId) throw new ConflictError(TEAM_MESSAGES.ownAccount);
  const outcome = await deps.store.acceptInvite(invite, {
    userId: caller.userId,
    accountId: invite.accountId,
    email: invite.email,
    role: invite.role,
    invitedBy: invite.invitedBy,
    joinedAt: now.toISOString(),
    inviteId: invite.id,
  });
  if (outcome !== 'joined') {
    const joined = await joinedAlready();
    if (joined) return joined;
  }
  if (outcome === 'invite-gone') throw new NotFoundError(TEAM_MESSAGES.inviteInvalid);
  if (outcome === 'member-elsewhere') throw new ConflictError(TEAM_MESSAGES.joinedElsewhere);
  deps.memberships?.forget(caller.userId);
  await deps.audit.append(invite.accountId as TenantId, {
    at: now.toISOString(),
    action: 'joined',
    actor: invite.email,
    actorName: await nameOfCaller(caller, deps.accounts),
    subject: invite.email,
    detail: invite.role,
  });
  return { accountId: invite.accountId, role: invite.role };
}

/**
 * Invites past their 7 days give their seats back: each is dropped with its seat in one conditional
 * write (still expired, still the same invite), so parallel callers free each seat once. Run before a
 * seat is taken and before the team is listed, so an expired invite never holds a seat anyone sees.
 */
export async function reclaimExpiredInvites(
  tenant: TenantId,
  deps: Pick<TeamDeps, 'store' | 'clock'>,
): Promise<number> {
  const now = deps.clock.now().toISOString();
  const expired = (await deps.store.invites(tenant)).filter((i) => i.validUntil <= now);
  const freed = await Promise.all(expired.map((invite) => deps.store.expireInvite(invite, now)));
  return freed.filter(Boolean).length;
}

/** The founding owner's address: their profile's, the one the account was made with. */
export async function founderEmail(tenant: TenantId, deps: Pick<TeamDeps, 'accounts'>): Promise<string> {
  return (await deps.accounts.getProfile(tenant))?.email.toLowerCase() ?? '';
}

async function sendInviteEmail(invite: StoredInvite, deps: TeamDeps): Promise<void> {
  const profile = await deps.accounts.getProfile(invite.accountId);
  const company = profile?.company || profile?.name || invite.invitedBy;
  const token = deps.tokens.sign({
    tenantId: invite.accountId,
    requestId: invite.id,
    expiresAt: Date.parse(invite.validUntil),
  });
  const link = `${deps.appOrigin}/join/${token}`;
  const role = ROLE_LABELS[invite.role].toLowerCase();
  const lines = [
    `${invite.invitedBy} invited you to join ${company} on Raincheck as a ${role}.`,
    `Open this link within ${INVITE_VALID_DAYS} days to join (sign up or sign in with ${invite.email}):`,
  ];
  await deps.mailer.send({
    to: [invite.email],
    subject: TEAM_MESSAGES.inviteSubject(company),
    text: `${lines.join('\n')}\n${link}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 18px;border-radius:6px;background:#1864ab;color:#ffffff;font-weight:700;text-decoration:none">Join the team</a></p><p style="font-size:13px">${escapeHtml(link)}</p></body></html>`,
  });
}
