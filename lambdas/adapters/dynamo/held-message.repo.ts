import type { TenantId } from '../../core/caller';
import type { HeldMessage, HeldMessageRepo } from '../../core/dispatch/held-messages';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

const HELD_RETENTION_SECONDS = 24 * 3600;

type Item = HeldMessage & { cell?: string | undefined };

function toHeld(item: Item): HeldMessage {
  const { cell, ...rest } = item;
  return {
    tenantId: rest.tenantId,
    jobsiteId: rest.jobsiteId,
    workDate: rest.workDate,
    noticeTime: rest.noticeTime,
    timezone: rest.timezone,
    ...(cell ? { cell } : {}),
    jobsiteName: rest.jobsiteName,
    kind: rest.kind,
    verdict: rest.verdict,
    messageKey: rest.messageKey,
    recipients: rest.recipients.map((r) => ({ email: r.email, name: r.name, audience: r.audience })),
    releaseAt: rest.releaseAt,
    releaseLocal: rest.releaseLocal,
    heldAt: rest.heldAt,
    runId: rest.runId,
  };
}

export class DynamoHeldMessageRepo implements HeldMessageRepo {
  constructor(private readonly db: RaincheckService) {}

  async hold(message: HeldMessage): Promise<void> {
    const expiresAt = Math.floor(Date.parse(message.releaseAt) / 1000) + HELD_RETENTION_SECONDS;
    await this.db.entities.heldMessage.put({ ...message, expiresAt }).go();
  }

  async dueIn(slots: readonly string[]): Promise<HeldMessage[]> {
    const pages = await Promise.all(
      slots.map((releaseAt) =>
        this.db.entities.heldMessage.query.byRelease({ releaseAt }).go({ pages: 'all' }),
      ),
    );
    return pages.flatMap((p) => p.data.map((d) => toHeld(d as Item)));
  }

  async clear(tenantId: string, jobsiteId: string, workDate: string): Promise<void> {
    await this.db.entities.heldMessage.delete({ tenantId, jobsiteId, workDate }).go();
  }

  async listForTenant(tenant: TenantId): Promise<HeldMessage[]> {
    const { data } = await this.db.entities.heldMessage.query
      .byJobsiteDay(tenantKey(tenant))
      .go({ pages: 'all' });
    return data.map((d) => toHeld(d as Item));
  }
}
