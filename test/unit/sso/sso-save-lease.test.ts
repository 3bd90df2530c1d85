import { ConflictError } from '../../../lambdas/core/errors';
import { SSO_SAVE_LEASE_MS } from '../../../lambdas/core/sso/sso-save-lease';
import { putSso } from '../../../lambdas/core/sso/sso-settings';
import type { FederatedProvider } from '../../../lambdas/core/sso/sso.ports';
import { SSO_MESSAGES } from '../../../shared/sso-names';
import { putSsoSchema } from '../../../shared/sso';
import { MemoryStore, owner, settingsDeps } from './sso-test-kit';

const body = (n: number) =>
  putSsoSchema.parse({
    type: 'oidc',
    issuerUrl: `https://idp-${n}.example`,
    clientId: `client-${n}`,
    clientSecret: `secret-${n}`,
    domains: [`crew-${n}.test`],
  });
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An identity provider registry whose first answer is slow: it registers the first put at once but
 * answers it only once a second put has landed (and a few turns more), the way a slow Cognito reply
 * can. Overlapping saves then finish as "A registers, B registers, B stores, A stores": the provider
 * holds B and the table A. Saves that take turns get past it (the answer comes after a while anyway).
 */
function slowFirstAnswer() {
  const landed: FederatedProvider[] = [];
  let secondLanded = false;
  let overlapped = false;
  let answering = false;
  return {
    landed,
    overlapped: () => overlapped,
    put: async (provider: FederatedProvider) => {
      landed.push(provider);
      if (landed.length > 1) {
        overlapped ||= answering;
        secondLanded = true;
        return;
      }
      answering = true;
      for (let i = 0; i < 50 && !secondLanded; i++) await turn();
      for (let i = 0; i < 5; i++) await turn();
      answering = false;
    },
  };
}

describe("one account's SSO saves take turns (the table and the provider end equal)", () => {
  it('should keep the provider equal to the stored settings when two saves meet a registry whose first answer is slow', async () => {
    const store = new MemoryStore();
    const { deps } = settingsDeps(store, 'enterprise', ['crew-1.test', 'crew-2.test']);
    const providers = slowFirstAnswer();
    deps.providers = providers;

    await Promise.all([putSso(owner('a'), body(1), deps), putSso(owner('a'), body(2), deps)]);

    // The second save never reached the registry while the first was registering.
    expect(providers.overlapped()).toBe(false);
    const stored = store.connections.get('a')!;
    const registered = providers.landed.at(-1)!;
    expect(registered).toMatchObject({
      issuerUrl: stored.issuerUrl,
      clientId: stored.clientId,
      domains: stored.domains,
    });
    // The secret registered last is the stored save's own (the table only says one is there).
    expect(registered.clientSecret).toBe(`secret-${stored.clientId!.slice('client-'.length)}`);
    expect(store.leases.size).toBe(0);
  });

  it("should wait out a dead save's lease: 409 with the reason while it runs, taken once it expired", async () => {
    const store = new MemoryStore();
    const { deps, registered } = settingsDeps(store, 'enterprise', ['crew-1.test']);
    let now = new Date('2026-11-27T08:00:00Z').getTime();
    deps.clock = { now: () => new Date(now) };
    deps.sleep = async (ms) => void (now += ms);
    store.leases.set('a', {
      holder: 'a save that died',
      until: new Date(now + SSO_SAVE_LEASE_MS).toISOString(),
    });

    const refused = putSso(owner('a'), body(1), deps);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(SSO_MESSAGES.saveInProgress);
    expect(registered).toEqual([]);

    now += SSO_SAVE_LEASE_MS;
    await putSso(owner('a'), body(1), deps);
    expect(registered.map((p) => p.clientId)).toEqual(['client-1']);
    expect(store.connections.get('a')?.clientId).toBe('client-1');
  });

  it('should give the lease back when a save fails, and never make another account wait', async () => {
    const store = new MemoryStore();
    const { deps } = settingsDeps(store, 'enterprise', ['crew-1.test', 'crew-2.test']);
    const put = deps.providers.put;
    deps.providers = { put: async () => Promise.reject(new Error('Cognito is down')) };
    await expect(putSso(owner('a'), body(1), deps)).rejects.toThrow('Cognito is down');
    expect(store.leases.size).toBe(0);

    deps.providers = { put };
    store.leases.set('b', { holder: 'b is saving', until: '2999-01-01T00:00:00.000Z' });
    await putSso(owner('a'), body(2), deps);
    expect(store.connections.get('a')?.clientId).toBe('client-2');
  });
});
