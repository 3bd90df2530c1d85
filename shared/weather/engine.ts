import type { ForecastVariable, HourlyForecast } from './forecast';
import type { Rule, RuleKind, RuleMetric, RuleOp } from './rule';
import { deriveSeries, isDerivedMetric, type DerivedMetric } from './derived';
import { dateOfDay, dayOfDate, hhmm, localTimeline, MINUTES_PER_DAY, type LocalTimeline } from './local-time';
import { ruleReason, tolerance, type LocalRange } from './reasons';
import type { UnitSystem } from './units';

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
export type Verdict = 'none' | 'partial' | 'full';
export const VERDICTS: readonly Verdict[] = ['none', 'partial', 'full'];
export const VERDICT_NONE = 0;
export const VERDICT_PARTIAL = 1;
export const VERDICT_FULL = 2;
export const DEFAULT_MIN_WORKABLE_HOURS = 4;

export interface JobsiteSchedule {
  timezone: string;
  /** ISO weekdays, 1 = Monday. */
  workingDays: readonly number[];
  workingHours: { start: string; end: string };
}

export interface JobsiteRules extends JobsiteSchedule {
  rules: readonly Rule[];
}

export interface RuleJudgement {
  id: string;
  kind: RuleKind;
  /** Local wall-clock starts ("HH:MM") of the working hours in which the rule counts. */
  hours: string[];
  /** The worst value over those hours, canonical units (for `sumHours` rules: the sum). */
  peak: number;
  reason: string;
}

export interface DayJudgement {
  /** Local date, "YYYY-MM-DD". */
  date: string;
  verdict: Verdict;
  hoursLost: number;
  workingHours: number;
  /** The rules that count in at least one working hour of the day, in the jobsite's rule order. */
  rules: RuleJudgement[];
}

export interface JudgeOptions {
  /** Units of the reasons; default US customary (DESIGN §7). */
  units?: UnitSystem;
  /** First local date to judge, "YYYY-MM-DD"; default the forecast's first day. */
  from?: string;
  /** Number of calendar days from `from` (or the forecast's first day) to judge; default all. */
  days?: number;
  /**
   * Consecutive workable hours a day needs to be worth working (see the verdict rule above);
   * default 4, or half the day's working hours when that is less. Capped at the day's working hours.
   */
  minWorkableHours?: number;
  /** Fresh concrete temperature (°C) for `evaporation_rate`; the air temperature when absent. */
  concreteTemperature?: number;
}

// ---------------------------------------------------------------------------------------------
// Compilation: a jobsite's schedule and rules turned into numbers once, reused for every forecast.

interface Comparison {
  /** +1 for upper limits (>=, >), −1 for lower ones: every test becomes `sign × value >= at`. */
  sign: number;
  at: number;
}

function comparison(op: RuleOp, threshold: number): Comparison {
  const tol = tolerance(threshold);
  switch (op) {
    case '>=':
      return { sign: 1, at: threshold - tol };
    case '>':
      return { sign: 1, at: threshold + tol };
    case '<=':
      return { sign: -1, at: -(threshold + tol) };
    case '<':
      return { sign: -1, at: -(threshold - tol) };
  }
}

export interface CompiledRule {
  rule: Rule;
  metric: RuleMetric;
  sign: number;
  trigger: number;
  /** Threshold to stay on once triggered (hysteresis); equals `trigger` without clearThreshold. */
  stay: number;
  /** Probability floor (%), NaN when none. */
  floor: number;
  minRun: number;
  hold: number;
  sumHours: number;
  when: { metric: RuleMetric; sign: number; at: number } | null;
  reminder: boolean;
}

