import { OpenMeteoResponseError, parseOpenMeteoText } from '../../../shared/weather/open-meteo-response';
import { distanceKm, round1, type ObservedSeries } from '../../../shared/weather/observed';
import type { ForecastVariable } from '../../../shared/weather/forecast';
import {
  ObservationUnreachableError,
  type ObservationRequest,
  type ObservationSource,
} from '../../core/observations/observations.ports';
import { requestWithRetry, resolvePolicy, type HttpDeps, type RetryPolicy } from '../weather/http-retry';
import { onLocalDate, utcDatesOf } from './local-day';

export const OPEN_METEO_ARCHIVE_URL = 'https://archive-api.open-meteo.com';
export const OPEN_METEO_CUSTOMER_ARCHIVE_URL = 'https://customer-archive-api.open-meteo.com';
export const OPEN_METEO_ATTRIBUTION =
  'Weather data by Open-Meteo.com (CC BY 4.0), ERA5/ERA5-Land reanalysis by Copernicus';

/** What a reanalysis can tell: measured-like quantities only (no probability: it happened or not). */
const ARCHIVE_HOURLY = [
  'temperature_2m',
  'relative_humidity_2m',
  'dew_point_2m',
  'apparent_temperature',
  'precipitation',
  'snowfall',
  'weather_code',
  'wind_speed_10m',
  'wind_gusts_10m',
] as const;

/**
 * Open-Meteo's historical weather API (`/v1/archive`): the reanalysis at the point, everywhere. Asked
 * in GMT and unixtime (the forecast adapter's reasons: one fixed offset breaks across DST), metric,
 * for the UTC dates around the local day, then cut to that day's hours. The reanalysis lags by days:
 * hours not published yet come back null, and the collector asks again later.
 */
export class OpenMeteoArchiveSource implements ObservationSource {
  readonly name = 'open-meteo-archive';
  private readonly policy: RetryPolicy;

  constructor(
    private readonly opts: {
      baseUrl?: string;
      apiKey?: string;
      retry?: Partial<RetryPolicy>;
      http?: HttpDeps;
    } = {},
  ) {
    this.policy = resolvePolicy({ maxAttempts: 2, timeoutMs: 8_000, ...opts.retry });
  }

  covers(): boolean {
    return true;
  }

  async fetchDay(req: ObservationRequest): Promise<ObservedSeries | null> {
    const base = (
      this.opts.baseUrl ?? (this.opts.apiKey ? OPEN_METEO_CUSTOMER_ARCHIVE_URL : OPEN_METEO_ARCHIVE_URL)
    ).replace(/\/+$/, '');
    const { start, end } = utcDatesOf(req.date);
    const params = new URLSearchParams({
      latitude: req.latitude.toFixed(4),
      longitude: req.longitude.toFixed(4),
      start_date: start,
      end_date: end,
      hourly: ARCHIVE_HOURLY.join(','),
      timezone: 'GMT',
      timeformat: 'unixtime',
      wind_speed_unit: 'kmh',
      temperature_unit: 'celsius',
      precipitation_unit: 'mm',
    });
    if (this.opts.apiKey) params.set('apikey', this.opts.apiKey);
    const outcome = await requestWithRetry(
      { url: `${base}/v1/archive?${params}` },
      this.policy,
      this.opts.http,
    );
    if (!outcome.ok) {
      // A 400 "out of allowed range" means the day is not published yet: nothing, not a failure.
      if (outcome.status === 400 && /range/i.test(outcome.body ?? '')) return null;
      throw new ObservationUnreachableError('Open-Meteo archive', outcome.error);
    }
    let parsed;
    try {
      [parsed] = parseOpenMeteoText(outcome.body);
    } catch (err) {
      if (err instanceof OpenMeteoResponseError)
        throw new ObservationUnreachableError('Open-Meteo archive', err.message);
      throw err;
    }
    if (!parsed) return null;
    const keep: number[] = [];
    parsed.time.forEach((ms, i) => {
      if (onLocalDate(ms, req.date, req.timezone)) keep.push(i);
    });
    const values: ObservedSeries['values'] = {};
    let any = false;
    for (const [k, arr] of Object.entries(parsed.values) as [ForecastVariable, Float64Array][]) {
      const v = keep.map((i) => (Number.isNaN(arr[i]!) ? null : arr[i]!));
      if (v.some((x) => x !== null)) any = true;
      values[k] = v;
    }
    if (!any) return null;
    return {
      source: {
        name: 'Open-Meteo reanalysis',
        kind: 'reanalysis',
        service: this.name,
        distanceKm: round1(distanceKm(req, parsed)),
        attribution: OPEN_METEO_ATTRIBUTION,
      },
      hours: keep.map((i) => new Date(parsed.time[i]!).toISOString()),
      values,
    };
  }
}
