import * as z from 'zod';
import { localClock, minuteOfDay, SLOT_MINUTES, slotStart } from './notice-slots';
import type { DayJudgement } from './weather/engine';
import type { Rule } from './weather/rule';
import { builtOnFirstUse } from './built-on-first-use';

/**
 * Quiet hours of an account (issue 10 §2): while they last, non-urgent messages are held and sent by
 * the first run at or after they end; urgent ones (lightning, official severe warnings) go out at
 * once. The window is read in each jobsite's own zone, so one setting fits crews in several zones.
 */
export interface QuietHours {
  enabled: boolean;
  /** Local "HH:MM" on the quarter hour; start > end spans midnight (20:00–06:00). */
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '20:00', end: '06:00' };

const QUARTER_HOUR = /^([01]\d|2[0-3]):(00|15|30|45)$/;

const quarterHour = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .regex(QUARTER_HOUR, `${label} must be a time on the quarter hour, like 20:00 or 06:15`);

/** One schema for the settings form and `PUT /api/me/quiet-hours`. */
export const quietHoursSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      enabled: z.boolean({ message: 'Quiet hours must be on or off' }),
      start: quarterHour('Start'),
      end: quarterHour('End'),
    })
    .refine((q) => !q.enabled || q.start !== q.end, {
      path: ['end'],
      message: 'End must differ from start',
    }),
);

function inWindow(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether the local wall clock of `timeZone` at `at` is inside the quiet hours. */
export function isQuietAt(quiet: QuietHours | null | undefined, at: Date, timeZone: string): boolean {
  if (!quiet?.enabled || quiet.start === quiet.end) return false;
  return inWindow(localClock(at, timeZone).minuteOfDay, minuteOfDay(quiet.start), minuteOfDay(quiet.end));
}

/**
 * When a message that would go out at `at` may go out: null when it may go now, else the start (UTC)
 * of the first 15-minute slot outside the quiet hours. Walking the slots rather than doing calendar
 * arithmetic keeps DST days right by construction: a skipped local hour is simply never seen, a
 * repeated one is seen twice. A window is at most a day, so the walk ends within 97 slots.
 */
export function quietRelease(quiet: QuietHours | null | undefined, at: Date, timeZone: string): Date | null {
  if (!isQuietAt(quiet, at, timeZone)) return null;
  let slot = slotStart(at);
  for (let i = 0; i < 24 * 4 + 1; i++) {
    slot = new Date(slot.getTime() + SLOT_MINUTES * 60_000);
    if (!isQuietAt(quiet, slot, timeZone)) return slot;
  }
  return slot;
}

/** The rule id the official-warning trigger reports under (shared/weather/official-warnings). */
export const OFFICIAL_WARNING_RULE_PREFIX = 'official-warning';

/** A rule that meets only on thunderstorm weather codes (95–99): the Lightning preset and its kin. */
export function isThunderstormRule(rule: Pick<Rule, 'metric' | 'op' | 'threshold'>): boolean {
  if (rule.metric !== 'weather_code') return false;
  return (rule.op === '>=' && rule.threshold >= 95) || (rule.op === '>' && rule.threshold >= 94);
}

/**
 * Urgent messages ignore quiet hours: the day's delay is driven by lightning (a thunderstorm rule that
 * counts) or by an official severe warning. All-clears and other delays can wait until morning.
 */
export function isUrgentJudgement(judgement: DayJudgement, rules: readonly Rule[]): boolean {
  if (judgement.verdict === 'none') return false;
  return judgement.rules.some((r) => {
    if (r.kind === 'reminder' || r.hours.length === 0) return false;
    if (r.id.startsWith(OFFICIAL_WARNING_RULE_PREFIX)) return true;
    const rule = rules.find((x) => x.id === r.id);
    return !!rule && isThunderstormRule(rule);
  });
}

/** What to do with a message at `at`: send it, or hold it until `releaseAt` (a slot start, UTC). */
export type QuietDecision = { send: true } | { send: false; releaseAt: Date; releaseLocal: string };

export function quietDecision(
  quiet: QuietHours | null | undefined,
  message: { judgement: DayJudgement; rules: readonly Rule[] },
  at: Date,
  timeZone: string,
): QuietDecision {
  if (isUrgentJudgement(message.judgement, message.rules)) return { send: true };
  const releaseAt = quietRelease(quiet, at, timeZone);
  if (!releaseAt) return { send: true };
  const local = localClock(releaseAt, timeZone).minuteOfDay;
  const releaseLocal = `${String(Math.floor(local / 60)).padStart(2, '0')}:${String(local % 60).padStart(2, '0')}`;
  return { send: false, releaseAt, releaseLocal };
}
