import type { AccountProfile } from '../../shared/account';
import type { NoticeTime } from '../../shared/notice-slots';
import type { Subscription } from '../../shared/subscription';

/** The verified identity of the caller, taken from the token and never from the request. */
export interface Caller {
  userId: string;
  email: string;
  groups: string[];
  /** Cognito's `email_verified` (ID tokens); guest purchases link only to a verified email. */
  emailVerified?: boolean;
}

export interface AccountRepo {
  getProfile(userId: string): Promise<AccountProfile | null>;
  putProfile(profile: AccountProfile): Promise<void>;
  getSubscription(userId: string): Promise<Subscription | null>;
}

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

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}

export type * from './billing/billing.ports';
