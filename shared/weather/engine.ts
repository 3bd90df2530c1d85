import { compileSite } from './compile-site';
import type { HourlyForecast } from './forecast';
import {
  VERDICTS,
  type DayJudgement,
  type JobsiteRules,
  type JudgeOptions,
  type RuleJudgement,
} from './judgement';
import { dateOfDay, dayOfDate, hhmm, localTimeline, type LocalTimeline } from './local-time';
import { ruleReason, type LocalRange } from './reasons';
import { DaySummaries, RuleEngine } from './rule-engine';
import { workPlan } from './work-plan';

/**
 * The weather rule engine: which working hours of which working days the forecast stops, and why.
 *
 * Semantics (docs in shared/weather/README.md):
 * - An hour belongs to a working day when its local start (the jobsite's IANA zone, DST-correct)
 *   falls on a working day (ISO weekday) and `start <= local start < end`.
 * - A rule meets an hour when `value op threshold`; NaN never meets. Values within 1e-9 (relative)
 *   of a threshold compare as equal to it, so unit round trips never flip a verdict.
 * - Rules are evaluated over the whole series, not only working hours: hysteresis (`clearThreshold`),
 *   `minDurationHours` runs, `holdHours` and `sumHours` windows follow the weather, which does not
 *   stop at 5 PM. Only working hours are then reported.
 * - Order per hour: hysteresis on the value → `probabilityFloor` and `when` gates → runs shorter than
 *   `minDurationHours` dropped → `holdHours` after each run.
 * - `kind: 'reminder'` rules are reported but never count toward hours lost.
 * - A day is judged only when the forecast covers all of its working hours.
 * - Verdict: `none` when no hour is lost; `full` when the crew cannot get a stretch of consecutive
 *   workable hours at least `minWorkableHours` long (default 4, half a standard shift, and never
 *   more than half the day's working hours, rounded up): this covers "every hour lost" and
 *   "scattered storms leave nothing worth driving out for"; `partial` otherwise.
 */
export * from './judgement';
export * from './compile-site';
export * from './work-plan';
export * from './rule-engine';

// The friendly API.

const shared = new RuleEngine();
const sharedOut = new DaySummaries();

export function dayRange(
  timeline: LocalTimeline,
  opts: Pick<JudgeOptions, 'from' | 'days'>,
): { fromDay?: number; toDay?: number } {
  const fromDay = opts.from !== undefined ? dayOfDate(opts.from) : undefined;
  if (opts.days === undefined) return { fromDay };
  const first = fromDay ?? (timeline.n ? timeline.day[0]! : 0);
  return { fromDay: first, toDay: first + Math.max(0, Math.floor(opts.days)) };
}

/**
 * Judge a jobsite's working days against a forecast: one entry per local working day the forecast
 * fully covers (within `from`/`days`), in date order, with the rules that apply and why.
 */
export function judgeForecast(
  forecast: HourlyForecast,
  site: JobsiteRules,
  opts: JudgeOptions = {},
): DayJudgement[] {
  const units = opts.units ?? 'us';
  const compiled = compileSite(site);
  const tl = localTimeline(forecast.time, site.timezone);
  const masks: Uint8Array[] = [];
  const values: Float64Array[] = [];
  const count = shared.judge(
    forecast,
    compiled,
    sharedOut,
    {
      ...dayRange(tl, opts),
      minWorkableHours: opts.minWorkableHours,
      concreteTemperature: opts.concreteTemperature,
      timeline: tl,
    },
    (r, mask, v, end) => {
      masks[r] = mask.slice(0, end);
      values[r] = v.slice(0, end);
    },
  );

  const range = dayRange(tl, opts);
  const plan = workPlan(tl, compiled, range.fromDay ?? -2147483648, range.toDay ?? 2147483647);
  const dayHours = Array.from({ length: count }, (_, k) =>
    Array.from(plan.hours.subarray(plan.offsets[k]!, plan.offsets[k + 1]!)),
  );

  const result: DayJudgement[] = [];
  for (let k = 0; k < count; k++) {
    const hours = dayHours[k]!;
    const rules: RuleJudgement[] = [];
    compiled.rules.forEach((cr, r) => {
      const mask = masks[r]!;
      const v = values[r]!;
      const hit = hours.filter((i) => i < mask.length && mask[i] !== 0);
      if (hit.length === 0) return;
      let peak = NaN;
      for (const i of hit) {
        const x = v[i]!;
        if (Number.isNaN(x)) continue;
        if (Number.isNaN(peak) || (cr.sign > 0 ? x > peak : x < peak)) peak = x;
      }
      rules.push({
        id: cr.rule.id,
        kind: cr.reminder ? 'reminder' : 'delay',
        hours: hit.map((i) => hhmm(tl.minute[i]!)),
        peak,
        reason: ruleReason(cr.rule, peak, ranges(tl, hit), units),
      });
    });
    result.push({
      date: dateOfDay(sharedOut.day[k]!),
      verdict: VERDICTS[sharedOut.verdict[k]!]!,
      hoursLost: sharedOut.hoursLost[k]!,
      workingHours: sharedOut.workingHours[k]!,
      rules,
    });
  }
  return result;
}

/** Consecutive hours as local ranges: [start of the first, end of the last). */
function ranges(tl: LocalTimeline, hours: readonly number[]): LocalRange[] {
  const out: LocalRange[] = [];
  let first = hours[0]!;
  for (let j = 1; j <= hours.length; j++) {
    const i = hours[j];
    if (i !== undefined && i === hours[j - 1]! + 1) continue;
    const last = hours[j - 1]!;
    const endMinute = last + 1 < tl.n ? tl.minute[last + 1]! : tl.minute[last]! + 60;
    out.push([tl.minute[first]!, endMinute]);
    if (i !== undefined) first = i;
  }
  return out;
}
