import type { TenantId } from '../../core/caller';
import type { SsoMemberships } from '../../core/sso/sso-sign-in';
import type { DomainClaim, SaveLease, SsoConnection, SsoStore } from '../../core/sso/sso.ports';
import type { Membership } from '../../core/team/team.ports';
import { isConditionFailure } from './conditions';
import { writeGuarded } from './record-guards';
import type { RaincheckService } from './service';

/** The account's provider and its proven domains (one account per domain, by conditional create). */
export class DynamoSsoStore implements SsoStore {
  constructor(private readonly db: RaincheckService) {}

  async connection(tenant: TenantId): Promise<SsoConnection | null> {
    const { data } = await this.db.entities.ssoConnection.get({ tenantId: tenant }).go({ consistent: true });
    return data ? (data as SsoConnection) : null;
  }

  async connectionByProvider(providerName: string): Promise<SsoConnection | null> {
    const { data } = await this.db.entities.ssoConnection.query.byProvider({ providerName }).go();
    // The index is eventually consistent: read the item itself.
    return data[0] ? this.connection(data[0].tenantId as TenantId) : null;
  }

  async putConnection(connection: SsoConnection): Promise<void> {
    await this.db.entities.ssoConnection.put(connection).go({ response: 'none' });
  }

  async claimOf(domain: string): Promise<DomainClaim | null> {
    const { data } = await this.db.entities.ssoDomain.get({ domain }).go({ consistent: true });
    return data ? { domain: data.domain, tenantId: data.tenantId, providerName: data.providerName } : null;
  }

  async claimDomain(claim: DomainClaim): Promise<boolean> {
    try {
      await this.db.entities.ssoDomain
        .create({ ...claim, provenAt: new Date().toISOString() })
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return (await this.claimOf(claim.domain))?.tenantId === claim.tenantId;
    }
  }

  async releaseDomain(tenant: TenantId, domain: string): Promise<void> {
    try {
      await this.db.entities.ssoDomain
        .delete({ domain })
        .where((a, op) => op.eq(a.tenantId, tenant as string))
        .go({ response: 'none' });
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async takeSaveLease(tenant: TenantId, lease: SaveLease, now: string): Promise<boolean> {
    try {
      await this.db.entities.recordGuard
        .put({ ...saveLeaseKey(tenant), ownerId: lease.holder, leaseUntil: lease.until })
        // Free, or its holder's time is up (ISO instants of one format compare as strings).
        .where((a, op) => `${op.notExists(a.ownerId)} OR ${op.lt(a.leaseUntil, now)}`)
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  async releaseSaveLease(tenant: TenantId, holder: string): Promise<void> {
    try {
      await this.db.entities.recordGuard
        .delete(saveLeaseKey(tenant))
        .where((a, op) => op.eq(a.ownerId, holder))
        .go({ response: 'none' });
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}

/** The account's one SSO save lease, among its record guards. */
const saveLeaseKey = (tenant: TenantId) => ({ tenantId: tenant as string, guard: 'lease#sso' });

/** The membership a first SSO sign-in makes, with its seat on the account's counter (issue 22). */
export class DynamoSsoMemberships implements SsoMemberships {
  constructor(private readonly db: RaincheckService) {}

  async membershipOf(userId: string): Promise<Membership | null> {
    const { data } = await this.db.entities.membership.get({ userId }).go({ consistent: true });
    return data
      ? {
          userId: data.userId,
          accountId: data.accountId,
          email: data.email,
          role: data.role,
          invitedBy: data.invitedBy ?? null,
          joinedAt: data.joinedAt,
        }
      : null;
  }

  async join(member: Membership): Promise<boolean> {
    const result = await writeGuarded(this.db, ({ membership, recordGuard }) => [
      // One account per person, one membership per person: a repeat or a parallel first sign-in fails here.
      membership.create({ ...member, invitedBy: member.invitedBy ?? undefined }).commit(),
      // Single sign-on is Enterprise's, whose seats have no limit: the counter only counts.
      recordGuard.update({ tenantId: member.accountId, guard: 'count#seat' }).add({ count: 1 }).commit(),
    ]);
    return !result.canceled;
  }
}
