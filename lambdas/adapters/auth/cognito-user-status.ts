import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LiveUserStatus, UserRef, UserStatusSource } from '../../core/auth/user-status';

/**
 * A user's live status from the user pool: AdminGetUser (Enabled, UserMFASettingList) and
 * AdminListGroupsForUser, two calls in parallel (IAM: the api Lambda's grant on the pool). Locally the
 * client points at the stack's admin endpoint, which answers both as Cognito does (MFA included).
 */
export class CognitoUserStatus implements UserStatusSource {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async statusOf({ username }: UserRef): Promise<LiveUserStatus | null> {
    const input = { UserPoolId: this.userPoolId, Username: username };
    try {
      const [user, groups] = await Promise.all([
        this.client.send(new AdminGetUserCommand(input)),
        this.groupsOf(username),
      ]);
      return {
        enabled: user.Enabled !== false,
        groups,
        totpEnabled: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
      };
    } catch (err) {
      if ((err as { name?: string }).name === 'UserNotFoundException') return null;
      throw err;
    }
  }

  private async groupsOf(username: string): Promise<string[]> {
    const groups: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new AdminListGroupsForUserCommand({
          UserPoolId: this.userPoolId,
          Username: username,
          NextToken: token,
        }),
      );
      for (const g of res.Groups ?? []) if (g.GroupName) groups.push(g.GroupName);
      token = res.NextToken;
    } while (token);
    return groups;
  }
}
