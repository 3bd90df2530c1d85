import * as z from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { ID_MESSAGES } from './messages';
import { isRecordId } from './records/ids';

/**
 * Custom reports (issue 25 §4–6; Premium and Enterprise, `customReports`): a saved definition of what
 * to report on, shared by the API (`POST /api/reports`) and the SPA's form. Figures come from the
 * ledger's own computation (lambdas/core/ledger), never a second one.
 */
export const REPORT_SECTIONS = ['ledger', 'allowance', 'hours-lost', 'notices', 'evidence'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_LABELS: Record<ReportSection, string> = {
  ledger: 'Weather-day ledger, forecast and observed',
  allowance: 'Delay days against the allowance',
  'hours-lost': 'Hours lost',
  notices: 'Notices sent',
  evidence: "Each day's evidence summary",
};

export const RELATIVE_RANGES = ['last-month', 'month-to-date', 'contract-to-date'] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];

const isoDate = (label: string) =>
  z
    .string({ message: `${label} must be a date like 2026-03-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-03-31`)
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    }, `${label} must be a real date`);

export const reportRangeSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.union(
    [
      z
        .object({ from: isoDate('From'), to: isoDate('To') }, { message: 'Range needs from and to' })
        .strict()
        .refine((r) => r.from <= r.to, { message: 'From must be on or before to', path: ['from'] }),
      z
        .object({
          relative: z.enum(RELATIVE_RANGES, {
            message: 'Relative range must be last-month, month-to-date or contract-to-date',
          }),
        })
        .strict(),
    ],
    { message: 'Range must be { from, to } or { relative }' },
  ),
);

export const reportJobsitesSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .union(
      [
        z.literal('all'),
        z
          .object({
            clientId: z.string({ message: 'Client id must be text' }).min(1, 'Client id is required'),
          })
          .strict(),
        z
          .array(z.string({ message: 'Jobsite ids must be text' }).min(1), {
            message: 'Jobsites must be "all", { clientId } or a list of ids',
          })
          .min(1, 'Choose at least one jobsite')
          .max(100, 'At most 100 jobsites'),
      ],
      { message: 'Jobsites must be "all", { clientId } or a list of ids' },
    )
    .superRefine((choice, ctx) => {
      // Refused here, naming the id's place: an id past the store's key limits fails the read itself.
      if (choice === 'all') return;
      if ('clientId' in choice) {
        if (!isRecordId(choice.clientId))
          ctx.addIssue({ code: 'custom', path: ['clientId'], message: ID_MESSAGES.clientIdInvalid });
        return;
      }
      choice.forEach((id, i) => {
        if (!isRecordId(id))
          ctx.addIssue({ code: 'custom', path: [i], message: ID_MESSAGES.jobsiteIdInvalid });
      });
    }),
);

export const reportInputSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      title: z
        .string({ message: 'Title is required' })
        .trim()
        .min(1, 'Title is required')
        .max(120, 'Title must be at most 120 characters'),
      jobsites: reportJobsitesSchema,
      range: reportRangeSchema,
      sections: z
        .array(z.enum(REPORT_SECTIONS, { message: `Sections must be among ${REPORT_SECTIONS.join(', ')}` }), {
          message: 'Sections must be a list',
        })
        .min(1, 'Choose at least one section')
        .transform((s) => [...new Set(s)]),
    })
    .strict(),
);

export type ReportInput = z.output<typeof reportInputSchema>;

export interface ReportDefinition extends ReportInput {
  id: string;
  createdAt: string;
  updatedAt: string;
}

const DAY_MS = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The local date at `now` in `timezone`, YYYY-MM-DD. */
export function localDate(now: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The ledger reads at most this many days at once (LEDGER_MAX_DAYS): a longer contract is cut to its last ones. */
export const REPORT_MAX_DAYS = 400;

/**
 * The dates a range covers for one jobsite, in that jobsite's zone (a report spanning Honolulu and
 * New York reads "last month" as each site's own): last month is the whole previous calendar month,
 * month to date runs from the 1st to today, contract to date from the contract's start date (the
 * jobsite's creation date when it has none) to today, at most the last 400 days.
 */
export function resolveRange(
  range: ReportInput['range'],
  now: Date,
  site: { timezone: string; startDate?: string | null; createdAt?: string },
): { from: string; to: string } {
  if ('from' in range) return { from: range.from, to: range.to };
  const today = localDate(now, site.timezone);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (range.relative) {
    case 'last-month': {
      const to = shift(firstOfMonth, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'month-to-date':
      return { from: firstOfMonth, to: today };
    case 'contract-to-date': {
      const start =
        site.startDate ?? (site.createdAt ? localDate(new Date(site.createdAt), site.timezone) : today);
      const earliest = shift(today, -(REPORT_MAX_DAYS - 1));
      const from = start > today ? today : start < earliest ? earliest : start;
      return { from, to: today };
    }
  }
}

/** A long report (more than two months, or more than six jobsites) opens with a table of contents. */
export const needsContents = (days: number, jobsites: number) => days > 62 || jobsites > 6;

/** A report's file name (`title-as-slug.ext`, `suffix` after the slug): safe in a header and on any disk. */
export const reportFileName = (title: string, suffix: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'report'
  }${suffix}`;
