import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DirectoryPage, DirectoryUser, UserDirectory } from '../../core/admin/people.ports';

/** One Cognito client per process; locally it points at cognito-local (with its dummy credentials). */
export function createCognitoClient(opts: {
  region: string;
  endpoint?: string;
}): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: opts.region,
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

interface PoolUser extends DirectoryUser {
  /** The pool's username (the sub in AWS's email-as-username pools, the email in cognito-local). */
  username: string;
}

function toUser(u: UserType): PoolUser | null {
  const attr = (name: string) => u.Attributes?.find((a) => a.Name === name)?.Value;
  const id = attr('sub');
  if (!id || !u.Username) return null;
  return {
    id,
    username: u.Username,
    email: attr('email') ?? '',
    enabled: u.Enabled !== false,
    status: u.UserStatus ?? 'UNKNOWN',
    createdAt: u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : null,
  };
}

const publicUser = ({ username: _username, ...user }: PoolUser): DirectoryUser => user;

/** Filter values are quoted strings: the query schema already refuses quotes and backslashes. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/**
 * The user pool through Cognito's admin API (IAM: the api Lambda's `userPool` access, scoped to the
 * pool). ListUsers pages with its own token and filters by email prefix; the table is never scanned.
 * cognito-local ignores Limit and PaginationToken, so locally one page holds every match.
 */
export class CognitoUserDirectory implements UserDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async listUsers(query: { emailPrefix: string; limit: number; cursor?: string }): Promise<DirectoryPage> {
    const res = await this.client.send(
      new ListUsersCommand({
        UserPoolId: this.userPoolId,
        Limit: query.limit,
        PaginationToken: query.cursor,
        ...(query.emailPrefix ? { Filter: `email ^= ${quoted(query.emailPrefix)}` } : {}),
      }),
    );
    const users = (res.Users ?? []).map(toUser).filter((u): u is PoolUser => u !== null);
    return { users: users.map(publicUser), nextCursor: res.PaginationToken ?? null };
  }

  private async findOne(filter: string): Promise<PoolUser | null> {
    const res = await this.client.send(
      new ListUsersCommand({ UserPoolId: this.userPoolId, Limit: 1, Filter: filter }),
    );
    return (res.Users ?? []).map(toUser).find((u) => u !== null) ?? null;
  }

  async findById(id: string): Promise<DirectoryUser | null> {
    const user = await this.findOne(`sub = ${quoted(id)}`);
    return user ? publicUser(user) : null;
  }

  async findByEmail(email: string): Promise<DirectoryUser | null> {
    const user = await this.findOne(`email = ${quoted(email)}`);
    return user ? publicUser(user) : null;
  }

  private async username(id: string): Promise<string> {
    const user = await this.findOne(`sub = ${quoted(id)}`);
    if (!user) throw new Error(`No pool user with sub ${id}`);
    return user.username;
  }

  async setEnabled(id: string, enabled: boolean): Promise<void> {
    const input = { UserPoolId: this.userPoolId, Username: await this.username(id) };
    await this.client.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
  }

  async signOut(id: string): Promise<void> {
    await this.client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: await this.username(id) }),
    );
  }

  async groupMembers(group: string): Promise<DirectoryUser[]> {
    const members: DirectoryUser[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListUsersInGroupCommand({ UserPoolId: this.userPoolId, GroupName: group, NextToken: token }),
      );
      for (const u of res.Users ?? []) {
        const user = toUser(u);
        if (user) members.push(publicUser(user));
      }
      token = res.NextToken;
    } while (token);
    return members;
  }

  async addToGroup(id: string, group: string): Promise<void> {
    await this.client.send(new AdminAddUserToGroupCommand(await this.membership(id, group)));
  }

  async removeFromGroup(id: string, group: string): Promise<void> {
    await this.client.send(new AdminRemoveUserFromGroupCommand(await this.membership(id, group)));
  }

  /** The user and group a group command names (both commands take the same three fields). */
  private async membership(id: string, group: string) {
    return { UserPoolId: this.userPoolId, Username: await this.username(id), GroupName: group };
  }
}
