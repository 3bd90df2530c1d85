import type { AccountRepo } from '../account/account.ports';
import { ForbiddenError } from '../errors';
import type { Caller, TenantId } from '../caller';
import { nameOfCaller } from './acting-member';
import type { Mailer } from '../email/email.ports';
import type { Clock, IdGenerator } from '../runtime.ports';
import { TEAM_MESSAGES, type AuditEntry } from '../../../shared/team-roles';
import type { AuditLog, InviteTokens, TeamStore } from './team.ports';

/** What the team's use-cases need: the table, the audit log, the link signer and the mail path. */
export interface TeamDeps {
  store: TeamStore;
  audit: AuditLog;
  tokens: InviteTokens;
  mailer: Mailer;
  accounts: Pick<AccountRepo, 'getProfile' | 'getSubscription'>;
  clock: Clock;
  ids: IdGenerator;
  /** The SPA's origin, for `/join/{token}` links. */
  appOrigin: string;
  /** The membership cache of this container, told when a change here makes it stale. */
  memberships?: { forget(userId: string): void };
}

/** The role middleware already refuses others; the use-cases check again so no route can forget. */
export function assertOwner(caller: Caller): void {
  if ((caller.role ?? 'owner') !== 'owner') throw new ForbiddenError(TEAM_MESSAGES.ownerOnly);
}

/**
 * A team change's audit line in the caller's name: their email, and the name on their profile when
 * they gave one, as the record-change lines carry it ("Dana Ortiz (dana@…) invited …", issue 22 §4).
 */
export async function auditTeamChange(
  caller: Caller,
  tenant: TenantId,
  deps: Pick<TeamDeps, 'audit' | 'accounts'>,
  entry: Omit<AuditEntry, 'id' | 'actor' | 'actorName'>,
): Promise<void> {
  await deps.audit.append(tenant, {
    ...entry,
    actor: caller.email,
    actorName: await nameOfCaller(caller, deps.accounts),
  });
}
