import type { NoticeTime } from '../../../shared/notice-slots';

export interface JobsiteSchedule {
  tenantId: string;
  jobsiteId: string;
  name: string;
  timezone: string;
  /** When notices go out, in the jobsite's local time (DESIGN §7: 18:00 the day before, 05:00 the day of). */
  noticeTimes: NoticeTime[];
  /** ISO weekday numbers 1 (Monday) … 7 (Sunday). */
  workingDays: number[];
}

export interface JobsiteScheduleRepo {
  listActive(): Promise<JobsiteSchedule[]>;
}

export interface DispatchRun {
  runId: string;
  startedAt: string;
  finishedAt: string;
  slotStart: string;
  dueJobsites: { tenantId: string; jobsiteId: string; name: string }[];
  checkedJobsites: number;
}

export interface DispatchRunRepo {
  record(run: DispatchRun): Promise<void>;
  listRecent(limit: number): Promise<DispatchRun[]>;
}
