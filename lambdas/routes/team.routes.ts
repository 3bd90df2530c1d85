import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { inviteSchema, roleChangeSchema, TEAM_MESSAGES } from '../../shared/team';
import { tenantOf } from '../core/caller';
import { NotFoundError } from '../core/errors';
import { acceptInvite, inviteMember, resendInvite, revokeInvite } from '../core/team/invites';
import { changeRole, listAudit, listTeam, removeMember } from '../core/team/members';
import type { TeamDeps } from '../core/team/team.deps';
import { auditSubjectOf } from '../core/team/audit-subject';
import { nameOfCaller } from '../core/team/acting-member';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';

/** A path id as the store writes them (a `sub` or a UUID); anything else is simply not found. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const idOf = (c: Context<AppEnv>, name: string, missing: string): string => {
  const id = c.req.param(name);
  if (!id || !ID.test(id)) throw new NotFoundError(missing);
  return id;
};

/**
 * The team of an account (issue 22): members, invites, roles, the audit log, and the invitee's
 * `POST /api/invites/{token}/accept`. Owner-only routes are also refused by the role middleware.
 */
export function teamRoutes(deps: TeamDeps) {
  return new Hono<AppEnv>()
    .get('/api/account/members', async (c) => c.json(await listTeam(callerOf(c), deps)))
    .post('/api/account/invites', jsonBody(inviteSchema), async (c) =>
      c.json(await inviteMember(callerOf(c), c.req.valid('json'), deps), 201),
    )
    .post('/api/account/invites/:id/resend', async (c) => {
      await resendInvite(callerOf(c), idOf(c, 'id', TEAM_MESSAGES.inviteNotFound), deps);
      return c.json({ ok: true });
    })
    .delete('/api/account/invites/:id', async (c) => {
      await revokeInvite(callerOf(c), idOf(c, 'id', TEAM_MESSAGES.inviteNotFound), deps);
      return c.body(null, 204);
    })
    .put('/api/account/members/:userId', jsonBody(roleChangeSchema), async (c) =>
      c.json(
        await changeRole(
          callerOf(c),
          idOf(c, 'userId', TEAM_MESSAGES.memberNotFound),
          c.req.valid('json').role,
          deps,
        ),
      ),
    )
    .delete('/api/account/members/:userId', async (c) => {
      await removeMember(callerOf(c), idOf(c, 'userId', TEAM_MESSAGES.memberNotFound), deps);
      return c.body(null, 204);
    })
    .get('/api/account/audit', async (c) => c.json({ entries: await listAudit(callerOf(c), deps) }))
    .post('/api/invites/:token/accept', async (c) =>
      c.json(await acceptInvite(callerOf(c), c.req.param('token'), deps)),
    );
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Team changes write their own, more telling, audit lines. */
const SELF_AUDITED = /^\/api\/(account\/(invites|members)|invites\/)/;
const VERBS: Record<string, string> = {
  POST: 'created',
  PUT: 'updated',
  PATCH: 'updated',
  DELETE: 'deleted',
};

/**
 * The owner's audit log of record changes by members (issue 22 §3): every successful write of a
 * caller acting in someone else's account, in words ("updated jobsite “Harbor Point Tower”", the name
 * read from the route's answer). Mount after the caller is known.
 */
export function auditMemberWrites(
  audit: TeamDeps['audit'],
  clock: TeamDeps['clock'],
  profiles?: TeamDeps['accounts'],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const caller = c.get('caller');
    if (!caller || !WRITES.has(c.req.method) || c.res.status >= 400) return;
    const tenant = tenantOf(caller);
    // An account without a team (its founder, the owner) keeps no log of its own edits.
    const founderOwner = tenant === caller.userId && (caller.role ?? 'owner') === 'owner';
    if (founderOwner || SELF_AUDITED.test(c.req.path)) return;
    const answer = c.res.headers.get('content-type')?.includes('json')
      ? await c.res
          .clone()
          .json()
          .catch(() => null)
      : null;
    await audit.append(tenant, {
      at: clock.now().toISOString(),
      action: 'record-changed',
      actor: caller.email,
      actorName: await nameOfCaller(caller, profiles),
      subject: auditSubjectOf(c.req.path, answer),
      detail: VERBS[c.req.method] ?? null,
    });
  };
}
