import { ConflictError, ForbiddenError, ValidationError } from '../../../lambdas/core/errors';
import { putSso, providerNameOf } from '../../../lambdas/core/sso/sso-settings';
import {
  admitFederatedIdentity,
  discover,
  joinThroughSso,
  passwordSignInRefusal,
} from '../../../lambdas/core/sso/sso-sign-in';
import { DnsDomainProof } from '../../../lambdas/adapters/sso/dns-domain-proof';
import { clock, login, memoryMemberships, MemoryStore, oidcBody, owner, settingsDeps } from './sso-test-kit';

describe('single sign-on settings', () => {
  it('should claim only the proven domains and register the provider with its secret when the owner saves', async () => {
    const store = new MemoryStore();
    const { deps, registered } = settingsDeps(store, 'enterprise', ['acme.test']);
    const view = await putSso(owner('a'), oidcBody(['acme.test', 'later.test'], 's3cret'), deps);
    expect(view).toMatchObject({
      configured: true,
      domains: [
        { domain: 'acme.test', verified: true },
        { domain: 'later.test', verified: false, txtName: '_raincheck-sso.later.test' },
      ],
    });
    expect(JSON.stringify(view)).not.toContain('s3cret');
    expect(registered[0]).toMatchObject({ providerName: providerNameOf('a'), clientSecret: 's3cret' });
    expect(store.claims.get('later.test')).toBeUndefined();
  });

  it('should refuse a domain another account holds (409) and a first save without a secret (400)', async () => {
    const store = new MemoryStore();
    const { deps } = settingsDeps(store, 'enterprise', ['acme.test']);
    await putSso(owner('a'), oidcBody(['acme.test'], 's'), deps);
    await expect(putSso(owner('b'), oidcBody(['acme.test'], 's'), deps)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(putSso(owner('c'), oidcBody(['c.test']), deps)).rejects.toMatchObject({
      field: 'clientSecret',
      constructor: ValidationError,
    });
  });

  it('should refuse with the plan named when the account is not on Enterprise, and refuse a manager', async () => {
    const { deps } = settingsDeps(new MemoryStore(), 'premium', []);
    await expect(putSso(owner('a'), oidcBody(['a.test'], 's'), deps)).rejects.toThrow(
      'Single sign-on needs the Enterprise plan; this account is on Premium.',
    );
    const manager = { ...owner('a'), userId: 'm', role: 'manager' as const };
    await expect(putSso(manager, oidcBody(['a.test'], 's'), deps)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('signing in under single sign-on', () => {
  const store = new MemoryStore();
  beforeAll(async () => {
    const { deps } = settingsDeps(store, 'enterprise', ['acme.test', 'bolt.test']);
    await putSso(owner('a'), oidcBody(['acme.test'], 's'), deps);
    await putSso(owner('b'), oidcBody(['bolt.test'], 's'), deps);
  });

  it('should send a claimed domain to its provider and any other address to the password form', async () => {
    const answer = await discover('ann@acme.test', { store, login });
    expect(answer.method).toBe('sso');
    const url = new URL((answer as { redirectUrl: string }).redirectUrl);
    expect(url.searchParams.get('identity_provider')).toBe(providerNameOf('a'));
    expect(url.searchParams.get('redirect_uri')).toBe(login.redirectUri);
    expect(await discover('ann@gmail.test', { store, login })).toEqual({ method: 'password' });
  });

  it("should refuse a password for an SSO address except the account owner's", async () => {
    expect(await passwordSignInRefusal({ userId: 'x', email: 'ann@acme.test' }, { store })).toMatch(
      /single sign-on/,
    );
    expect(await passwordSignInRefusal({ userId: 'a', email: 'o@acme.test' }, { store })).toBeNull();
    expect(await passwordSignInRefusal({ userId: 'x', email: 'x@else.test' }, { store })).toBeNull();
  });

  it("should admit only verified addresses of the provider's own proven domains", async () => {
    const provider = providerNameOf('a');
    await expect(
      admitFederatedIdentity(
        { providerName: provider, email: 'ann@acme.test', emailVerified: true },
        { store },
      ),
    ).resolves.toEqual({ tenantId: 'a', defaultRole: 'viewer' });
    for (const identity of [
      { providerName: provider, email: 'ann@acme.test', emailVerified: false },
      { providerName: provider, email: 'bob@bolt.test', emailVerified: true },
      { providerName: provider, email: 'eve@nobody.test', emailVerified: true },
      { providerName: 'rcunknown', email: 'ann@acme.test', emailVerified: true },
    ])
      await expect(admitFederatedIdentity(identity, { store })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('should make the membership once and never move a member of another account', async () => {
    const memberships = memoryMemberships();
    const admitted = { tenantId: 'a', defaultRole: 'viewer' as const };
    expect(
      await joinThroughSso({ userId: 'u', email: 'u@acme.test' }, admitted, { memberships, clock }),
    ).toEqual({
      joined: true,
    });
    expect(
      await joinThroughSso({ userId: 'u', email: 'u@acme.test' }, admitted, { memberships, clock }),
    ).toEqual({
      joined: false,
    });
    await expect(
      joinThroughSso(
        { userId: 'u', email: 'u@acme.test' },
        { ...admitted, tenantId: 'b' },
        { memberships, clock },
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('the DNS proof of a domain', () => {
  it('should find the value in a TXT record split in pieces and read a lookup failure as not yet', async () => {
    const proof = new DnsDomainProof(async (name) => {
      if (name !== '_raincheck-sso.acme.test')
        throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return [['v=spf1'], ['raincheck-sso-', 'verification=abc']];
    });
    expect(await proof.proven('acme.test', 'raincheck-sso-verification=abc')).toBe(true);
    expect(await proof.proven('acme.test', 'raincheck-sso-verification=xyz')).toBe(false);
    expect(await proof.proven('other.test', 'raincheck-sso-verification=abc')).toBe(false);
  });
});
