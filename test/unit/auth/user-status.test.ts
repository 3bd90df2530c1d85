import { ADMIN_MESSAGES } from '../../../shared/admin';
import {
  CachedUserStatus,
  liveCaller,
  type LiveUserStatus,
  type UserStatusSource,
} from '../../../lambdas/core/auth/user-status';
import type { Caller } from '../../../lambdas/core/caller';

/** A user pool in memory whose answers the test changes, counting lookups. */
function pool(initial: LiveUserStatus | null) {
  let status = initial;
  let lookups = 0;
  const source: UserStatusSource = {
    statusOf: async () => {
      lookups += 1;
      return status;
    },
  };
  return {
    source,
    set: (next: LiveUserStatus | null) => (status = next),
    lookups: () => lookups,
  };
}

function clockAt(ms: number) {
  let now = ms;
  return { now: () => new Date(now), advance: (by: number) => (now += by) };
}

const contractor: LiveUserStatus = { enabled: true, groups: [], totpEnabled: false };
const admin: LiveUserStatus = { enabled: true, groups: ['admins'], totpEnabled: true };
const user = { userId: 'u1', username: 'u1@example.com' };
const caller: Caller = { userId: 'u1', email: 'u1@example.com', groups: ['admins'] };

describe('the live user status cache', () => {
  it('should look a user up once per TTL whatever the number of requests', async () => {
    const users = pool(contractor);
    const clock = clockAt(0);
    const cache = new CachedUserStatus(users.source, clock, 60_000);
    await Promise.all(Array.from({ length: 20 }, () => cache.statusOf(user)));
    clock.advance(59_000);
    await cache.statusOf(user);
    expect(users.lookups()).toBe(1);
  });

  it('should see a disable made elsewhere once the TTL has passed', async () => {
    const users = pool(contractor);
    const clock = clockAt(0);
    const cache = new CachedUserStatus(users.source, clock, 60_000);
    await cache.statusOf(user);
    users.set({ ...contractor, enabled: false });
    expect((await cache.statusOf(user))?.enabled).toBe(true);
    clock.advance(60_001);
    expect((await cache.statusOf(user))?.enabled).toBe(false);
  });

  it('should see a change at once when this container forgets the user', async () => {
    const users = pool(contractor);
    const cache = new CachedUserStatus(users.source, clockAt(0), 60_000);
    await cache.statusOf(user);
    users.set(null);
    cache.forget(user.userId);
    expect(await cache.statusOf(user)).toBeNull();
  });

  it('should look an admin without TOTP up again on the next request so setting it up applies at once', async () => {
    const users = pool({ ...admin, totpEnabled: false });
    const cache = new CachedUserStatus(users.source, clockAt(0), 60_000);
    await cache.statusOf(user);
    users.set(admin);
    expect((await cache.statusOf(user))?.totpEnabled).toBe(true);
    expect(users.lookups()).toBe(2);
  });
});

describe('the live caller', () => {
  it('should refuse a disabled user with 401 "Your account is disabled."', async () => {
    const users = pool({ ...contractor, enabled: false });
    await expect(liveCaller(caller, users.source)).rejects.toThrow(ADMIN_MESSAGES.accountDisabledApi);
  });

  it('should refuse a deleted user', async () => {
    await expect(liveCaller(caller, pool(null).source)).rejects.toThrow(ADMIN_MESSAGES.accountDisabledApi);
  });

  it('should replace the token groups with the live ones when an admin was removed', async () => {
    const live = await liveCaller(caller, pool(contractor).source);
    expect(live.groups).toEqual([]);
    expect(live.totpEnabled).toBe(false);
  });
});
