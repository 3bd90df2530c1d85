import type { DayObservation, ObservedSeries } from '../../../shared/weather/observed';
import type { TenantId } from '../../core/caller';
import type { ObservationRepo } from '../../core/observations/observations.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { pickFields } from '../../../shared/pick-fields';
import { batchGetDays, type JobsiteDayRef } from './batch-get';

type Item = {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  series: unknown;
  complete: boolean;
  attempts: number;
  lastAttemptAt: string;
  lastError?: string;
};

const fromItem = (d: Item): DayObservation => ({
  ...pickFields(d, ['tenantId', 'jobsiteId', 'workDate', 'complete', 'attempts', 'lastAttemptAt']),
  series: (d.series as ObservedSeries[]) ?? [],
  lastError: d.lastError ?? null,
});

/** The observed weather of jobsite days, beside their decisions in the one table. */
export class DynamoObservationRepo implements ObservationRepo {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId, jobsiteId: string, workDate: string): Promise<DayObservation | null> {
    const { data } = await this.db.entities.dayObservation
      .get(tenantKey(tenant, { jobsiteId, workDate }))
      .go();
    return data ? fromItem(data) : null;
  }

  async getMany(days: readonly JobsiteDayRef[]): Promise<Map<string, DayObservation>> {
    return batchGetDays(
      'observations',
      days,
      (keys) => this.db.entities.dayObservation.get(keys).go(),
      fromItem,
    );
  }

  async listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<DayObservation[]> {
    const { data } = await this.db.entities.dayObservation.query
      .byJobsiteDay(tenantKey(tenant, { jobsiteId }))
      .between({ workDate: from }, { workDate: to })
      .go({ pages: 'all' });
    return data.map(fromItem);
  }

  async put(o: DayObservation): Promise<void> {
    await this.db.entities.dayObservation.put({ ...o, lastError: o.lastError ?? undefined }).go();
  }
}