export interface CompiledSite {
  timezone: string;
  /** Bit w set when ISO weekday w is a working day. */
  dayMask: number;
  startMinute: number;
  endMinute: number;
  rules: CompiledRule[];
  /** Derived metrics the rules read. */
  derived: DerivedMetric[];
  /** Hours past the last working hour the rules must see (minimum-duration runs). */
  lookahead: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minuteOf(value: string): number {
  const m = HHMM.exec(value);
  if (!m) throw new RangeError(`Not a HH:MM time: ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function compileRule(rule: Rule): CompiledRule {
  const trigger = comparison(rule.op, rule.threshold);
  const stay =
    rule.clearThreshold === undefined
      ? trigger.at
      : Math.min(trigger.at, comparison(rule.op, rule.clearThreshold).at);
  const when = rule.when
    ? { metric: rule.when.metric, ...comparison(rule.when.op, rule.when.threshold) }
    : null;
  return {
    rule,
    metric: rule.metric,
    sign: trigger.sign,
    trigger: trigger.at,
    stay,
    floor: rule.probabilityFloor ?? NaN,
    minRun: rule.minDurationHours ?? 1,
    hold: rule.holdHours ?? 0,
    sumHours: rule.sumHours ?? 1,
    when,
    reminder: rule.kind === 'reminder',
  };
}

export function compileSite(site: JobsiteRules): CompiledSite {
  let dayMask = 0;
  for (const d of site.workingDays) {
    if (Number.isInteger(d) && d >= 1 && d <= 7) dayMask |= 1 << d;
  }
  const rules = site.rules.map(compileRule);
  const derived = new Set<DerivedMetric>();
  for (const r of rules) {
    if (isDerivedMetric(r.metric)) derived.add(r.metric);
    if (r.when && isDerivedMetric(r.when.metric)) derived.add(r.when.metric);
  }
  return {
    timezone: site.timezone,
    dayMask,
    startMinute: minuteOf(site.workingHours.start),
    endMinute: minuteOf(site.workingHours.end),
    rules,
    derived: [...derived],
    lookahead: rules.reduce((m, r) => Math.max(m, r.minRun - 1), 0),
  };
}

// ---------------------------------------------------------------------------------------------
// The hot path: preallocated buffers, typed arrays, no allocation per hour.

/** Compact per-day results of `RuleEngine.judge`, reused across calls. */
export class DaySummaries {
  count = 0;
  /** Local day number (days since 1970-01-01) of each judged day. */
  day: Int32Array;
  verdict: Uint8Array;
  hoursLost: Uint16Array;
  workingHours: Uint16Array;

  constructor(capacity = 32) {
    this.day = new Int32Array(capacity);
    this.verdict = new Uint8Array(capacity);
    this.hoursLost = new Uint16Array(capacity);
    this.workingHours = new Uint16Array(capacity);
  }

  ensure(capacity: number): void {
    if (this.day.length >= capacity) return;
    const c = Math.max(capacity, this.day.length * 2);
    this.day = new Int32Array(c);
    this.verdict = new Uint8Array(c);
    this.hoursLost = new Uint16Array(c);
    this.workingHours = new Uint16Array(c);
  }
}

export interface EngineOptions {
  /** First local day number to judge (inclusive). */
  fromDay?: number;
  /** Last local day number to judge (exclusive). */
  toDay?: number;
  minWorkableHours?: number;
  concreteTemperature?: number;
  /** The forecast's local timeline, when the caller already holds it. */
  timeline?: LocalTimeline;
}

/** Receives each rule's hourly mask (non-zero = counts) and the values it compared, up to `end`. */
export type RuleSink = (ruleIndex: number, mask: Uint8Array, values: Float64Array, end: number) => void;

export class RuleEngine {
  private cap = 0;
  private mask = new Uint8Array(0);
  private lost = new Uint8Array(0);
  private work = new Uint8Array(0);
  private sum = new Float64Array(0);
  private nan = new Float64Array(0);
  private derivedBuf = new Map<DerivedMetric, Float64Array>();
  private dayCap = 0;
  private dayWork = new Int32Array(0);
  private dayLost = new Int32Array(0);
  private dayRun = new Int32Array(0);
  private dayBest = new Int32Array(0);
  private dayLast = new Int32Array(0);

  private ensure(n: number): void {
    if (n <= this.cap) return;
    const c = Math.max(n, 192);
    this.cap = c;
    this.mask = new Uint8Array(c);
    this.lost = new Uint8Array(c);
    this.work = new Uint8Array(c);
    this.sum = new Float64Array(c);
    this.nan = new Float64Array(c).fill(NaN);
    this.derivedBuf.clear();
  }

  private ensureDays(span: number): void {
    if (span <= this.dayCap) return;
    const c = Math.max(span, 32);
    this.dayCap = c;
    this.dayWork = new Int32Array(c);
    this.dayLost = new Int32Array(c);
    this.dayRun = new Int32Array(c);
    this.dayBest = new Int32Array(c);
    this.dayLast = new Int32Array(c);
  }

  private series(forecast: HourlyForecast, metric: RuleMetric): Float64Array {
    if (isDerivedMetric(metric)) return this.derivedBuf.get(metric) ?? this.nan;
    return forecast.values[metric as ForecastVariable] ?? this.nan;
  }

  /**
   * Judge one jobsite's working days against one forecast; writes `out` and returns the number of
   * days judged. `sink`, when given, sees every rule's mask (the friendly API builds reasons from it).
   */
  judge(
    forecast: HourlyForecast,
    site: CompiledSite,
    out: DaySummaries,
    opts: EngineOptions = {},
    sink?: RuleSink,
  ): number {
    out.count = 0;
    const n = forecast.time.length;
    if (n === 0 || site.dayMask === 0 || site.endMinute <= site.startMinute) return 0;
    const tl = opts.timeline ?? localTimeline(forecast.time, site.timezone);
    this.ensure(n);
    const { day, minute } = tl;
    const fromDay = opts.fromDay ?? -2147483648;
    const toDay = opts.toDay ?? 2147483647;
    const { dayMask, startMinute, endMinute } = site;
    const work = this.work;

    // 1. Which hours are working hours of a requested day.
    let hiEnd = 0;
    let dayMin = 2147483647;
    let dayMax = -2147483648;
    for (let i = 0; i < n; i++) {
      const d = day[i]!;
      const m = minute[i]!;
      const isWork =
        d >= fromDay &&
        d < toDay &&
        m >= startMinute &&
        m < endMinute &&
        (dayMask >> (((((d + 3) % 7) + 7) % 7) + 1)) & 1;
      work[i] = isWork ? 1 : 0;
      if (isWork) {
        hiEnd = i + 1;
        if (d < dayMin) dayMin = d;
        if (d > dayMax) dayMax = d;
      }
    }
    if (hiEnd === 0) return 0;
    const end = Math.min(n, hiEnd + site.lookahead);

    // 2. Derived series the rules read, into reused buffers.
    for (const metric of site.derived) {
      let buf = this.derivedBuf.get(metric);
      if (!buf) {
        buf = new Float64Array(this.cap);
        this.derivedBuf.set(metric, buf);
      }
      deriveSeries(forecast, metric, { concreteTemperature: opts.concreteTemperature }, end, buf);
    }

    // 3. Each rule's mask over the series; delay rules OR into the lost hours.
    const lost = this.lost;
    lost.fill(0, 0, hiEnd);
    const mask = this.mask;
    const prob = forecast.values.precipitation_probability;
    for (let r = 0; r < site.rules.length; r++) {
      const cr = site.rules[r]!;
      let values = this.series(forecast, cr.metric);
      if (cr.sumHours > 1) values = this.rollingSum(values, cr.sumHours, cr.sign > 0, end);
      const { sign, trigger, stay } = cr;
      const floor = prob && !Number.isNaN(cr.floor) ? cr.floor : NaN;
      const hasFloor = !Number.isNaN(floor);
      const when = cr.when;
      const wv = when ? this.series(forecast, when.metric) : null;
      const wSign = when ? when.sign : 0;
      const wAt = when ? when.at : 0;
      let on = false;
      for (let i = 0; i < end; i++) {
        on = sign * values[i]! >= (on ? stay : trigger);
        let counts = on;
        if (counts && hasFloor && !(prob![i]! >= floor)) counts = false;
        if (counts && wv !== null && !(wSign * wv[i]! >= wAt)) counts = false;
        mask[i] = counts ? 1 : 0;
      }
      if (cr.minRun > 1) dropShortRuns(mask, end, cr.minRun);
      if (cr.hold > 0) holdAfterRuns(mask, end, cr.hold);
      if (!cr.reminder) {
        for (let i = 0; i < hiEnd; i++) if (mask[i] !== 0) lost[i] = 1;
      }
      if (sink) sink(r, mask, values, end);
    }

    // 4. Per day: working hours, hours lost, longest workable stretch.
    const span = dayMax - dayMin + 1;
    this.ensureDays(span);
    const dWork = this.dayWork;
    const dLost = this.dayLost;
    const dRun = this.dayRun;
    const dBest = this.dayBest;
    const dLast = this.dayLast;
    dWork.fill(0, 0, span);
    dLost.fill(0, 0, span);
    dRun.fill(0, 0, span);
    dBest.fill(0, 0, span);
    dLast.fill(-2, 0, span);
    for (let i = 0; i < hiEnd; i++) {
      if (work[i] === 0) continue;
      const k = day[i]! - dayMin;
      dWork[k]!++;
      if (lost[i] !== 0) {
        dLost[k]!++;
        dRun[k] = 0;
      } else {
        const run = (dLast[k] === i - 1 ? dRun[k]! : 0) + 1;
        dRun[k] = run;
        if (run > dBest[k]!) dBest[k] = run;
      }
      dLast[k] = i;
    }

    out.ensure(span);
    const minWorkable = opts.minWorkableHours;
    let count = 0;
    for (let k = 0; k < span; k++) {
      const wh = dWork[k]!;
      if (wh === 0) continue;
      const d = dayMin + k;
      // Judge only days whose whole working window lies inside the forecast.
      if (tl.startLocalMinute > d * MINUTES_PER_DAY + startMinute) continue;
      if (tl.endLocalMinute < d * MINUTES_PER_DAY + endMinute) continue;
      const lostHours = dLost[k]!;
      const need = Math.max(
        1,
        minWorkable === undefined
          ? Math.min(DEFAULT_MIN_WORKABLE_HOURS, Math.ceil(wh / 2))
          : Math.min(minWorkable, wh),
      );
      out.day[count] = d;
      out.workingHours[count] = wh;
      out.hoursLost[count] = lostHours;
      out.verdict[count] = lostHours === 0 ? VERDICT_NONE : dBest[k]! < need ? VERDICT_FULL : VERDICT_PARTIAL;
      count++;
    }
    out.count = count;
    return count;
  }

  /**
   * Sum over the `hours` hours ending with each hour. Missing hours make the sum a lower bound: it
   * can prove an upper limit is reached (NaN only when the whole window is missing), never that a
   * lower limit is (NaN as soon as one hour, or the window's start before the series, is missing).
   */
  private rollingSum(values: Float64Array, hours: number, upper: boolean, end: number): Float64Array {
    const out = this.sum;
    let s = 0;
    let missing = 0;
    for (let i = 0; i < end; i++) {
      const x = values[i]!;
      if (x === x) s += x;
      else missing++;
      if (i >= hours) {
        const y = values[i - hours]!;
        if (y === y) s -= y;
        else missing--;
      }
      const len = i + 1 < hours ? i + 1 : hours;
      if (upper) out[i] = missing === len ? NaN : s;
      else out[i] = missing > 0 || i + 1 < hours ? NaN : s;
    }
    return out;
  }
}

/** Clear runs of non-zero hours shorter than `min`. */
function dropShortRuns(mask: Uint8Array, end: number, min: number): void {
  let start = -1;
  for (let i = 0; i <= end; i++) {
    const on = i < end && mask[i] !== 0;
    if (on && start < 0) start = i;
    else if (!on && start >= 0) {
      if (i - start < min) mask.fill(0, start, i);
      start = -1;
    }
  }
}

/** Keep the rule on for `hold` hours after each run (marked 2: held, not met). */
function holdAfterRuns(mask: Uint8Array, end: number, hold: number): void {
  let left = 0;
  for (let i = 0; i < end; i++) {
    if (mask[i] === 1) left = hold;
    else if (left > 0) {
      mask[i] = 2;
      left--;
    }
  }
}

// ---------------------------------------------------------------------------------------------
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

  const judgedDays = new Map<number, number>();
  for (let k = 0; k < count; k++) judgedDays.set(sharedOut.day[k]!, k);
  const dayHours: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < tl.n; i++) {
    const k = judgedDays.get(tl.day[i]!);
    const m = tl.minute[i]!;
    if (k !== undefined && m >= compiled.startMinute && m < compiled.endMinute) dayHours[k]!.push(i);
  }

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
