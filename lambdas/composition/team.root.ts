import { DynamoAuditLog, DynamoTeamStore } from '../adapters/dynamo/team.repo';
import { ConfirmationTokens } from '../core/confirmations/confirmation-tokens';
import { CachedMemberships } from '../core/team/membership-caller';
import type { TeamDeps } from '../core/team/team.deps';
import type { AccountRepo } from '../core/account/account.ports';
import type { DataRoot } from './data.root';
import type { EmailDeps } from './email.root';

/** The invite links' own key, derived from UNSUBSCRIBE_SECRET with this label. */
const INVITE_LINK_LABEL = 'raincheck/team-invite-link/v1';

/**
 * Teams (issue 22): the memberships the auth step reads (cached per container), the invites, the
 * audit log and the `/join/{token}` link signer (read only when a link is made or checked).
 */
export function createTeamDeps(
  data: DataRoot,
  deps: { accounts: AccountRepo; email: Pick<EmailDeps, 'mailer' | 'appOrigin'>; unsubscribeSecret?: string },
): TeamDeps & { memberships: CachedMemberships } {
  const { config } = data;
  const store = new DynamoTeamStore(data.db);
  let signer: ConfirmationTokens | undefined;
  const signerOf = () =>
    (signer ??= new ConfirmationTokens(
      deps.unsubscribeSecret ?? config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
      INVITE_LINK_LABEL,
    ));
  return {
    store,
    audit: new DynamoAuditLog(data.db, data.ids),
    tokens: {
      sign: (claims) => signerOf().sign(claims),
      verify: (token, now) => signerOf().verify(token, now),
    },
    mailer: deps.email.mailer,
    accounts: deps.accounts,
    clock: data.clock,
    ids: data.ids,
    appOrigin: deps.email.appOrigin,
    memberships: new CachedMemberships(store, data.clock),
  };
}

function missingSecret(): never {
  throw new Error('UNSUBSCRIBE_SECRET is not set: invite links cannot be signed');
}
