import { judgeForecast, type DayJudgement, type JobsiteSchedule, type Verdict } from './engine';
import type { ForecastVariable, HourlyForecast } from './forecast';
import type { Rule } from './rule';

/**
 * Observed weather beside the forecast (issue 25 §1–3): what an official station and the reanalysis
 * at the point recorded for a decided day, and whether it bears the day's call out. Pure: the
 * adapters fetch, this file chooses stations and judges.
 */

export type ObservationStatus = 'confirmed' | 'not-confirmed' | 'pending' | 'unavailable';
export const OBSERVATION_STATUSES: readonly ObservationStatus[] = [
  'confirmed',
  'not-confirmed',
  'pending',
  'unavailable',
];

/** Where a series comes from, as the evidence names it ("KSEA, 4.2 mi away"). */
export interface ObservationSource {
  /** Short name shown beside each value: the station's name, or "Open-Meteo reanalysis". */
  name: string;
  kind: 'station' | 'reanalysis';
  /** The service that answered (`ncei`, `open-meteo-archive`): the collector asks each again by it. */
  service: string;
  /** The station's identifier (NCEI), absent for the reanalysis. */
  stationId?: string;
  /** From the jobsite to the station, or to the reanalysis grid point, in km (one decimal). */
  distanceKm: number;
  /** The credit the provider requires (NCEI: NOAA; Open-Meteo: CC BY 4.0). */
  attribution: string;
}

/** One source's hourly values over the local day, canonical metric units (as the forecast snapshot). */
export interface ObservedSeries {
  source: ObservationSource;
  /** UTC ISO starts of the hours. */
  hours: string[];
  values: Partial<Record<ForecastVariable, (number | null)[]>>;
}

/** What the fetch after a working day stored for it (one item per jobsite day). */
export interface DayObservation {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  series: ObservedSeries[];
  /** Every source answered with the whole working day: no further attempt is made. */
  complete: boolean;
  attempts: number;
  lastAttemptAt: string;
  /** Why the last attempt found nothing (a service unreachable); null when it answered. */
  lastError: string | null;
}

/** One rule of the day, forecast beside observed. */
export interface RuleComparison {
  id: string;
  label: string | null;
  /** Hours (local "HH:MM") and worst value the forecast showed for the rule; null: the forecast did not meet it. */
  forecast: { hours: string[]; peak: number } | null;
  /** The same over the observed series; null when observation did not meet the rule. */
  observed: { hours: string[]; peak: number; source: string } | null;
}

/** `observed` of `GET /api/jobsites/{id}/ledger/{date}`. */
export interface ObservedEvidence {
  status: ObservationStatus;
  sources: { name: string; distanceKm: number; kind: ObservationSource['kind']; attribution: string }[];
  /** The series the verdict was judged on (the nearest station's when it covers the day, else the reanalysis). */
  judgedOn: string | null;
  /** The observed day as the rule engine reads it; null until observation covers the working hours. */
  verdict: Verdict | null;
  rules: RuleComparison[];
  series: ObservedSeries[];
  attempts: number;
  lastAttemptAt: string | null;
  /** Why observation is unavailable (shown as is); null otherwise. */
  reason: string | null;
}

