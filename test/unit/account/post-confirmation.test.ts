import type { AccountProfile } from '../../../shared/account';
import type { AccountCreator } from '../../../lambdas/core/account/account.ports';
import type { DirectoryUser } from '../../../lambdas/core/admin/people.ports';
import { backfillAccountRecords } from '../../../lambdas/core/account/backfill-account-records';
import {
  createPostConfirmationHandler,
  type PostConfirmationTriggerEvent,
} from '../../../lambdas/post-confirmation/app';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const clock = { now: () => NOW };
const KEPT: AccountProfile = {
  userId: 'kept',
  email: 'kept@example.com',
  name: 'Kept',
  company: null,
  units: 'us',
  createdAt: null,
};

/** The table's conditional create: a second write for one account changes nothing. */
class MemoryAccounts implements AccountCreator {
  readonly profiles = new Map<string, AccountProfile>();
  async createProfile(profile: AccountProfile): Promise<boolean> {
    if (this.profiles.has(profile.userId)) return false;
    this.profiles.set(profile.userId, profile);
    return true;
  }
}

function event(
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  attributes: Record<string, string>,
): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'user-name-1',
    triggerSource,
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    request: { userAttributes: attributes },
    response: {},
  };
}

function setUp() {
  const accounts = new MemoryAccounts();
  const turnedOff: Array<{ userPoolId: string; username: string }> = [];
  const handler = createPostConfirmationHandler({
    accounts,
    clock,
    authenticators: { turnOffTotp: async (user) => void turnedOff.push(user) },
    log: () => {},
  });
  return { accounts, turnedOff, handler };
}

describe('post-confirmation trigger', () => {
  it('should write the account record of a confirmed sign-up at once, with its email and no profile fields', async () => {
    const { accounts, handler } = setUp();

    const answer = await handler(
      event('PostConfirmation_ConfirmSignUp', {
        sub: 'sub-1',
        email: 'Pat@Example.com',
        email_verified: 'true',
      }),
    );

    expect(answer.triggerSource).toBe('PostConfirmation_ConfirmSignUp');
    expect(accounts.profiles.get('sub-1')).toEqual({
      userId: 'sub-1',
      email: 'pat@example.com',
      name: null,
      company: null,
      units: 'us',
      createdAt: NOW.toISOString(),
    });
  });

  it('should leave a saved profile as it is when Cognito calls the trigger again', async () => {
    const { accounts, handler } = setUp();
    const saved: AccountProfile = {
      userId: 'sub-1',
      email: 'pat@example.com',
      name: 'Pat',
      company: 'Pat Builds',
      units: 'metric',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    accounts.profiles.set('sub-1', saved);

    await handler(event('PostConfirmation_ConfirmSignUp', { sub: 'sub-1', email: 'pat@example.com' }));

    expect(accounts.profiles.get('sub-1')).toBe(saved);
  });

  it("should turn the user's authenticator off after a password reset, and write no record", async () => {
    const { accounts, turnedOff, handler } = setUp();

    await handler(
      event('PostConfirmation_ConfirmForgotPassword', { sub: 'sub-1', email: 'pat@example.com' }),
    );

    expect(turnedOff).toEqual([{ userPoolId: 'us-east-1_pool', username: 'user-name-1' }]);
    expect(accounts.profiles.size).toBe(0);
  });

  it("should write no account record for a first sign-in through an account's identity provider", async () => {
    const { accounts, handler } = setUp();

    await handler(
      event('PostConfirmation_ConfirmSignUp', {
        sub: 'sub-sso',
        email: 'ann@acme.test',
        'cognito:user_status': 'EXTERNAL_PROVIDER',
        identities: JSON.stringify([{ providerName: 'rcowner', userId: 'idp-sub', providerType: 'OIDC' }]),
      }),
    );

    expect(accounts.profiles.size).toBe(0);
  });

  it('should fail a confirmed sign-up that carries no sub, rather than write a record under no account', async () => {
    const { accounts, handler } = setUp();

    await expect(
      handler(event('PostConfirmation_ConfirmSignUp', { email: 'pat@example.com' })),
    ).rejects.toThrow();
    expect(accounts.profiles.size).toBe(0);
  });
});

describe('back-fill of account records', () => {
  const user = (id: string, status: string): DirectoryUser => ({
    id,
    email: `${id}@example.com`,
    enabled: true,
    status,
    createdAt: '2026-03-04T05:06:07.000Z',
  });
  const directory = (users: DirectoryUser[]) => ({
    listUsers: async ({ cursor }: { cursor?: string }) =>
      // Two pages, as Cognito pages a large pool.
      cursor ? { users: users.slice(2), nextCursor: null } : { users: users.slice(0, 2), nextCursor: 'next' },
  });

  it('should give every confirmed user without a record one, dated from the sign-up, and skip unconfirmed sign-ups and SSO members', async () => {
    const accounts = new MemoryAccounts();
    accounts.profiles.set('has-one', { ...KEPT, userId: 'has-one' });
    const users = [
      user('a', 'CONFIRMED'),
      user('has-one', 'CONFIRMED'),
      user('b', 'UNCONFIRMED'),
      user('c', 'RESET_REQUIRED'),
      // A single sign-on member: their provider's account holds them, they have none of their own.
      user('d', 'EXTERNAL_PROVIDER'),
    ];

    const result = await backfillAccountRecords({ directory: directory(users), accounts, clock });

    expect(result).toEqual({ confirmedUsers: 3, created: ['a', 'c'] });
    expect(accounts.profiles.has('d')).toBe(false);
    expect(accounts.profiles.get('a')?.createdAt).toBe('2026-03-04T05:06:07.000Z');
    expect(accounts.profiles.has('b')).toBe(false);
  });

  it('should write nothing the second time it runs', async () => {
    const accounts = new MemoryAccounts();
    const users = [user('a', 'CONFIRMED'), user('b', 'CONFIRMED'), user('c', 'CONFIRMED')];
    await backfillAccountRecords({ directory: directory(users), accounts, clock });

    const again = await backfillAccountRecords({ directory: directory(users), accounts, clock });

    expect(again.created).toEqual([]);
    expect(accounts.profiles.size).toBe(3);
  });
});
