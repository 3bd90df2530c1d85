import * as z from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { localDate } from './reports';

/**
 * Report schedules (issue 25 §6): a saved report emailed weekly or monthly to listed addresses, once per
 * period, with its PDF attached (a signed link above 7 MB), and the send history on the report. Shared
 * by the API (`PUT /api/reports/{id}/schedule`), the scheduled job and the SPA's form.
 */
export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

/** More than this many addresses is a mailing list, not a report's readers. */
export const MAX_SCHEDULE_RECIPIENTS = 20;
/** SES takes messages up to 40 MB, but mail servers commonly refuse past 10 MB once base64 adds a third. */
export const ATTACHMENT_LIMIT_BYTES = 7 * 1024 * 1024;
/** Sent documents are kept this long (the bucket's lifecycle rule deletes them), then the history says so. */
export const DOCUMENT_RETENTION_DAYS = 90;
/** The document store's own key prefix (infra: files bucket, lifecycle rule of DOCUMENT_RETENTION_DAYS). */
export const REPORT_DOCUMENTS_PREFIX = 'report-documents/';

export const reportScheduleInputSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      cadence: z.enum(REPORT_CADENCES, { message: 'Cadence must be weekly or monthly' }),
      to: z
        .array(
          z
            .string({ message: 'Each address must be text' })
            .trim()
            .toLowerCase()
            .pipe(z.email({ message: 'Enter a valid email address' })),
          { message: 'To must be a list of email addresses' },
        )
        .min(1, 'Add at least one address')
        .max(MAX_SCHEDULE_RECIPIENTS, `At most ${MAX_SCHEDULE_RECIPIENTS} addresses`)
        .transform((to) => [...new Set(to)]),
    })
    .strict(),
);

export type ReportScheduleInput = z.output<typeof reportScheduleInputSchema>;

export interface ReportSchedule extends ReportScheduleInput {
  reportId: string;
  /** The zone whose weeks and months the periods follow: the one most of the report's jobsites are in. */
  timezone: string;
  createdAt: string;
  updatedAt: string;
}

/** One period a schedule reports on: a calendar month or an ISO week (Monday to Sunday), local dates. */
export interface ReportPeriod {
  /** `2026-11` or `2026-W47`: the unit "once per period" is claimed by. */
  key: string;
  from: string;
  to: string;
  /** What the email and the history say the report covers. */
  label: string;
}

/**
 * `rendering` (claimed; PDF being made and stored), `sending` (handed to SES next), `sent`, `failed`.
 * A `rendering` claim older than STALE_CLAIM_MINUTES was left by a run that died (a timeout): the next
 * run takes it over. A `sending` one is never taken over: SES may have the message, and a second email
 * is worse than a missing record.
 */
export type ReportSendStatus = 'rendering' | 'sending' | 'sent' | 'failed';
export const STALE_CLAIM_MINUTES = 15;

/** One scheduled email in the report's history. */
export interface ReportSendRecord {
  period: ReportPeriod;
  recipients: string[];
  /** The PDF rode along, or (above ATTACHMENT_LIMIT_BYTES) the email carried a signed link. */
  delivery: 'attached' | 'linked' | null;
  bytes: number | null;
  status: ReportSendStatus;
  attempts: number;
  error: string | null;
  claimedAt: string;
  sentAt: string | null;
  /** The document is deleted after this instant (DOCUMENT_RETENTION_DAYS after it was made). */
  documentExpiresAt: string | null;
}

/** A document link we never signed (mistyped, cut short by a mail client, or made up). */
export const DOCUMENT_LINK_INVALID_MESSAGE =
  'This document link is not valid. Open the whole link from the email, or download the report from the saved reports.';

export const DOCUMENT_GONE_MESSAGE = `This document was kept for ${DOCUMENT_RETENTION_DAYS} days and has been deleted. Download the report again from the saved reports for a fresh copy.`;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const shift = (date: string, days: number) => dateOf(dayNumber(date) + days);

/** `November 2026`, `Mon 16 Nov 2026`: dates read as UTC calendar days, so no zone can move them. */
const monthLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const shortDay = (date: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
};

/** The ISO week (`2026-W47`) the local date falls in: the week-year is the year of its Thursday. */
export function isoWeekKey(date: string): string {
  const day = dayNumber(date);
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = dateOf(day - weekday + 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The last whole period before `now` in `timezone`: the previous calendar month, or the previous ISO
 * week (Monday to Sunday). A run any time during a period sends the one before it, so an hourly job
 * that misses a few runs still sends each period once.
 */
export function lastWholePeriod(cadence: ReportCadence, now: Date, timezone: string): ReportPeriod {
  const today = localDate(now, timezone);
  if (cadence === 'monthly') {
    const to = shift(`${today.slice(0, 7)}-01`, -1);
    const from = `${to.slice(0, 7)}-01`;
    return {
      key: to.slice(0, 7),
      from,
      to,
      label: monthLabel(to),
    };
  }
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = shift(today, -weekday - 7);
  const to = shift(from, 6);
  const key = isoWeekKey(from);
  return {
    key,
    from,
    to,
    label: `Week ${Number(key.slice(6))} of ${key.slice(0, 4)} (${shortDay(from)} – ${shortDay(to)})`,
  };
}

/**
 * Whether the schedule owes this period: only periods that had not ended when the schedule was made, so
 * a schedule made on the 20th sends that month's report on the 1st, not last month's at once.
 */
export const owesPeriod = (schedule: Pick<ReportSchedule, 'createdAt' | 'timezone'>, period: ReportPeriod) =>
  period.to >= localDate(new Date(schedule.createdAt), schedule.timezone);

/** Attached up to ATTACHMENT_LIMIT_BYTES; larger documents go as a signed download link. */
export const deliveryFor = (bytes: number): 'attached' | 'linked' =>
  bytes <= ATTACHMENT_LIMIT_BYTES ? 'attached' : 'linked';

/** The zone most of these jobsites are in (ties: the first in alphabetical order); UTC with none. */
export function scheduleZone(zones: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const z of zones) counts.set(z, (counts.get(z) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'UTC';
}
