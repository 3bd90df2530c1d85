import type { ForecastVariable, HourlyForecast } from './forecast';
import type { Rule, RuleKind, RuleMetric, RuleOp } from './rule';
import { deriveAt, deriveSeries, isDerivedMetric, type DerivedMetric } from './derived';
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
  /** No hysteresis, run length, hold or window: each hour is judged on its own values. */
  stateless: boolean;
}

export interface CompiledSite {
  timezone: string;
  /** Bit w set when ISO weekday w is a working day. */
  dayMask: number;
  startMinute: number;
  endMinute: number;
  rules: CompiledRule[];
  /** Derived metrics the rules read over the whole series (a stateful rule reads them)… */
  derivedSeries: DerivedMetric[];
  /** …or only at working hours (only stateless rules read them). */
  derivedAtWork: DerivedMetric[];
  /**
   * Rule indices in evaluation order: stateless rules on forecast variables, then stateful rules,
   * then stateless rules on derived metrics, which the hot path evaluates (and derives) only at
   * working hours no earlier rule has already lost.
   */
  order: number[];
  /** Position in `order` where the stateless derived rules start. */
  derivedFrom: number;
  /** Hours past the last working hour the rules must see (minimum-duration runs). */
  lookahead: number;
}

/** Minute of the day of "HH:MM" (00:00–23:59); RangeError otherwise. */
function minuteOf(value: string): number {
  const h1 = value.charCodeAt(0) - 48;
  const h2 = value.charCodeAt(1) - 48;
  const m1 = value.charCodeAt(3) - 48;
  const m2 = value.charCodeAt(4) - 48;
  const h = h1 * 10 + h2;
  const m = m1 * 10 + m2;
  const digits = h1 >= 0 && h1 <= 9 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 9 && m2 >= 0 && m2 <= 9;
  if (value.length !== 5 || value.charCodeAt(2) !== 58 || !digits || h > 23 || m > 59) {
    throw new RangeError(`Not a HH:MM time: ${value}`);
  }
  return h * 60 + m;
}

export function compileRule(rule: Rule): CompiledRule {
  const threshold = rule.threshold;
  const op = rule.op;
  const clear = rule.clearThreshold;
  const minRun = rule.minDurationHours ?? 1;
  const hold = rule.holdHours ?? 0;
  const sumHours = rule.sumHours ?? 1;
  const sign = op === '>=' || op === '>' ? 1 : -1;
  const trigger = comparisonAt(op, threshold);
  const stay = clear === undefined ? trigger : Math.min(trigger, comparisonAt(op, clear));
  const w = rule.when;
  return {
    rule,
    metric: rule.metric,
    sign,
    trigger,
    stay,
    floor: rule.probabilityFloor ?? NaN,
    minRun,
    hold,
    sumHours,
    when: w
      ? {
          metric: w.metric,
          sign: w.op === '>=' || w.op === '>' ? 1 : -1,
          at: comparisonAt(w.op, w.threshold),
        }
      : null,
    reminder: rule.kind === 'reminder',
    stateless: stay === trigger && minRun === 1 && hold === 0 && sumHours === 1,
  };
}

/**
 * Every test becomes `sign × value >= at`, sign +1 for upper limits (>=, >) and −1 for lower ones,
 * with the tolerance folded into `at`: strict comparisons need the value beyond the tolerance.
 */
function comparisonAt(op: RuleOp, threshold: number): number {
  const tol = tolerance(threshold);
  switch (op) {
    case '>=':
      return threshold - tol;
    case '>':
      return threshold + tol;
    case '<=':
      return -(threshold + tol);
    case '<':
      return -(threshold - tol);
  }
}

function addDerived(
  series: DerivedMetric[],
  atWork: DerivedMetric[],
  metric: RuleMetric,
  stateless: boolean,
) {
  if (!isDerivedMetric(metric) || series.includes(metric)) return;
  const k = atWork.indexOf(metric);
  if (stateless) {
    if (k < 0) atWork.push(metric);
    return;
  }
  series.push(metric);
  if (k >= 0) atWork.splice(k, 1);
}

