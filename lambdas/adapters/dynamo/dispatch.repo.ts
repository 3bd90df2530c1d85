import type { DispatchRun, DispatchRunRepo, JobsiteSchedule, JobsiteScheduleRepo } from '../../core/ports';
import { DEFAULT_NOTICE_TIMES, DEFAULT_WORKING_DAYS } from '../../../shared/notice-slots';
import type { RaincheckService } from './service';

const RUN_RETENTION_SECONDS = 90 * 24 * 3600;

export class DynamoJobsiteScheduleRepo implements JobsiteScheduleRepo {
  constructor(private readonly db: RaincheckService) {}

  async listActive(): Promise<JobsiteSchedule[]> {
    const { data } = await this.db.entities.jobsite.query.forScheduler({}).go({ pages: 'all' });
    return data
      .filter((j) => j.active)
      .map((j) => ({
        tenantId: j.tenantId,
        jobsiteId: j.jobsiteId,
        name: j.name,
        timezone: j.timezone,
        noticeTimes: j.noticeTimes?.length
          ? j.noticeTimes.map((n) => ({ time: n.time, forDay: n.forDay ?? 'same' }))
          : [...DEFAULT_NOTICE_TIMES],
        workingDays: j.workingDays?.length ? j.workingDays : [...DEFAULT_WORKING_DAYS],
      }));
  }
}

export class DynamoDispatchRunRepo implements DispatchRunRepo {
  constructor(private readonly db: RaincheckService) {}

  async record(run: DispatchRun): Promise<void> {
    const expiresAt = Math.floor(Date.parse(run.startedAt) / 1000) + RUN_RETENTION_SECONDS;
    await this.db.entities.dispatchRun.put({ ...run, expiresAt }).go();
  }

  async listRecent(limit: number): Promise<DispatchRun[]> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { data } = await this.db.entities.dispatchRun.query.byTime({}).go({ order: 'desc', limit });
    // TTL deletion is lazy even in AWS: filter expired items on read.
    return data
      .filter((r) => !r.expiresAt || r.expiresAt > nowSeconds)
      .map(({ runId, startedAt, finishedAt, slotStart, checkedJobsites, dueJobsites }) => ({
        runId,
        startedAt,
        finishedAt,
        slotStart,
        checkedJobsites,
        dueJobsites: dueJobsites ?? [],
      }));
  }
}
