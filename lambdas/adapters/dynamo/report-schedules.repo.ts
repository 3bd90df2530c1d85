import {
  REPORT_CADENCES,
  type ReportCadence,
  type ReportSchedule,
  type ReportSendStatus,
} from '../../../shared/report-schedules';
import { tenantFromStore, type TenantId } from '../../core/caller';
import type {
  ReportScheduleRepo,
  StoredSchedule,
  StoredSend,
} from '../../core/reports/report-schedules.ports';
import { writtenUnlessConditionFails } from './conditions';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

type ScheduleItem = {
  tenantId: string;
  reportId: string;
  cadence: string;
  to: string[];
  timezone: string;
  createdAt: string;
  updatedAt: string;
};

const scheduleOf = (d: ScheduleItem): ReportSchedule => ({
  reportId: d.reportId,
  cadence: d.cadence as ReportCadence,
  to: d.to,
  timezone: d.timezone,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

type SendItem = {
  periodKey: string;
  periodFrom: string;
  periodTo: string;
  periodLabel: string;
  recipients: string[];
  status: string;
  attempts: number;
  claimedAt: string;
  delivery?: string;
  bytes?: number;
  error?: string;
  sentAt?: string;
  documentKey?: string;
  documentExpiresAt?: string;
};

const sendOf = (d: SendItem): StoredSend => ({
  period: { key: d.periodKey, from: d.periodFrom, to: d.periodTo, label: d.periodLabel },
  recipients: d.recipients,
  delivery: (d.delivery as StoredSend['delivery']) ?? null,
  bytes: d.bytes ?? null,
  status: d.status as ReportSendStatus,
  attempts: d.attempts,
  error: d.error ?? null,
  claimedAt: d.claimedAt,
  sentAt: d.sentAt ?? null,
  documentKey: d.documentKey ?? null,
  documentExpiresAt: d.documentExpiresAt ?? null,
});

/** Report schedules and their sends (one claim item per report and period), under the tenant's partition. */
export class DynamoReportScheduleRepo implements ReportScheduleRepo {
  constructor(private readonly db: RaincheckService) {}

  async put(tenant: TenantId, schedule: ReportSchedule): Promise<ReportSchedule> {
    const key = tenantKey(tenant, { reportId: schedule.reportId });
    const { createdAt, ...changes } = schedule;
    // An upsert keyed by the report: the first write's creation time stays (it decides the first period owed).
    const { data } = await this.db.entities.reportSchedule
      .upsert({ ...key, ...changes, createdAt })
      .go({ response: 'all_new' });
    return scheduleOf(data as ScheduleItem);
  }

  async get(tenant: TenantId, reportId: string): Promise<ReportSchedule | null> {
    const { data } = await this.db.entities.reportSchedule.get(tenantKey(tenant, { reportId })).go();
    return data ? scheduleOf(data) : null;
  }

  async remove(tenant: TenantId, reportId: string): Promise<void> {
    await this.db.entities.reportSchedule.delete(tenantKey(tenant, { reportId })).go();
  }

  async listAll(): Promise<StoredSchedule[]> {
    const pages = await Promise.all(
      REPORT_CADENCES.map((cadence) =>
        this.db.entities.reportSchedule.query.byCadence({ cadence }).go({ pages: 'all' }),
      ),
    );
    return pages.flatMap(({ data }) =>
      data.map((d) => ({ ...scheduleOf(d), tenantId: tenantFromStore(d.tenantId) })),
    );
  }

  async claim(
    tenant: TenantId,
    reportId: string,
    c: Parameters<ReportScheduleRepo['claim']>[2],
  ): Promise<boolean> {
    const key = tenantKey(tenant, { reportId, periodKey: c.period.key });
    const created = await writtenUnlessConditionFails(() =>
      this.db.entities.reportSend
        .create({
          ...key,
          periodFrom: c.period.from,
          periodTo: c.period.to,
          periodLabel: c.period.label,
          recipients: c.recipients,
          status: 'rendering',
          attempts: 1,
          claimedAt: c.claimedAt,
        })
        .go(),
    );
    if (created) return true;
    // A failed attempt, or one a dead run left rendering, is retried by exactly one later run: the
    // condition admits one writer.
    return writtenUnlessConditionFails(() =>
      this.db.entities.reportSend
        .patch(key)
        .set({ status: 'rendering', claimedAt: c.claimedAt, recipients: c.recipients })
        .add({ attempts: 1 })
        .where(
          ({ status, claimedAt }, { eq, lt }) =>
            `${eq(status, 'failed')} OR (${eq(status, 'rendering')} AND ${lt(claimedAt, c.staleBefore)})`,
        )
        .go(),
    );
  }

  async markSending(tenant: TenantId, reportId: string, periodKey: string): Promise<void> {
    await this.db.entities.reportSend
      .patch(tenantKey(tenant, { reportId, periodKey }))
      .set({ status: 'sending' })
      .go();
  }

  async markSent(
    tenant: TenantId,
    reportId: string,
    periodKey: string,
    sent: Parameters<ReportScheduleRepo['markSent']>[3],
  ): Promise<void> {
    await this.db.entities.reportSend
      .patch(tenantKey(tenant, { reportId, periodKey }))
      .set({ ...sent, status: 'sent' })
      .remove(['error'])
      .go();
  }

  async markFailed(tenant: TenantId, reportId: string, periodKey: string, error: string): Promise<void> {
    await this.db.entities.reportSend
      .patch(tenantKey(tenant, { reportId, periodKey }))
      .set({ status: 'failed', error: error.slice(0, 500) })
      .go();
  }

  async listSends(tenant: TenantId, reportId: string): Promise<StoredSend[]> {
    const { data } = await this.db.entities.reportSend.query
      .byReport(tenantKey(tenant, { reportId }))
      .go({ pages: 'all' });
    return data.map(sendOf).sort((a, b) => b.period.from.localeCompare(a.period.from));
  }

  async getSend(tenant: TenantId, reportId: string, periodKey: string): Promise<StoredSend | null> {
    const { data } = await this.db.entities.reportSend.get(tenantKey(tenant, { reportId, periodKey })).go();
    return data ? sendOf(data) : null;
  }
}