function readsDerived(r: CompiledRule): boolean {
  return isDerivedMetric(r.metric) || (r.when !== null && isDerivedMetric(r.when.metric));
}

export function compileSite(site: JobsiteRules): CompiledSite {
  let dayMask = 0;
  for (const d of site.workingDays) {
    if (Number.isInteger(d) && d >= 1 && d <= 7) dayMask |= 1 << d;
  }
  const rules: CompiledRule[] = [];
  for (const rule of site.rules) rules.push(compileRule(rule));
  const derivedSeries: DerivedMetric[] = [];
  const derivedAtWork: DerivedMetric[] = [];
  for (const r of rules) {
    addDerived(derivedSeries, derivedAtWork, r.metric, r.stateless);
    if (r.when) addDerived(derivedSeries, derivedAtWork, r.when.metric, r.stateless);
  }
  let lookahead = 0;
  for (const r of rules) if (r.minRun - 1 > lookahead) lookahead = r.minRun - 1;
  // Plain loops, no closures: compileSite runs once per jobsite on the dispatch path.
  const order: number[] = [];
  for (let k = 0; k < rules.length; k++) if (rules[k]!.stateless && !readsDerived(rules[k]!)) order.push(k);
  for (let k = 0; k < rules.length; k++) if (!rules[k]!.stateless) order.push(k);
  const derivedFrom = order.length;
  for (let k = 0; k < rules.length; k++) if (rules[k]!.stateless && readsDerived(rules[k]!)) order.push(k);
  return {
    timezone: site.timezone,
    dayMask,
    startMinute: minuteOf(site.workingHours.start),
    endMinute: minuteOf(site.workingHours.end),
    rules,
    derivedSeries,
    derivedAtWork,
    order,
    derivedFrom,
    lookahead,
  };
}

// ---------------------------------------------------------------------------------------------
// Work plans: which hours of a forecast are working hours of which judged day. They depend only on
// the time axis, the zone and the schedule, so they are cached with the timeline: jobsites sharing
// a zone and a schedule share one plan.

export interface WorkPlan {
  /** Local day numbers of the judged days (complete working days), ascending. */
  days: Int32Array;
  /** Hour indices of the judged days' working hours, grouped by day, ascending within a day. */
  hours: Int32Array;
  /** Day k's hours are hours[offsets[k]] … hours[offsets[k + 1] − 1]. */
  offsets: Int32Array;
  /** One past the last hour index in `hours` (0 when none). */
  end: number;
}

interface PlanEntry {
  fromDay: number;
  toDay: number;
  plan: WorkPlan;
}

const plans = new WeakMap<LocalTimeline, Map<number, PlanEntry[]>>();

