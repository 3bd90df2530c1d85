import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import type { AuthenticatorSettings } from '../core/account/account.ports';
import { createAccountRecord, type CreateAccountRecordDeps } from '../core/account/create-account-record';
import { federatedIdentityOf } from '../core/sso/cognito-federated-user';

export type { PostConfirmationTriggerEvent };

export interface PostConfirmationDeps extends CreateAccountRecordDeps {
  authenticators: AuthenticatorSettings;
  log?: (line: Record<string, unknown>) => void;
}

/**
 * The user pool's post-confirmation trigger. Cognito calls it once a sign-up is confirmed with its
 * emailed code (`PostConfirmation_ConfirmSignUp`) and once a password reset is completed
 * (`PostConfirmation_ConfirmForgotPassword`):
 *  - a confirmed sign-up gets its account record at once (the conditional create the back-fill uses
 *    too), so the user is counted before any first sign-in; a repeated call writes nothing;
 *  - a completed reset turns the user's authenticator app off: recovery is by email, as the settings
 *    page says, and as the local stack's proxy does (local/cognito-mfa.ts).
 *  - a federated user's first sign-in (single sign-on) gets no account record: they join the account
 *    whose provider signed them in (lambdas/sso-triggers).
 * A failure throws: Cognito then answers the confirmation with an error (the user stays confirmed),
 * the function's error alarm fires, and the back-fill (docs/operations.md) writes what is missing.
 * The event names the pool, so the function needs no USER_POOL_ID (which would make a cycle with the
 * pool that refers to it).
 */
export function createPostConfirmationHandler(deps: PostConfirmationDeps) {
  const log = deps.log ?? ((line) => console.log(JSON.stringify(line)));
  return async function handlePostConfirmation(
    event: PostConfirmationTriggerEvent,
  ): Promise<PostConfirmationTriggerEvent> {
    if (event.triggerSource === 'PostConfirmation_ConfirmSignUp' && federatedIdentityOf(event)) {
      // A first sign-in through an account's identity provider: a member of that account, never an
      // account of their own; the SSO token trigger makes the membership (lambdas/sso-triggers).
      log({ level: 'info', message: 'Federated user confirmed: no account record' });
    } else if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') {
      const { sub, email } = event.request.userAttributes;
      if (!sub || !email) throw new Error('A confirmed sign-up without sub or email');
      const created = await createAccountRecord({ userId: sub, email }, deps);
      log({ level: 'info', message: 'Account record of a confirmed sign-up', created });
    } else if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
      await deps.authenticators.turnOffTotp({ userPoolId: event.userPoolId, username: event.userName });
      log({ level: 'info', message: 'Authenticator turned off after a password reset' });
    }
    return event;
  };
}
