import type { ForecastVariable, HourlyForecast } from '../../../shared/weather/forecast';
import type { JobsiteRules } from '../../../shared/weather/engine';
import type { Rule } from '../../../shared/weather/rule';

export const HOUR = 3_600_000;

/** Benign weather: no rule of any preset meets it. */
export const CALM: Record<ForecastVariable, number> = {
  temperature: 20,
  apparent_temperature: 20,
  dew_point: 9,
  relative_humidity: 50,
  precipitation: 0,
  precipitation_probability: 0,
  snowfall: 0,
  wind_speed: 5,
  wind_gusts: 10,
  weather_code: 1,
  visibility: 20000,
};

/** An hourly forecast of `hours` hours from `startIso` (UTC), every variable constant at `values`. */
export function forecast(
  startIso: string,
  hours: number,
  values: Partial<Record<ForecastVariable, number>> = CALM,
): HourlyForecast {
  const t0 = Date.parse(startIso);
  const time = new Float64Array(hours);
  for (let i = 0; i < hours; i++) time[i] = t0 + i * HOUR;
  const series: Partial<Record<ForecastVariable, Float64Array>> = {};
  for (const [k, v] of Object.entries(values))
    series[k as ForecastVariable] = new Float64Array(hours).fill(v);
  return { latitude: 43.65, longitude: -79.38, time, values: series, source: 'simulated' };
}

/** Set `variable` to `value` for the hours starting at the given UTC instants (ISO). */
export function setAt(
  f: HourlyForecast,
  variable: ForecastVariable,
  value: number,
  ...instants: string[]
): void {
  const s = (f.values[variable] ??= new Float64Array(f.time.length).fill(NaN));
  for (const iso of instants) {
    const i = (Date.parse(iso) - f.time[0]!) / HOUR;
    if (!Number.isInteger(i) || i < 0 || i >= s.length)
      throw new Error(`${iso} is not an hour of the forecast`);
    s[i] = value;
  }
}

/** Set `variable` to `value` for every hour whose UTC start is in [fromIso, toIso). */
export function setRange(
  f: HourlyForecast,
  variable: ForecastVariable,
  value: number,
  fromIso: string,
  toIso: string,
): void {
  const s = (f.values[variable] ??= new Float64Array(f.time.length).fill(NaN));
  const a = Date.parse(fromIso);
  const b = Date.parse(toIso);
  for (let i = 0; i < s.length; i++) if (f.time[i]! >= a && f.time[i]! < b) s[i] = value;
}

export function site(rules: Rule[], overrides: Partial<JobsiteRules> = {}): JobsiteRules {
  return {
    timezone: 'UTC',
    workingDays: [1, 2, 3, 4, 5],
    workingHours: { start: '07:00', end: '17:00' },
    rules,
    ...overrides,
  };
}

/** A rule from its four defining fields; the optional ones (label, window, condition…) in `extra`. */
export function rule(
  id: string,
  metric: Rule['metric'],
  op: Rule['op'],
  threshold: number,
  extra: Partial<Rule> = {},
): Rule {
  return { id, metric, op, threshold, ...extra };
}

export function gustRule(extra: Partial<Rule> = {}): Rule {
  return { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 50, label: 'the crane limit', ...extra };
}
