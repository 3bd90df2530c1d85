import { DynamoConfirmationRepo } from '../adapters/dynamo/confirmations.repo';
import { ConfirmationTokens } from '../core/confirmations/confirmation-tokens';
import type { ConfirmationRepo, EscalationTexter } from '../core/confirmations/confirmation.ports';
import type { DispatchConfirmations } from '../core/confirmations/dispatch-confirmations';
import type { DataRoot } from './data.root';
import type { EmailDeps } from './email.root';

const repos = new WeakMap<DataRoot, ConfirmationRepo>();

/**
 * The confirmation requests' table access, built once per data root: the dispatch (asking,
 * escalating), the answer routes and the SMS replies (sms.root.ts) share this one instance.
 */
export function confirmationRepoOf(data: DataRoot): ConfirmationRepo {
  let repo = repos.get(data);
  if (!repo) repos.set(data, (repo = new DynamoConfirmationRepo(data.db)));
  return repo;
}

/**
 * Crew confirmation: the requests' table access, the link signer (its own key, derived from
 * UNSUBSCRIBE_SECRET with a label, read only when a link is made or checked) and the managers'
 * mailer. The escalation texter comes with the SMS channel (sms.root.ts); without it, email only.
 */
export function createConfirmationDeps(
  data: DataRoot,
  email: Pick<EmailDeps, 'mailer' | 'appOrigin'>,
  unsubscribeSecret?: string,
  texter?: EscalationTexter,
): DispatchConfirmations {
  const { config } = data;
  let signer: ConfirmationTokens | undefined;
  const signerOf = () =>
    (signer ??= new ConfirmationTokens(
      unsubscribeSecret ?? config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
    ));
  return {
    repo: confirmationRepoOf(data),
    tokens: {
      sign: (claims) => signerOf().sign(claims),
      verify: (token, now) => signerOf().verify(token, now),
    },
    appOrigin: email.appOrigin,
    mailer: email.mailer,
    ...(texter ? { texter } : {}),
  };
}

function missingSecret(): never {
  throw new Error('UNSUBSCRIBE_SECRET is not set: confirmation links cannot be signed');
}
