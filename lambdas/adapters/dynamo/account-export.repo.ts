import type { TenantId } from '../../core/caller';
import type { AccountDataStore, AccountData } from '../../core/account/export-account';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { exportedDecision } from './decision-evidence';

/**
 * Every item the account owns, read by its keys (the tenant's partitions), one query per kind:
 * the profile, subscription and billing history under the user id, the records, templates,
 * decisions (with the ledger marks) and message claims under the tenant id.
 */
export class DynamoAccountExport implements AccountDataStore {
  constructor(private readonly db: RaincheckService) {}

  async accountData(tenant: TenantId): Promise<AccountData> {
    const e = this.db.entities;
    const userId = tenant as string;
    const all = { pages: 'all' } as const;
    const [
      profile,
      subscription,
      billing,
      clients,
      crews,
      workers,
      jobsites,
      templates,
      decisions,
      messages,
      smsConsents,
    ] = await Promise.all([
      e.profile.get({ userId }).go(),
      e.subscription.get({ userId }).go(),
      e.billingEntry.query.byOwner({ ownerId: userId }).go(all),
      e.client.query.byTenant(tenantKey(tenant)).go(all),
      e.crew.query.byTenant(tenantKey(tenant)).go(all),
      e.worker.query.byTenant(tenantKey(tenant)).go(all),
      e.jobsite.query.byTenant(tenantKey(tenant)).go(all),
      e.emailTemplate.query.byTenant(tenantKey(tenant)).go(all),
      e.dispatchDecision.query.byJobsiteDay(tenantKey(tenant)).go(all),
      e.notificationClaim.query.byMessage(tenantKey(tenant)).go(all),
      e.smsConsent.query.byTenant(tenantKey(tenant)).go(all),
    ]);
    return {
      profile: profile.data ?? null,
      subscription: subscription.data ?? null,
      billingHistory: billing.data,
      clients: clients.data,
      crews: crews.data,
      workers: workers.data,
      jobsites: jobsites.data,
      emailTemplates: templates.data,
      decisions: decisions.data.map(exportedDecision),
      messages: messages.data,
      smsConsents: smsConsents.data,
    };
  }
}
