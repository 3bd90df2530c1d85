import type { AccountRepo } from '../account/account.ports';
import { ForbiddenError } from '../errors';
import type { Caller } from '../caller';
import type { Mailer } from '../email/email.ports';
import type { Clock, IdGenerator } from '../runtime.ports';
import { TEAM_MESSAGES } from '../../../shared/team-roles';
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
