import { DynamoConfirmationRepo } from '../adapters/dynamo/confirmations.repo';
import { ConfirmationTokens } from '../core/confirmations/confirmation-tokens';
import type { EscalationTexter } from '../core/confirmations/confirmation.ports';
import type { DispatchConfirmations } from '../core/confirmations/dispatch-confirmations';
import type { DataRoot } from './data.root';
import type { EmailDeps } from './email.root';

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
    repo: new DynamoConfirmationRepo(data.db),
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
