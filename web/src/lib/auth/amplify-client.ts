import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '../../../../shared/runtime-config';
import { MESSAGES } from '../../../../shared/messages';
import type { AuthClient, AuthEvent, AuthUser } from './types';

/**
 * Amplify v6 behind the app's AuthClient interface. Only load-auth-client.ts imports this module (with a
 * dynamic import), which keeps aws-amplify in its own chunk.
 */
export function createAmplifyAuthClient(config: RuntimeConfig): AuthClient {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });

  async function currentUser(): Promise<AuthUser | null> {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload || typeof payload.sub !== 'string') return null;
    const groups = payload['cognito:groups'];
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    };
  }

  return {
    async signIn(email, password) {
      const result = await signIn({
        username: email,
        password,
        options: { authFlowType: config.authFlow },
      });
      if (result.isSignedIn) return { kind: 'signedIn' };
      const step = result.nextStep.signInStep;
      if (step === 'CONFIRM_SIGN_UP') return { kind: 'confirmSignUp' };
      return { kind: 'unsupported', step };
    },
    async signOut() {
      await signOut();
    },
    async signUp(email, password) {
      const result = await signUp({
        username: email,
        password,
        options: { userAttributes: { email } },
      });
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        return { kind: 'confirmCode', destination: result.nextStep.codeDeliveryDetails.destination ?? null };
      }
      return { kind: 'done' };
    },
    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email, confirmationCode: code });
    },
    async resendSignUpCode(email) {
      await resendSignUpCode({ username: email });
    },
    async requestPasswordReset(email) {
      await resetPassword({ username: email });
    },
    async confirmPasswordReset(email, code, newPassword) {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
    },
    async updatePassword(oldPassword, newPassword) {
      if (!(await currentUser())) throw new Error(MESSAGES.noAuthenticatedUser);
      await updatePassword({ oldPassword, newPassword });
    },
    currentUser,
    async idToken() {
      const session = await fetchAuthSession();
      return session.tokens?.idToken?.toString() ?? null;
    },
    listen(onEvent) {
      return Hub.listen('auth', ({ payload }) => {
        const events: Record<string, AuthEvent> = {
          signedIn: 'signedIn',
          signedOut: 'signedOut',
          tokenRefresh: 'tokenRefresh',
          tokenRefresh_failure: 'tokenRefreshFailed',
        };
        const event = events[payload.event];
        if (event) onEvent(event);
      });
    },
  };
}
