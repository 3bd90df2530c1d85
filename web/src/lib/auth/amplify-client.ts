import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  setUpTOTP,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '../../../../shared/runtime-config';
import { MESSAGES } from '../../../../shared/messages';
import type { AuthClient, AuthEvent, AuthUser, SignInOutcome } from './types';

/** Amplify's next step, as the app's outcome. */
function outcomeOf(result: SignInOutput): SignInOutcome {
  if (result.isSignedIn) return { kind: 'signedIn' };
  const step = result.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_UP') return { kind: 'confirmSignUp' };
  if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'totpCode' };
  return { kind: 'unsupported', step };
}

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
      return outcomeOf(
        await signIn({ username: email, password, options: { authFlowType: config.authFlow } }),
      );
    },
    async confirmTotpCode(code) {
      return outcomeOf(await confirmSignIn({ challengeResponse: code }));
    },
    totp: {
      async enabled() {
        return (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false;
      },
      async setUp(accountName) {
        const details = await setUpTOTP();
        return {
          secret: details.sharedSecret,
          uri: details.getSetupUri('Raincheck', accountName).toString(),
        };
      },
      async verify(code) {
        await verifyTOTPSetup({ code });
        await updateMFAPreference({ totp: 'PREFERRED' });
      },
      async disable() {
        await updateMFAPreference({ totp: 'DISABLED' });
      },
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
