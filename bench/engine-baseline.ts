// The naive baseline of bench/engine.ts: same semantics (for the rule features the bench uses), Intl per hour.
import { localClock, minuteOfDay } from '../shared/notice-slots';
import { heatIndex, windChill } from '../shared/weather/derived';
import type { JobsiteRules } from '../shared/weather/engine';
import type { ForecastVariable, HourlyForecast } from '../shared/weather/forecast';
import { dayOfDate } from '../shared/weather/local-time';
import { tolerance } from '../shared/weather/reasons';
import type { Rule } from '../shared/weather/rule';

function naiveValue(f: HourlyForecast, metric: string, i: number): number {
  const v = f.values;
  if (metric === 'heat_index') return heatIndex(v.temperature![i]!, v.relative_humidity![i]!);
  if (metric === 'wind_chill') return windChill(v.temperature![i]!, v.wind_speed![i]!);
  return v[metric as ForecastVariable]?.[i] ?? NaN;
}

function naiveMeets(op: Rule['op'], value: number, t: number): boolean {
  const tol = tolerance(t);
  if (op === '>=') return value >= t - tol;
  if (op === '>') return value > t + tol;
  if (op === '<=') return value <= t + tol;
  return value < t - tol;
}

export function naiveJudge(
  f: HourlyForecast,
  site: JobsiteRules,
  /** The judged window: `days` local days from `from` ("YYYY-MM-DD"), as the engine is asked. */
  window: { from: string; days: number },
): { date: string; verdict: number; lost: number }[] {
  const n = f.time.length;
  const clocks = Array.from(f.time, (t) => localClock(new Date(t), site.timezone));
  const lost = new Array<boolean>(n).fill(false);
  for (const rule of site.rules) {
    const on: boolean[] = [];
    let state = false;
    for (let i = 0; i < n; i++) {
      const value = naiveValue(f, rule.metric, i);
      const met = naiveMeets(rule.op, value, rule.threshold);
      const stays = rule.clearThreshold !== undefined && naiveMeets(rule.op, value, rule.clearThreshold);
      state = state ? met || stays : met;
      const p = f.values.precipitation_probability?.[i];
      on.push(
        state && (rule.probabilityFloor === undefined || p === undefined || p >= rule.probabilityFloor),
      );
    }
    const min = rule.minDurationHours ?? 1;
    for (let i = 0; i < n;) {
      if (!on[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < n && on[j]) j++;
      if (j - i >= min && rule.kind !== 'reminder') for (let k = i; k < j; k++) lost[k] = true;
      i = j;
    }
  }
  const start = minuteOfDay(site.workingHours.start);
  const end = minuteOfDay(site.workingHours.end);
  const from = dayOfDate(window.from);
  const days = new Map<string, { hours: number[] }>();
  clocks.forEach((c, i) => {
    const d = dayOfDate(c.date);
    if (d < from || d >= from + window.days) return;
    if (!site.workingDays.includes(c.isoWeekday) || c.minuteOfDay < start || c.minuteOfDay >= end) return;
    if (!days.has(c.date)) days.set(c.date, { hours: [] });
    days.get(c.date)!.hours.push(i);
  });
  const out: { date: string; verdict: number; lost: number }[] = [];
  for (const [date, { hours }] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    let lostHours = 0;
    let best = 0;
    let run = 0;
    hours.forEach((i, k) => {
      if (lost[i]) {
        lostHours++;
        run = 0;
      } else {
        run = (k > 0 && hours[k - 1] === i - 1 ? run : 0) + 1;
        best = Math.max(best, run);
      }
    });
    const need = Math.max(1, Math.min(4, Math.ceil(hours.length / 2)));
    out.push({ date, verdict: lostHours === 0 ? 0 : best < need ? 2 : 1, lost: lostHours });
  }
  return out;
}
