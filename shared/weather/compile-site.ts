import type { DerivedMetric } from './derived';
import { isDerivedMetric } from './derived';
import type { JobsiteRules } from './judgement';
import { MINUTES_PER_DAY } from './local-time';
import { tolerance } from './reasons';
import type { Rule, RuleMetric, RuleOp } from './rule';

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
  /**
   * End of the working window, 1..1440. At or before `startMinute` the window crosses midnight (a
   * night shift): its hours after midnight belong to the day the shift starts.
   */
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

/**
 * Minute of the day of "HH:MM" (00:00–23:59; "24:00" = 1440 where `end` allows it, the end of a
 * window that runs to midnight); RangeError otherwise.
 */
function minuteOf(value: string, end = false): number {
  const h1 = value.charCodeAt(0) - 48;
  const h2 = value.charCodeAt(1) - 48;
  const m1 = value.charCodeAt(3) - 48;
  const m2 = value.charCodeAt(4) - 48;
  const h = h1 * 10 + h2;
  const m = m1 * 10 + m2;
  const digits = h1 >= 0 && h1 <= 9 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 9 && m2 >= 0 && m2 <= 9;
  if (end && value === '24:00') return MINUTES_PER_DAY;
  if (value.length !== 5 || value.charCodeAt(2) !== 58 || !digits || h > 23 || m > 59) {
    throw new RangeError(`Not a HH:MM time: ${value}`);
  }
  return h * 60 + m;
}

/**
 * A working window in minutes from the shift day's midnight: `end` past 1440 when the window crosses
 * midnight (22:00–06:00 is 1320–1800). An empty window (end == start) has end == start.
 */
export function workingWindow(hours: { start: string; end: string }): { start: number; end: number } {
  const start = minuteOf(hours.start);
  const end = minuteOf(hours.end, true);
  return { start, end: end < start ? end + MINUTES_PER_DAY : end };
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
    endMinute: minuteOf(site.workingHours.end, true),
    rules,
    derivedSeries,
    derivedAtWork,
    order,
    derivedFrom,
    lookahead,
  };
}
