import * as z from 'zod';
import { DEFAULT_NOTICE_TIMES, DEFAULT_WORKING_DAYS, isValidTimeZone } from '../notice-slots';
import { idList, recordId } from './ids';
import { jobsiteRulesSchema } from './jobsite-rules';
import { holidayDatesSchema } from '../holidays-schema';
import { patchSchemaOf } from './patch';
import { foremanShape } from '../confirmations';
import { nameText, optionalText } from './text';
import { siteContactSchema } from './site-contact';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const hhmm = (label: string) =>
  z.string({ message: `${label} is required` }).regex(HHMM, `${label} must be a time like 07:00`);

const isoDate = (label: string) =>
  z
    .string({ message: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-03-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date`)
    .nullish()
    .transform((v) => v ?? null);

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** The most days a month can have (February in a leap year): an allowance above it cannot be met. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const SIMULATED_SCENARIOS = ['storm', 'cold-snap', 'heat-wave', 'high-wind', 'clear'] as const;
export type SimulatedScenario = (typeof SIMULATED_SCENARIOS)[number];

/** The end of a working window: any time, or 24:00 for a shift that runs to midnight. */
const endTime = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'End time is required' })
    .regex(/^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/, 'End time must be a time like 17:00 (24:00 for midnight)'),
);

/**
 * An end before the start is a night shift (22:00–06:00): its hours belong to the day it starts.
 * Only an empty window is refused.
 */
export const workingHoursSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.object({ start: hhmm('Start time'), end: endTime }).refine((h) => h.end !== h.start, {
    message: 'End time must differ from the start time',
    path: ['end'],
  }),
);

export const noticeTimeSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  time: hhmm('Notice time').refine(
    (t) => Number(t.slice(3)) % 15 === 0,
    'Notice times are on the quarter hour',
  ),
  forDay: z.enum(['next', 'same'], { message: 'Notice day must be "next" or "same"' }),
}));

export const recipientsSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  workerIds: idList('Workers').default([]),
  crewIds: idList('Crews').default([]),
  notifyClient: z.boolean({ message: 'Notify client must be true or false' }).default(false),
}));

/** Built on first use, as the schemas made of it (shared/built-on-first-use.ts). */
export const jobsiteShape = /* @__PURE__ */ builtOnFirstUse(() => ({
  name: nameText('Jobsite name', 160),
  address: optionalText('Address', 300),
  /** Whom workers call about the site (issue 20); null: the jobsite's manager, else the account owner. */
  siteContact: siteContactSchema,
  latitude: z
    .number({ message: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number({ message: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  /** IANA zone; derived from the coordinates when absent. */
  timezone: z
    .string({ message: 'Timezone must be text' })
    .max(64, 'Timezone must be at most 64 characters')
    .refine(isValidTimeZone, 'Unknown timezone')
    .nullish()
    .transform((v) => v ?? null),
  clientId: recordId.nullish().transform((v) => v ?? null),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  workingDays: z
    .array(
      z
        .number()
        .int()
        .min(1, 'Working days are 1 (Monday) to 7 (Sunday)')
        .max(7, 'Working days are 1 (Monday) to 7 (Sunday)'),
      {
        message: 'Working days must be a list of weekday numbers',
      },
    )
    .min(1, 'Choose at least one working day')
    .max(7, 'At most 7 working days')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .default([...DEFAULT_WORKING_DAYS]),
  workingHours: workingHoursSchema.default({ start: '07:00', end: '17:00' }),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  active: z.boolean({ message: 'Active must be true or false' }).default(true),
  noticeTimes: z
    .array(noticeTimeSchema, { message: 'Notice times must be a list' })
    .max(6, 'At most 6 notice times')
    .default(DEFAULT_NOTICE_TIMES.map((n) => ({ ...n }))),
  rules: jobsiteRulesSchema.default([]),
  recipients: recipientsSchema.default({ workerIds: [], crewIds: [], notifyClient: false }),
  /** The contract's anticipated weather days per month, January first (the USACE-style baseline). */
  anticipatedWeatherDays: z
    .array(
      z
        .number({ message: 'Anticipated weather days must be numbers' })
        .int('Anticipated weather days must be whole numbers')
        .min(0, 'Anticipated weather days cannot be negative'),
      { message: 'Anticipated weather days must be a list of 12 numbers' },
    )
    .length(12, 'Anticipated weather days must have 12 months, January first')
    .superRefine((days, ctx) =>
      days.forEach((value, month) => {
        const most = MONTH_DAYS[month]!;
        if (value > most)
          ctx.addIssue({
            code: 'custom',
            path: [month],
            message: `${MONTH_NAMES[month]} has at most ${most} days`,
          });
      }),
    )
    .nullish()
    .transform((v) => v ?? null),
  /** The jobsite's own days off (a shutdown week), beside the account's holiday calendar. */
  nonWorkingDates: holidayDatesSchema('Non-working dates').default([]),
  /** Pins the simulated weather provider to a named scenario for this jobsite (demos, tests). */
  scenario: z
    .enum(SIMULATED_SCENARIOS, { message: `Scenario must be one of ${SIMULATED_SCENARIOS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
  /** Crew confirmation (issue 21 §5–6): the foreman asked to confirm, and when managers hear otherwise. */
  ...foremanShape,
}));

