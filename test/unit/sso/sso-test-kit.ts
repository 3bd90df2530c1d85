import type { Caller } from '../../../lambdas/core/caller';
import type { SsoSettingsDeps } from '../../../lambdas/core/sso/sso-settings';
import type { SsoMemberships } from '../../../lambdas/core/sso/sso-sign-in';
import type {
  DomainClaim,
  FederatedProvider,
  SaveLease,
  SsoConnection,
  SsoStore,
} from '../../../lambdas/core/sso/sso.ports';
import type { Membership } from '../../../lambdas/core/team/team.ports';
import { putSsoSchema } from '../../../shared/sso';

/** Single sign-on's stores in memory, for the unit tests of its rules and of the pool's triggers. */
export class MemoryStore implements SsoStore {
  connections = new Map<string, SsoConnection>();
  claims = new Map<string, DomainClaim>();
  leases = new Map<string, SaveLease>();
  async connection(t: string) {
    return this.connections.get(t) ?? null;
  }
  async connectionByProvider(name: string) {
    return [...this.connections.values()].find((c) => c.providerName === name) ?? null;
  }
  async putConnection(c: SsoConnection) {
    this.connections.set(c.tenantId, c);
  }
  async claimOf(d: string) {
    return this.claims.get(d) ?? null;
  }
  async claimDomain(c: DomainClaim) {
    const held = this.claims.get(c.domain);
    if (!held) this.claims.set(c.domain, c);
    return (held ?? c).tenantId === c.tenantId;
  }
  async releaseDomain(t: string, d: string) {
    if (this.claims.get(d)?.tenantId === t) this.claims.delete(d);
  }
  async takeSaveLease(t: string, lease: SaveLease, now: string) {
    const held = this.leases.get(t);
    if (held && held.until >= now) return false;
    this.leases.set(t, lease);
    return true;
  }
  async releaseSaveLease(t: string, holder: string) {
    if (this.leases.get(t)?.holder === holder) this.leases.delete(t);
  }
}

export const clock = { now: () => new Date('2026-11-27T08:00:00Z') };
export const login = {
  authorizeUrl: 'https://login.example/oauth2/authorize',
  clientId: 'web',
  redirectUri: 'https://app.example/auth/sso-callback',
  oidcCallbackUrl: 'https://login.example/oauth2/idpresponse',
  samlAcsUrl: 'https://login.example/saml2/idpresponse',
};
export const owner = (id: string): Caller => ({
  userId: id,
  email: `o@${id}.test`,
  groups: [],
  accountId: id,
  role: 'owner',
});

export function settingsDeps(store: MemoryStore, plan: 'enterprise' | 'premium', proven: string[]) {
  const registered: FederatedProvider[] = [];
  const deps: SsoSettingsDeps = {
    store,
    providers: { put: async (p) => void registered.push(p) },
    proof: { proven: async (domain) => proven.includes(domain) },
    accounts: { getSubscription: async () => ({ plan, status: 'active' }) as never },
    clock,
    login,
    sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
  return { deps, registered };
}

export const oidcBody = (domains: string[], secret?: string) =>
  putSsoSchema.parse({
    type: 'oidc',
    issuerUrl: 'https://idp.example',
    clientId: 'app',
    ...(secret ? { clientSecret: secret } : {}),
    domains,
  });

/** Memberships in memory, with the table's conditional create: one per person. */
export function memoryMemberships(): SsoMemberships & { rows: Map<string, Membership> } {
  const rows = new Map<string, Membership>();
  return {
    rows,
    membershipOf: async (id) => rows.get(id) ?? null,
    join: async (m) => (rows.has(m.userId) ? false : (rows.set(m.userId, m), true)),
  };
}