function buildWorkPlan(tl: LocalTimeline, site: CompiledSite, fromDay: number, toDay: number): WorkPlan {
  const { dayMask, startMinute, endMinute } = site;
  const byDay = new Map<number, number[]>();
  if (dayMask !== 0 && endMinute > startMinute) {
    for (let i = 0; i < tl.n; i++) {
      const m = tl.minute[i]!;
      const d = tl.day[i]!;
      if (m < startMinute || m >= endMinute || d < fromDay || d >= toDay) continue;
      // ISO weekday of day number d (1970-01-01 was a Thursday) is ((d + 3) mod 7) + 1.
      if (((dayMask >> ((((d + 3) % 7) + 7) % 7)) & 2) === 0) continue;
      // Judge only days whose whole working window lies inside the forecast.
      if (tl.startLocalMinute > d * MINUTES_PER_DAY + startMinute) continue;
      if (tl.endLocalMinute < d * MINUTES_PER_DAY + endMinute) continue;
      let list = byDay.get(d);
      if (!list) byDay.set(d, (list = []));
      list.push(i);
    }
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const hours: number[] = [];
  const offsets = [0];
  for (const d of days) {
    hours.push(...byDay.get(d)!);
    offsets.push(hours.length);
  }
  return {
    days: Int32Array.from(days),
    hours: Int32Array.from(hours),
    offsets: Int32Array.from(offsets),
    end: hours.reduce((m, i) => Math.max(m, i + 1), 0),
  };
}

/** The cached work plan of a site's schedule over a timeline, for local days [fromDay, toDay). */
export function workPlan(tl: LocalTimeline, site: CompiledSite, fromDay: number, toDay: number): WorkPlan {
  let bySchedule = plans.get(tl);
  if (!bySchedule) {
    bySchedule = new Map();
    plans.set(tl, bySchedule);
  }
  // dayMask < 2^8, minutes < 2^11: one small integer key.
  const key = site.dayMask * 4194304 + site.startMinute * 2048 + site.endMinute;
  let entries = bySchedule.get(key);
  if (!entries) {
    entries = [];
    bySchedule.set(key, entries);
  }
  for (const e of entries) if (e.fromDay === fromDay && e.toDay === toDay) return e.plan;
  const plan = buildWorkPlan(tl, site, fromDay, toDay);
  if (entries.length >= 16) entries.length = 0;
  entries.push({ fromDay, toDay, plan });
  return plan;
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
  private pending = new Int32Array(0);
  private lost = new Uint8Array(0);
  private sum = new Float64Array(0);
  private nan = new Float64Array(0);
  private derivedBuf = new Map<DerivedMetric, Float64Array>();

  private ensure(n: number): void {
    if (n <= this.cap) return;
    const c = Math.max(n, 192);
    this.cap = c;
    this.mask = new Uint8Array(c);
    this.pending = new Int32Array(c);
    this.lost = new Uint8Array(c);
    this.sum = new Float64Array(c);
    this.nan = new Float64Array(c).fill(NaN);
    this.derivedBuf.clear();
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
    if (n === 0) return 0;
    const tl = opts.timeline ?? localTimeline(forecast.time, site.timezone);
    this.ensure(n);
    const plan = workPlan(tl, site, opts.fromDay ?? -2147483648, opts.toDay ?? 2147483647);
    const workIdx = plan.hours;
    const w = workIdx.length;
    if (w === 0) return 0;
    const end = Math.min(n, plan.end + site.lookahead);
    const lost = this.lost;
    for (let j = 0; j < w; j++) lost[workIdx[j]!] = 0;

    // 2. Derived series the rules read, into reused buffers: the whole series for stateful rules,
    //    working hours alone otherwise.
    const dopts = { concreteTemperature: opts.concreteTemperature };
    for (const metric of site.derivedSeries) deriveSeries(forecast, metric, dopts, end, this.derived(metric));
    if (sink)
      for (const metric of site.derivedAtWork)
        deriveSeries(forecast, metric, dopts, end, this.derived(metric));

    // 3. Each rule, and the hours it makes lost.
    const mask = this.mask;
    const prob = forecast.values.precipitation_probability;
    // Stateless rules look at `hours[0..h)`: all working hours, then only those not yet lost.
    let hours = workIdx;
    let h = w;
    const { order, derivedFrom } = site;
    for (let o = 0; o < order.length; o++) {
      const r = order[o]!;
      const cr = site.rules[r]!;
      if (o === derivedFrom && !sink) {
        const pending = this.pending;
        h = 0;
        for (let j = 0; j < w; j++) if (lost[workIdx[j]!] === 0) pending[h++] = workIdx[j]!;
        hours = pending;
        for (const metric of site.derivedAtWork)
          deriveAt(forecast, metric, dopts, pending, h, this.derived(metric));
      }
      if (cr.reminder && !sink) continue; // reminders never change the verdict
      let values = this.series(forecast, cr.metric);
      const { sign, trigger, stay } = cr;
      const floor = prob && !Number.isNaN(cr.floor) ? cr.floor : NaN;
      const hasFloor = !Number.isNaN(floor);
      const when = cr.when;
      const wv = when ? this.series(forecast, when.metric) : null;
      const wSign = when ? when.sign : 0;
      const wAt = when ? when.at : 0;

      if (cr.stateless && !sink) {
        // The common case: each working hour on its own values, straight into `lost`.
        if (!hasFloor && wv === null) {
          for (let j = 0; j < h; j++) {
            const i = hours[j]!;
            if (sign * values[i]! >= trigger) lost[i] = 1;
          }
        } else {
          for (let j = 0; j < h; j++) {
            const i = hours[j]!;
            if (
              sign * values[i]! >= trigger &&
              (!hasFloor || prob![i]! >= floor) &&
              (wv === null || wSign * wv[i]! >= wAt)
            ) {
              lost[i] = 1;
            }
          }
        }
        continue;
      }

      // Stateful rules follow the weather hour by hour: the friendly API (and rules with a hold or
      // a window) over the whole series up to `end`; the hot path day by day, jumping over a night
      // when some hour before the next working day switches the rule off for sure (its value fails
      // the stay threshold), which resets hysteresis and ends any run.
      if (cr.sumHours > 1) values = this.rollingSum(values, cr.sumHours, sign > 0, end);
      const minRun = cr.minRun;
      const full = sink !== undefined || cr.hold > 0 || cr.sumHours > 1;
      const segments = full ? 1 : plan.days.length;
      let i = 0;
      let on = false;
      let runStart = -1;
      for (let k = 0; k < segments; k++) {
        const first = full ? 0 : workIdx[plan.offsets[k]!]!;
        const last = full ? end - 1 : workIdx[plan.offsets[k + 1]! - 1]!;
        if (i < first) {
          let reset = first - 1;
          while (reset >= i && sign * values[reset]! >= stay) reset--;
          if (reset >= i) {
            i = reset + 1;
            on = false;
            runStart = -1;
          }
        }
        // Through the day's last working hour, then on while a run is too short to judge yet.
        for (; i <= last || (runStart >= 0 && i - runStart < minRun && i < end); i++) {
          on = sign * values[i]! >= (on ? stay : trigger);
          let counts = on;
          if (counts && hasFloor && !(prob![i]! >= floor)) counts = false;
          if (counts && wv !== null && !(wSign * wv[i]! >= wAt)) counts = false;
          if (counts) {
            mask[i] = 1;
            if (runStart < 0) runStart = i;
          } else {
            mask[i] = 0;
            if (runStart >= 0) {
              if (i - runStart < minRun) mask.fill(0, runStart, i);
              runStart = -1;
            }
          }
        }
      }
      if (runStart >= 0 && i - runStart < minRun) mask.fill(0, runStart, i);
      if (cr.hold > 0) holdAfterRuns(mask, end, cr.hold);
      if (!cr.reminder) {
        for (let j = 0; j < w; j++) {
          const i = workIdx[j]!;
          if (mask[i] !== 0) lost[i] = 1;
        }
      }
      if (sink) sink(r, mask, values, end);
    }

    // 4. Per day: working hours, hours lost, longest stretch of workable hours.
    const { days, offsets } = plan;
    out.ensure(days.length);
    const minWorkable = opts.minWorkableHours;
    for (let k = 0; k < days.length; k++) {
      const a = offsets[k]!;
      const b = offsets[k + 1]!;
      let lostHours = 0;
      let best = 0;
      let run = 0;
      let prev = -2;
      for (let j = a; j < b; j++) {
        const i = workIdx[j]!;
        if (lost[i] !== 0) {
          lostHours++;
          run = 0;
        } else {
          run = (prev === i - 1 ? run : 0) + 1;
          if (run > best) best = run;
        }
        prev = i;
      }
      const wh = b - a;
      const need = Math.max(
        1,
        minWorkable === undefined
          ? Math.min(DEFAULT_MIN_WORKABLE_HOURS, Math.ceil(wh / 2))
          : Math.min(minWorkable, wh),
      );
      out.day[k] = days[k]!;
      out.workingHours[k] = wh;
      out.hoursLost[k] = lostHours;
      out.verdict[k] = lostHours === 0 ? VERDICT_NONE : best < need ? VERDICT_FULL : VERDICT_PARTIAL;
    }
    out.count = days.length;
    return days.length;
  }

  private derived(metric: DerivedMetric): Float64Array {
    let buf = this.derivedBuf.get(metric);
    if (!buf) {
      buf = new Float64Array(this.cap);
      this.derivedBuf.set(metric, buf);
    }
    return buf;
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
