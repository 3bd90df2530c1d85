import type {
  PreAuthenticationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';
import { putSso, providerNameOf } from '../../../lambdas/core/sso/sso-settings';
import { createSsoTriggersHandler } from '../../../lambdas/sso-triggers/app';
import { putSsoSchema } from '../../../shared/sso';
import { clock, memoryMemberships, MemoryStore, oidcBody, owner, settingsDeps } from './sso-test-kit';

const common = {
  version: '1',
  region: 'us-east-1',
  userPoolId: 'us-east-1_pool',
  callerContext: { awsSdkVersion: 'test', clientId: 'web' },
};

/** Cognito's pre sign-up event for a provider's answer: the user `<Provider>_<provider's sub>`. */
const externalSignUp = (provider: string, attributes: Record<string, string>): PreSignUpTriggerEvent => ({
  ...common,
  triggerSource: 'PreSignUp_ExternalProvider',
  userName: `${provider}_idp-sub-1`,
  request: { userAttributes: attributes },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
});

const passwordSignIn = (sub: string, email: string): PreAuthenticationTriggerEvent => ({
  ...common,
  triggerSource: 'PreAuthentication_Authentication',
  userName: sub,
  request: { userAttributes: { sub, email } },
  response: {},
});

/** The attributes Cognito holds for a federated user once made (attribute mapping plus `identities`). */
const federatedAttributes = (provider: string, sub: string, email: string, verified = 'true') => ({
  sub,
  email,
  email_verified: verified,
  'cognito:user_status': 'EXTERNAL_PROVIDER',
  identities: JSON.stringify([{ providerName: provider, userId: 'idp-sub-1', providerType: 'OIDC' }]),
});

const tokens = (
  attributes: Record<string, string>,
  triggerSource: PreTokenGenerationTriggerEvent['triggerSource'] = 'TokenGeneration_HostedAuth',
): PreTokenGenerationTriggerEvent => ({
  ...common,
  triggerSource,
  userName: `${JSON.parse(attributes.identities ?? '[{}]')[0].providerName ?? 'x'}_idp-sub-1`,
  request: { userAttributes: attributes, groupConfiguration: {} },
  response: { claimsOverrideDetails: {} },
});

const samlBody = (domains: string[]) =>
  putSsoSchema.parse({
    type: 'saml',
    metadataXml: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
    domains,
  });

async function setUp() {
  const store = new MemoryStore();
  const { deps } = settingsDeps(store, 'enterprise', ['acme.test', 'bolt.test', 'saml.test']);
  await putSso(owner('a'), oidcBody(['acme.test'], 's'), deps);
  await putSso(owner('b'), oidcBody(['bolt.test'], 's'), deps);
  await putSso(owner('c'), samlBody(['saml.test']), deps);
  const memberships = memoryMemberships();
  const logged: Record<string, unknown>[] = [];
  const handler = createSsoTriggersHandler({
    store,
    memberships,
    clock,
    log: (line) => void logged.push(line),
  });
  return { handler, memberships, logged };
}

describe('the user pool triggers of single sign-on', () => {
  const A = providerNameOf('a');

  it("should let a provider's verified answer for its own proven domain become a user", async () => {
    const { handler } = await setUp();
    const event = externalSignUp(A, { email: 'ann@acme.test', email_verified: 'true' });

    await expect(handler(event)).resolves.toBe(event);
  });

  it.each([
    ['an unregistered provider', 'rcunknown', { email: 'ann@acme.test', email_verified: 'true' }],
    ['an unverified email', A, { email: 'ann@acme.test', email_verified: 'false' }],
    ["another account's domain", A, { email: 'bob@bolt.test', email_verified: 'true' }],
    ['a domain nobody proved', A, { email: 'eve@nobody.test', email_verified: 'true' }],
    ['an answer without email', A, { email_verified: 'true' }],
  ])('should refuse the sign-up of %s', async (_, provider, attributes) => {
    const { handler, logged } = await setUp();

    await expect(handler(externalSignUp(provider, attributes))).rejects.toThrow();
    expect(logged).toEqual([expect.objectContaining({ message: 'SSO trigger refused' })]);
  });

  it("should take a SAML provider's signed assertion as the address's proof", async () => {
    const { handler } = await setUp();
    const event = externalSignUp(providerNameOf('c'), { email: 'sam@saml.test' });

    await expect(handler(event)).resolves.toBe(event);
  });

  it('should check nothing on a sign-up with a password, which is the pool’s own', async () => {
    const { handler } = await setUp();
    const event: PreSignUpTriggerEvent = {
      ...externalSignUp(A, { email: 'ann@acme.test' }),
      triggerSource: 'PreSignUp_SignUp',
      userName: 'ann@acme.test',
    };

    await expect(handler(event)).resolves.toBe(event);
  });

  it("should refuse a password sign-in of an SSO address, but the owner's break-glass and other domains", async () => {
    const { handler } = await setUp();

    await expect(handler(passwordSignIn('x', 'ann@acme.test'))).rejects.toThrow(/single sign-on/);
    await expect(handler(passwordSignIn('a', 'o@acme.test'))).resolves.toBeDefined();
    await expect(handler(passwordSignIn('x', 'x@elsewhere.test'))).resolves.toBeDefined();
  });

  it('should make the first federated sign-in a member with the default role, once, on every token issue', async () => {
    const { handler, memberships } = await setUp();
    const attributes = federatedAttributes(A, 'sub-ann', 'ann@acme.test');

    await handler(tokens(attributes));
    await handler(tokens(attributes, 'TokenGeneration_RefreshTokens'));

    expect([...memberships.rows.values()]).toEqual([
      expect.objectContaining({
        userId: 'sub-ann',
        accountId: 'a',
        role: 'viewer',
        invitedBy: 'single sign-on',
      }),
    ]);
  });

  it('should make one membership when 20 first sign-ins of one person run at once', async () => {
    const { handler, memberships } = await setUp();
    const attributes = federatedAttributes(A, 'sub-ann', 'ann@acme.test');

    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => handler(tokens(attributes))));

    expect(answers.every((a) => a.status === 'fulfilled')).toBe(true);
    expect(memberships.rows.size).toBe(1);
  });

  it('should refuse tokens to a federated member of another account, and never move them', async () => {
    const { handler, memberships } = await setUp();
    await handler(tokens(federatedAttributes(providerNameOf('b'), 'sub-bob', 'bob@bolt.test')));

    await expect(handler(tokens(federatedAttributes(A, 'sub-bob', 'bob@acme.test')))).rejects.toThrow(
      /another account/,
    );
    expect(memberships.rows.get('sub-bob')?.accountId).toBe('b');
  });

  it('should refuse tokens once the provider no longer admits the person (an unverified email)', async () => {
    const { handler, memberships } = await setUp();

    await expect(
      handler(tokens(federatedAttributes(A, 'sub-ann', 'ann@acme.test', 'false'))),
    ).rejects.toThrow(/verify/);
    expect(memberships.rows.size).toBe(0);
  });

  it('should rule a federated user in pre authentication as a federated sign-in, not as a password', async () => {
    const { handler, memberships } = await setUp();
    const event: PreAuthenticationTriggerEvent = {
      ...passwordSignIn('sub-ann', 'ann@acme.test'),
      request: { userAttributes: federatedAttributes(A, 'sub-ann', 'ann@acme.test') },
    };

    await expect(handler(event)).resolves.toBe(event);
    expect(memberships.rows.get('sub-ann')?.accountId).toBe('a');
  });

  it('should leave the tokens of a user of the pool’s own passwords alone', async () => {
    const { handler, memberships } = await setUp();
    const event = tokens({ sub: 'sub-pat', email: 'pat@acme.test', email_verified: 'true' });

    await expect(handler(event)).resolves.toBe(event);
    expect(memberships.rows.size).toBe(0);
  });
});