const datesInOrder = (j: { startDate?: string | null; endDate?: string | null }) =>
  !j.startDate || !j.endDate || j.endDate >= j.startDate;

/**
 * The workers and crews a jobsite notifies by name, together. Each is a back-reference item (and a
 * check or a count) in the jobsite's own DynamoDB transaction, which holds at most 100 items: a create
 * or delete of a jobsite with 40 of them, its foreman, client, 6 notice times and counter fits.
 */
export const MAX_JOBSITE_RECIPIENTS = 40;
const MAX_RECIPIENTS_MESSAGE = `A jobsite can notify at most ${MAX_JOBSITE_RECIPIENTS} workers and crews by name; put more workers in a crew`;

export const jobsiteInputSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({ ...jobsiteShape })
    .refine(datesInOrder, { message: 'End date must be on or after the start date', path: ['endDate'] })
    .refine((j) => j.recipients.workerIds.length + j.recipients.crewIds.length <= MAX_JOBSITE_RECIPIENTS, {
      message: MAX_RECIPIENTS_MESSAGE,
      path: ['recipients'],
    }),
);

/** PUT body: fields left out keep their stored values. */
export const jobsitePatchSchema = /* @__PURE__ */ builtOnFirstUse(() => patchSchemaOf({ ...jobsiteShape }));

export type JobsiteInput = z.input<typeof jobsiteInputSchema>;
export type JobsiteFields = z.output<typeof jobsiteInputSchema>;

export interface Jobsite extends Omit<
  JobsiteFields,
  | 'timezone'
  | 'anticipatedWeatherDays'
  | 'siteContact'
  | 'nonWorkingDates'
  | 'foremanWorkerId'
  | 'escalationMinutes'
> {
  /** The worker asked to confirm delay notices; null (or absent on older records) when none. */
  foremanWorkerId?: string | null;
  /** Minutes without an answer before the managers hear (default 30). */
  escalationMinutes?: number;
  id: string;
  /** Absent on records written before the field existed: read as null. */
  siteContact?: JobsiteFields['siteContact'];
  timezone: string;
  /** Anticipated weather days per month, January first; null (or absent on older records) when not entered. */
  anticipatedWeatherDays?: number[] | null;
  /** The jobsite's own days off; absent on records saved before issue 20. */
  nonWorkingDates?: { date: string; name: string }[];
  createdAt: string;
  updatedAt: string;
  /**
   * Who made the last change (issue 22 §4), set by the server: the member's `sub` (`apikey:<id>` for
   * an API key) and their name at the time. Absent on records saved before teams.
   */
  updatedById?: string | null;
  updatedByName?: string | null;
  /** When the rules last changed and by whom (the save that created or changed them). */
  rulesUpdatedAt?: string | null;
  rulesUpdatedById?: string | null;
  rulesUpdatedByName?: string | null;
}

const readOnly = (description: string) => z.string().optional().describe(`Read-only. ${description}`);

/** Those fields as answers carry them (set by the server, ignored in bodies; absent on older records). */
export const jobsiteChangeSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  updatedById: readOnly('Who made the last change: a member id, or apikey:<id> for an API key.'),
  updatedByName: readOnly('Their name at the time of the change.'),
  rulesUpdatedAt: readOnly('When the weather rules last changed (ISO-8601).'),
  rulesUpdatedById: readOnly('Who changed the weather rules last.'),
  rulesUpdatedByName: readOnly('Their name at the time.'),
}));

export const JOBSITE_SORTS = ['name', 'createdAt', 'updatedAt'] as const;
