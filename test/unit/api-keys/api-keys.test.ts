import { createApiKey, hashApiKeySecret, listApiKeys } from '../../../lambdas/core/api-keys/api-keys';
import { callerFromApiKey } from '../../../lambdas/core/api-keys/api-key-caller';
import type { ApiKeyStore, BucketTake, StoredApiKey } from '../../../lambdas/core/api-keys/api-keys.ports';
import type { Caller } from '../../../lambdas/core/caller';
import { ForbiddenError, RateLimitedError } from '../../../lambdas/core/errors';
import type { PlanId } from '../../../shared/plans';

const NOW = new Date('2026-11-25T15:00:00.000Z');

function fakeStore(take: BucketTake = { allowed: true }) {
  const keys = new Map<string, StoredApiKey>();
  const store: ApiKeyStore = {
    create: async (k) => void keys.set(k.secretHash, k),
    listForTenant: async (t) => [...keys.values()].filter((k) => k.tenantId === t),
    revoke: async () => false,
    takeCall: async (hash) => {
      const key = keys.get(hash);
      return key ? { key, take } : null;
    },
  };
  return { keys, store };
}

const deps = (store: ApiKeyStore, plan: PlanId = 'enterprise') => ({
  keys: store,
  accounts: { getSubscription: async () => ({ plan, status: 'active' }) as never },
  clock: { now: () => NOW },
  ids: { next: () => 'key-1' },
});

const owner: Caller = { userId: 'owner-sub', email: 'owner@example.com', groups: [] };

describe('API keys', () => {
  it('should store only the hash of a secret of at least 32 random bytes and show the secret once', async () => {
    const { keys, store } = fakeStore();
    const created = await createApiKey(owner, { name: 'Sync', scopes: ['read'] }, deps(store));
    expect(created.secret).toMatch(/^rck_live_[A-Za-z0-9_-]{43}$/);
    const [stored] = [...keys.values()];
    expect(stored!.secretHash).toBe(hashApiKeySecret(created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(9));
    const [listed] = await listApiKeys(owner, deps(store));
    expect(listed).toEqual({
      id: 'key-1',
      name: 'Sync',
      prefix: created.prefix,
      scopes: ['read'],
      createdAt: NOW.toISOString(),
      createdBy: 'owner@example.com',
      lastUsedAt: null,
      callsToday: 0,
    });
  });

  it('should refuse naming the plan when the account is not on Enterprise', async () => {
    const { store } = fakeStore();
    await expect(
      createApiKey(owner, { name: 'X', scopes: ['read'] }, deps(store, 'premium')),
    ).rejects.toThrow(
      new ForbiddenError(
        'API access needs the Enterprise plan; this account is on Premium. Upgrade on /subscription.',
      ),
    );
  });

  it('should act as a viewer of the key’s own account when the key only reads', async () => {
    const { store } = fakeStore();
    const member: Caller = { ...owner, userId: 'member-sub', accountId: 'owner-sub', role: 'manager' };
    const { secret } = await createApiKey(member, { name: 'R', scopes: ['read'] }, deps(store));
    const found = await callerFromApiKey(secret, deps(store));
    expect(found!.caller).toMatchObject({ accountId: 'owner-sub', role: 'viewer' });
  });

  it('should refuse a viewer creating a key', async () => {
    const { store } = fakeStore();
    const viewer: Caller = { ...owner, accountId: 'owner-sub', role: 'viewer' };
    await expect(createApiKey(viewer, { name: 'V', scopes: ['read'] }, deps(store))).rejects.toThrow(
      ForbiddenError,
    );
  });

  it('should answer 429 with the wait when the key’s bucket is empty', async () => {
    const { store } = fakeStore({ allowed: false, retryAfterSeconds: 2 });
    const { secret } = await createApiKey(owner, { name: 'B', scopes: ['read', 'write'] }, deps(store));
    const err = await callerFromApiKey(secret, deps(store)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBe(2);
  });

  it('should not know a token that is not an API key or whose hash is unknown', async () => {
    const { store } = fakeStore();
    expect(await callerFromApiKey('eyJhbGciOi.jwt', deps(store))).toBeNull();
    expect(await callerFromApiKey(`rck_live_${'x'.repeat(43)}`, deps(store))).toBeNull();
  });
});
