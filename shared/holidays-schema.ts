import * as z from 'zod';
import { MAX_EXTRA_DATES } from './holidays';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';

// The holiday calendar's request bodies (shared/holidays.ts has the types and the lookup), apart so
// the dispatch bundle, which only reads stored dates, carries none of these schemas.

const dateText = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'Date must be a date like 2026-11-26' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date like 2026-11-26')
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    }, 'Date must be a real date'),
);

export const holidayDateSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  date: dateText,
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be at most 80 characters'),
}));

/** A list of dated names, one per date (a second entry for a date is refused, naming it). */
export const holidayDatesSchema = (label: string) =>
  z
    .array(holidayDateSchema, { message: `${label} must be a list of { date, name }` })
    .max(MAX_EXTRA_DATES, `At most ${MAX_EXTRA_DATES} ${label.toLowerCase()}`)
    .superRefine((dates, ctx) => {
      const seen = new Set<string>();
      dates.forEach((d, i) => {
        if (seen.has(d.date))
          ctx.addIssue({ code: 'custom', path: [i, 'date'], message: `${d.date} is listed twice` });
        seen.add(d.date);
      });
    })
    .transform((dates) => [...dates].sort((a, b) => a.date.localeCompare(b.date)));

/** `PUT /api/holidays`: the country and region codes are checked against the library's list. */
export const holidayCalendarInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  country: z
    .string({ message: 'Country must be a two-letter code like US' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code like US'),
  region: z
    .string({ message: 'Region must be a code like CA, or null' })
    .trim()
    .toUpperCase()
    .max(10, 'Region must be a code like CA, or null')
    .nullish()
    .transform((v) => (v ? v : null)),
  extraDates: holidayDatesSchema('Extra dates').default([]),
}));

export type HolidayCalendarInput = z.output<typeof holidayCalendarInputSchema>;

export const holidayYearSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  year: z.coerce
    .number({ message: 'Year must be a number like 2026' })
    .int('Year must be a whole number')
    .min(2000, 'Year must be from 2000 to 2100')
    .max(2100, 'Year must be from 2000 to 2100')
    .optional(),
}));
