import type { EntityItem } from 'electrodb';
import { tenantFromStore, type TenantId } from '../../core/caller';
import type { ConfirmationRepo, ConfirmationRequest } from '../../core/confirmations/confirmation.ports';
import { parseRequestId, requestIdOf } from '../../core/confirmations/request-confirmation';
import { nullIfAbsent, pickFields } from '../../../shared/pick-fields';
import { isConditionFailure, writtenUnlessConditionFails } from './conditions';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

type Item = EntityItem<RaincheckService['entities']['confirmationRequest']>;

/** How far back the sweep looks for due requests: a link ends with its working day anyway. */
const DUE_DAYS_BACK = 1;

/** The attributes a request keeps as they were asked. */
const REQUEST_FIELDS = [
  'tenantId',
  'jobsiteId',
  'jobsiteName',
  'workDate',
  'timezone',
  'verdict',
  'lifeSafety',
  'foremanWorkerId',
  'foremanName',
  'foremanEmail',
  'requestedAt',
  'dueAt',
] as const;

function fromItem(i: Item): ConfirmationRequest {
  return {
    id: requestIdOf(i.jobsiteId, i.workDate, i.messageKey),
    ...pickFields(i, REQUEST_FIELDS),
    expiresAt: i.linkExpiresAt,
    ...nullIfAbsent(i, ['answer', 'answeredAt', 'answeredVia', 'escalatedAt']),
    escalatedTo: i.escalatedTo ?? [],
  };
}

export class DynamoConfirmationRepo implements ConfirmationRepo {
  constructor(private readonly db: RaincheckService) {}

  private get entity() {
    return this.db.entities.confirmationRequest;
  }

  private keyOf(tenant: TenantId, id: string) {
    const parts = parseRequestId(id);
    return parts ? tenantKey(tenant, parts) : null;
  }

  async createOnce(r: ConfirmationRequest): Promise<ConfirmationRequest> {
    const key = this.keyOf(tenantFromStore(r.tenantId), r.id);
    if (!key) throw new Error(`Not a confirmation request id: ${r.id}`);
    try {
      await this.entity
        .create({
          ...key,
          jobsiteName: r.jobsiteName,
          timezone: r.timezone,
          verdict: r.verdict,
          foremanWorkerId: r.foremanWorkerId,
          foremanName: r.foremanName,
          foremanEmail: r.foremanEmail,
          lifeSafety: r.lifeSafety,
          requestedAt: r.requestedAt,
          dueAt: r.dueAt,
          dueDay: r.dueAt.slice(0, 10),
          linkExpiresAt: r.expiresAt,
        })
        .go();
      return r;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return (await this.get(tenantFromStore(r.tenantId), r.id)) ?? r;
    }
  }

  async get(tenant: TenantId, id: string): Promise<ConfirmationRequest | null> {
    const key = this.keyOf(tenant, id);
    if (!key) return null;
    const { data } = await this.entity.get(key).go({ consistent: true });
    return data ? fromItem(data) : null;
  }

  async remove(tenant: TenantId, id: string): Promise<void> {
    const key = this.keyOf(tenant, id);
    if (key) await this.entity.delete(key).go();
  }

  async answer(
    tenant: TenantId,
    id: string,
    a: Pick<ConfirmationRequest, 'answeredAt' | 'answeredVia'> & {
      answer: NonNullable<ConfirmationRequest['answer']>;
    },
  ): Promise<boolean> {
    const key = this.keyOf(tenant, id);
    if (!key) return false;
    return writtenUnlessConditionFails(() =>
      this.entity
        .patch(key)
        .set({ answer: a.answer, answeredAt: a.answeredAt!, answeredVia: a.answeredVia! })
        .where((attr, op) => op.notExists(attr.answer))
        .go(),
    );
  }

  async listDue(at: Date): Promise<ConfirmationRequest[]> {
    const days = Array.from({ length: DUE_DAYS_BACK + 1 }, (_, i) =>
      new Date(at.getTime() - i * 86_400_000).toISOString().slice(0, 10),
    );
    const pages = await Promise.all(
      days.map((dueDay) =>
        this.entity.query
          .byDueTime({ dueDay })
          // The sort key goes on past `dueAt` (tenant, jobsite…): bound it just after `at`, then filter.
          .lt({ dueAt: new Date(at.getTime() + 1).toISOString() })
          .where((attr, op) => `${op.notExists(attr.answer)} AND ${op.notExists(attr.escalatedAt)}`)
          .go({ pages: 'all' }),
      ),
    );
    return pages.flatMap((p) => p.data.map(fromItem)).filter((r) => r.dueAt <= at.toISOString());
  }

  async claimEscalation(tenant: TenantId, id: string, at: string, to: string[]): Promise<boolean> {
    const key = this.keyOf(tenant, id);
    if (!key) return false;
    return writtenUnlessConditionFails(() =>
      this.entity
        .patch(key)
        .set({ escalatedAt: at, escalatedTo: to })
        .where((attr, op) => `${op.notExists(attr.answer)} AND ${op.notExists(attr.escalatedAt)}`)
        .go(),
    );
  }

  async releaseEscalation(tenant: TenantId, id: string): Promise<void> {
    const key = this.keyOf(tenant, id);
    if (key) await this.entity.patch(key).remove(['escalatedAt', 'escalatedTo']).go();
  }

  async listForForeman(tenant: TenantId, workerId: string, limit: number): Promise<ConfirmationRequest[]> {
    const { data } = await this.entity.query
      .byForeman(tenantKey(tenant, { foremanWorkerId: workerId }))
      .go({ order: 'desc', limit });
    return data.map(fromItem);
  }

  async listForJobsite(
    tenant: TenantId,
    jobsiteId: string,
    from: string,
    to: string,
  ): Promise<ConfirmationRequest[]> {
    const { data } = await this.entity.query
      .byJobsiteDay({ ...tenantKey(tenant), jobsiteId })
      .gte({ workDate: from })
      .go({ pages: 'all' });
    // ElectroDB's range on a composite sort key compares whole keys: a jobsite whose id sorts after
    // this one would match too, so the jobsite is checked as well as the days.
    return data
      .map(fromItem)
      .filter((r) => r.jobsiteId === jobsiteId && r.workDate >= from && r.workDate <= to);
  }

  async listRecent(tenant: TenantId, limit: number): Promise<ConfirmationRequest[]> {
    // An account's requests are a few a working day per jobsite: read whole and sorted (like records).
    const { data } = await this.entity.query.byJobsiteDay(tenantKey(tenant)).go({ pages: 'all' });
    return data
      .map(fromItem)
      .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
      .slice(0, limit);
  }
}
