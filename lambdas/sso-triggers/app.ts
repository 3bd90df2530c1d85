import type {
  PreAuthenticationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';
import { EXTERNAL_PROVIDER_SIGN_UP, federatedIdentityOf } from '../core/sso/cognito-federated-user';
import {
  admitFederatedIdentity,
  FederationRefusedError,
  passwordSignInRefusal,
  signInThroughSso,
  type SsoSignInDeps,
} from '../core/sso/sso-sign-in';

export type SsoTriggerEvent =
  PreSignUpTriggerEvent | PreAuthenticationTriggerEvent | PreTokenGenerationTriggerEvent;

export type SsoTriggerDeps = Pick<SsoSignInDeps, 'store' | 'memberships' | 'clock'> & {
  log?: (line: Record<string, unknown>) => void;
};

/**
 * The user pool's single sign-on rules (issue 24, ADR 0011), the same core functions the local
 * federation front and proxy call. A refusal throws: Cognito then refuses the sign-up or sign-in with
 * the message.
 *  - Pre sign-up, `PreSignUp_ExternalProvider`: a provider's answer becomes a user only when
 *    `admitFederatedIdentity` admits it (the provider is an account's, the address verified, its
 *    domain proven by that account). Other sign-ups are the pool's own: nothing to check.
 *  - Pre authentication (password sign-in): refused for an address under SSO unless it is the
 *    owner's break-glass (`passwordSignInRefusal`).
 *  - Pre token generation, federated users only: `signInThroughSso` each time Cognito issues their
 *    tokens (sign-in and refresh): admitted again, and the first one's membership is made, one
 *    conditional create; later ones only read. Here, not in post confirmation, because only this
 *    trigger runs again when a first sign-in's membership write failed.
 * The events name the pool, so the function needs no USER_POOL_ID (which would make a cycle).
 */
export function createSsoTriggersHandler(deps: SsoTriggerDeps) {
  const log = deps.log ?? ((line) => console.log(JSON.stringify(line)));
  const refused = (event: SsoTriggerEvent, reason: string): never => {
    log({ level: 'warn', message: 'SSO trigger refused', triggerSource: event.triggerSource, reason });
    throw new FederationRefusedError(reason);
  };

  async function checked<T>(event: SsoTriggerEvent, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof FederationRefusedError) return refused(event, err.message);
      throw err;
    }
  }

  return async function handleSsoTrigger<E extends SsoTriggerEvent>(event: E): Promise<E> {
    const identity = federatedIdentityOf(event);
    const { sub, email } = event.request.userAttributes;
    if (event.triggerSource === EXTERNAL_PROVIDER_SIGN_UP) {
      if (!identity) return refused(event, 'This identity provider is not registered.');
      await checked(event, () => admitFederatedIdentity(identity, deps));
    } else if (event.triggerSource.startsWith('PreAuthentication_')) {
      if (!sub || !email) return refused(event, 'A sign-in without sub or email');
      // A federated user has no password: whatever signs them in is their provider's, ruled as below.
      if (identity) await checked(event, () => signInThroughSso(identity, { userId: sub }, deps));
      else {
        const refusal = await passwordSignInRefusal({ userId: sub, email }, deps);
        if (refusal) refused(event, refusal);
      }
    } else if (event.triggerSource.startsWith('TokenGeneration_') && identity) {
      if (!sub) return refused(event, 'A federated user without sub');
      const { joined } = await checked(event, () => signInThroughSso(identity, { userId: sub }, deps));
      if (joined) log({ level: 'info', message: 'First single sign-on: membership made' });
    }
    return event;
  };
}
