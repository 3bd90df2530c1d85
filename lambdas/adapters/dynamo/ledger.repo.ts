import type { TenantId } from '../../core/caller';
import type { SentMessage } from '../../core/dispatch/dispatch.ports';
import type { DayMessages } from '../../core/ledger/ledger.ports';
import { sentMessageOf } from './dispatch.repo';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

/** The dispatch's message claims, read by jobsite and working day (ledger evidence, analytics). */
export class DynamoDayMessages implements DayMessages {
  constructor(private readonly db: RaincheckService) {}

  async listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<SentMessage[]> {
    // The sort key goes on past the date (message key, recipient): read to the day after `to`, keep ≤ `to`.
    const after = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const { data } = await this.db.entities.notificationClaim.query
      .byMessage(tenantKey(tenant, { jobsiteId }))
      .between({ workDate: from }, { workDate: after })
      .go({ pages: 'all' });
    return data.filter((c) => c.workDate >= from && c.workDate <= to).map(sentMessageOf);
  }
}
