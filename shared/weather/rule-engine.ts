import type { CompiledSite } from './compile-site';
import { deriveAt, deriveSeries, isDerivedMetric, type DerivedMetric } from './derived';
import type { ForecastVariable, HourlyForecast } from './forecast';
import { DEFAULT_MIN_WORKABLE_HOURS, VERDICT_FULL, VERDICT_NONE, VERDICT_PARTIAL } from './judgement';
import { localTimeline, type LocalTimeline } from './local-time';
import type { RuleMetric } from './rule';
import { workPlan } from './work-plan';

// The hot path: preallocated buffers, typed arrays, no allocation per hour.

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
