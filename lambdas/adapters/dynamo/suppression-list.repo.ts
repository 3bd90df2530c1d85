import type { TenantId } from '../../core/caller';
import type { SuppressionList, SuppressionReason } from '../../core/email/email.ports';
import { isConditionFailure } from './conditions';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { DynamoAccountRosters } from './account-rosters.repo';

/**
 * The suppression list in the one table: one item per (account, address) under the account's
 * partition. There is no removal: an address once suppressed stays (so 'some' never goes back).
 */
export class DynamoSuppressionList implements SuppressionList {
  constructor(private readonly db: RaincheckService) {}

  async add(tenant: TenantId, email: string, reason: SuppressionReason, at: string): Promise<void> {
    // Strictly before the address is stored: a dispatch that reads 'none' skips the list, so an
    // address stored without 'some' set would be mailed (account-roster.entity.ts).
    await new DynamoAccountRosters(this.db).recordSomeSuppressions(tenant);
    try {
      // Created once: the first reason and time stay, and parallel events cannot overwrite each other.
      await this.db.entities.suppressedAddress
        .create(tenantKey(tenant, { email: email.trim().toLowerCase(), reason, at }))
        .go();
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async reasonsOf(tenant: TenantId): Promise<Map<string, SuppressionReason>> {
    const { data } = await this.db.entities.suppressedAddress.query
      .byTenant(tenantKey(tenant))
      .go({ pages: 'all' });
    return new Map(data.map((i) => [i.email, i.reason]));
  }
}