/** Days after the working day during which the fetch is tried again (the reanalysis arrives ~5 days late). */
export const OBSERVATION_RETRY_DAYS = 7;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export interface StationCandidate {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Stations farther than this say little about the weather at a jobsite; the reanalysis stands alone then. */
export const MAX_STATION_KM = 40;

/**
 * The nearest station to the point within `maxKm` (ties: the lower id, so the choice is stable), with
 * its distance; null when none is that close. Stations without usable coordinates are skipped.
 */
export function nearestStation(
  point: { latitude: number; longitude: number },
  stations: readonly StationCandidate[],
  maxKm = MAX_STATION_KM,
): (StationCandidate & { distanceKm: number }) | null {
  let best: (StationCandidate & { distanceKm: number }) | null = null;
  for (const s of stations) {
    if (!Number.isFinite(s.latitude) || !Number.isFinite(s.longitude)) continue;
    const d = distanceKm(point, s);
    if (d > maxKm) continue;
    if (!best || d < best.distanceKm || (d === best.distanceKm && s.id < best.id))
      best = { ...s, distanceKm: d };
  }
  return best ? { ...best, distanceKm: round1(best.distanceKm) } : null;
}

/** The series as the rule engine reads it (NaN where missing). */
export function seriesAsForecast(
  series: ObservedSeries,
  point: { latitude: number; longitude: number },
): HourlyForecast {
  const time = Float64Array.from(series.hours.map((h) => Date.parse(h)));
  const values: HourlyForecast['values'] = {};
  for (const [k, v] of Object.entries(series.values) as [ForecastVariable, (number | null)[]][])
    values[k] = Float64Array.from(v.map((x) => (x === null || x === undefined ? NaN : x)));
  return { latitude: point.latitude, longitude: point.longitude, time, values, source: 'open-meteo' };
}

/** Measurable precipitation (0.01 in): what "it rained" means when checking a rain-chance rule. */
export const MEASURABLE_PRECIPITATION_MM = 0.25;

/**
 * The rules as observation can check them. A chance of rain cannot be observed, only rain: a rule on
 * `precipitation_probability` is checked as measurable precipitation in the hour (same id). Rules
 * reading a variable the series lacks are left out (they can be neither met nor refuted).
 */
export function observableRules(rules: readonly Rule[], series: ObservedSeries): Rule[] {
  const has = (m: string) =>
    !isVariable(m) ||
    (series.values[m as ForecastVariable]?.some((v) => v !== null && v !== undefined) ?? false);
  return rules
    .filter((r) => r.kind !== 'reminder')
    .map((r): Rule => {
      if (r.metric !== 'precipitation_probability') {
        const { probabilityFloor: _floor, ...rest } = r;
        return rest;
      }
      return {
        id: r.id,
        metric: 'precipitation',
        op: '>=',
        threshold: MEASURABLE_PRECIPITATION_MM,
        label: r.label,
      };
    })
    .filter((r) => has(r.metric) && (!r.when || has(r.when.metric)) && !derivedLacking(r, has));
}

// The derived metrics need their inputs measured.
const DERIVED_INPUTS: Record<string, ForecastVariable[]> = {
  heat_index: ['temperature', 'relative_humidity'],
  wind_chill: ['temperature', 'wind_speed'],
  dew_point_spread: ['temperature', 'dew_point'],
  evaporation_rate: ['temperature', 'relative_humidity', 'wind_speed'],
};
const derivedLacking = (r: Rule, has: (m: string) => boolean) =>
  (DERIVED_INPUTS[r.metric] ?? []).some((m) => !has(m));

/**
 * The observed day judged by the same engine as the forecast, on the rules observation can check:
 * null when the series does not cover the day's working hours or can check none of the rules.
 */
export function judgeObserved(
  series: ObservedSeries,
  site: JobsiteSchedule & { rules: readonly Rule[]; latitude: number; longitude: number },
  date: string,
): DayJudgement | null {
  const rules = observableRules(site.rules, series);
  if (rules.length === 0 && site.rules.some((r) => r.kind !== 'reminder')) return null;
  const forecast = seriesAsForecast(series, site);
  const [day] = judgeForecast(forecast, { ...site, rules }, { from: date, days: 1 });
  return day && day.date === date ? day : null;
}

const VARIABLE_METRICS = new Set<string>([
  'temperature',
  'apparent_temperature',
  'dew_point',
  'relative_humidity',
  'precipitation',
  'precipitation_probability',
  'snowfall',
  'wind_speed',
  'wind_gusts',
  'weather_code',
  'visibility',
]);
const isVariable = (m: string) => VARIABLE_METRICS.has(m);

/**
 * The verdict on a decided day from observation:
 * - a day the forecast called off (partial or full) is **confirmed** when observed weather met at
 *   least one of the delay rules the forecast met that day, in working hours; **not confirmed** when
 *   it met none of them;
 * - a day the forecast let go ahead is confirmed when observation met no delay rule either;
 * - **pending** while no series covers the working day and the retry window lasts;
 * - **unavailable** when the window has passed without one, or the services could not be reached.
 */
export function observedEvidence(input: {
  date: string;
  site: JobsiteSchedule & { rules: readonly Rule[]; latitude: number; longitude: number };
  forecastVerdict: Verdict;
  forecastJudgement: DayJudgement | null;
  observation: DayObservation | null;
  /** Today at the jobsite, YYYY-MM-DD. */
  today: string;
}): ObservedEvidence {
  const obs = input.observation;
  const series = obs?.series ?? [];
  const judged = series
    .slice()
    .sort((a, b) =>
      a.source.kind === b.source.kind
        ? a.source.distanceKm - b.source.distanceKm
        : a.source.kind === 'station'
          ? -1
          : 1,
    )
    .map((s) => ({ s, day: judgeObserved(s, input.site, input.date) }))
    .find((x) => x.day !== null);
  const base = {
    sources: series.map((s) => ({
      name: s.source.name,
      distanceKm: s.source.distanceKm,
      kind: s.source.kind,
      attribution: s.source.attribution,
    })),
    series,
    attempts: obs?.attempts ?? 0,
    lastAttemptAt: obs?.lastAttemptAt ?? null,
  };
  const forecastRules = (input.forecastJudgement?.rules ?? []).filter((r) => r.kind === 'delay');
  if (!judged) {
    const windowOver = daysBetween(input.date, input.today) > OBSERVATION_RETRY_DAYS;
    const unreachable = obs?.lastError ?? null;
    const unavailable = windowOver || (unreachable !== null && series.length === 0);
    return {
      ...base,
      status: unavailable ? 'unavailable' : 'pending',
      judgedOn: null,
      verdict: null,
      rules: comparisons(input.site.rules, forecastRules, null, ''),
      reason: unavailable
        ? (unreachable ?? 'No observation covered the working day within the days it was sought')
        : null,
    };
  }
  const observedRules = judged.day!.rules.filter((r) => r.kind === 'delay');
  const met = new Set(observedRules.map((r) => r.id));
  const called = input.forecastVerdict !== 'none';
  const confirmed = called ? forecastRules.some((r) => met.has(r.id)) : observedRules.length === 0;
  return {
    ...base,
    status: confirmed ? 'confirmed' : 'not-confirmed',
    judgedOn: judged.s.source.name,
    verdict: judged.day!.verdict,
    rules: comparisons(input.site.rules, forecastRules, observedRules, judged.s.source.name),
    reason: null,
  };
}

function comparisons(
  rules: readonly Rule[],
  forecast: DayJudgement['rules'],
  observed: DayJudgement['rules'] | null,
  sourceName: string,
): RuleComparison[] {
  return rules
    .filter((r) => r.kind !== 'reminder')
    .map((rule) => {
      const f = forecast.find((x) => x.id === rule.id);
      const o = observed?.find((x) => x.id === rule.id);
      return {
        id: rule.id,
        label: rule.label ?? null,
        forecast: f ? { hours: f.hours, peak: f.peak } : null,
        observed: o ? { hours: o.hours, peak: o.peak, source: sourceName } : null,
      };
    });
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A series covers the working day when it has every hour of it: nothing more will come. */
export function coversDay(series: ObservedSeries, site: Parameters<typeof judgeObserved>[1], date: string) {
  return judgeObserved(series, site, date) !== null;
}

/** The share of called-off days that observation confirmed (null when none was judged yet). */
export function confirmedShare(statuses: readonly ObservationStatus[]): {
  confirmed: number;
  judged: number;
  share: number | null;
} {
  const judged = statuses.filter((s) => s === 'confirmed' || s === 'not-confirmed').length;
  const confirmed = statuses.filter((s) => s === 'confirmed').length;
  return { confirmed, judged, share: judged === 0 ? null : Math.round((confirmed / judged) * 1000) / 1000 };
}
