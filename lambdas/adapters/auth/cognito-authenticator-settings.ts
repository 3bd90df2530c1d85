import {
  AdminSetUserMFAPreferenceCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AuthenticatorSettings } from '../../core/account/account.ports';

/**
 * A user's TOTP preference through Cognito's admin API (IAM: `cognito-idp:AdminSetUserMFAPreference` on
 * the one pool, the post-confirmation Lambda's `userMfaReset` access). Turning it off leaves the pool's
 * MFA setting (optional) as it is: the user signs in with the password alone until they set up an app again.
 */
export class CognitoAuthenticatorSettings implements AuthenticatorSettings {
  constructor(private readonly client: CognitoIdentityProviderClient) {}

  async turnOffTotp(user: { userPoolId: string; username: string }): Promise<void> {
    await this.client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: user.userPoolId,
        Username: user.username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  }
}
