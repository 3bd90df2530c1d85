import type { HourlyForecast } from '../../../shared/weather/forecast';
import {
  OpenMeteoResponseError,
  openMeteoErrorReason,
  parseOpenMeteoEach,
} from '../../../shared/weather/open-meteo-response';
import { OPEN_METEO_HOURLY_REQUEST } from '../../../shared/weather/open-meteo-variables';
import { checkForecastOptions, locationProblem } from '../../core/weather/forecast-input';
import { emptyProviderStats } from '../../core/weather/provider-stats';
import type {
  ForecastLocation,
  ForecastOptions,
  ForecastResult,
  WeatherProvider,
  WeatherProviderStats,
} from '../../core/weather/weather.ports';
import {
  requestWithRetry,
  resolvePolicy,
  type HttpDeps,
  type HttpOutcome,
  type RetryPolicy,
} from './http-retry';

/**
 * Open-Meteo's forecast API behind the WeatherProvider port.
 *
 * Request: `timezone=GMT` and `timeformat=unixtime` (hours are true UTC; Open-Meteo's local-time
 * series use one fixed offset and break across DST), metric units, our hourly variables,
 * `forecast_days`. Up to `maxLocationsPerCall` (1,000, Open-Meteo's limit) locations per request as
 * comma-separated `latitude`/`longitude`; when the URL would be longer than `maxGetUrlLength` the
 * same parameters go in a POST form body (Open-Meteo accepts both). Coordinates are sent with 4
 * decimals (11 m) and identical ones are sent once; every location asking for them gets the result.
 * With an API key the customer host and `apikey` are used (the free host is non-commercial only).
 *
 * Partial failures, decided:
 * - An invalid coordinate is reported for that location and never sent.
 * - A retryable failure (5xx, 408, 429, timeout) that outlasts the retries fails the locations of
 *   that request only; other requests of the run still go. The request is NOT split: splitting
 *   would multiply the load on a service that is already struggling.
 * - A 400 on a multi-location request is split in two halves to find the location at fault: when
 *   one half succeeds, the other is split again (one bad location among n costs ~2·log2(n) extra
 *   calls); when both halves fail, the error belongs to the request, not a location, and every
 *   location of it gets it (2 extra calls). Other 4xx (401, 403, 404) fail fast, unsplit.
 * - A location whose part of a 200 answer cannot be read fails alone; a wrong number of locations
 *   in the answer fails the request's locations (they cannot be matched safely).
 */

export const OPEN_METEO_PUBLIC_URL = 'https://api.open-meteo.com';
export const OPEN_METEO_CUSTOMER_URL = 'https://customer-api.open-meteo.com';
export const OPEN_METEO_MAX_LOCATIONS = 1000;

export interface OpenMeteoProviderOptions {
  /** Scheme and host (a path prefix is kept; `/v1/forecast` is added unless already there). */
  baseUrl?: string;
  apiKey?: string;
  retry?: Partial<RetryPolicy>;
  maxLocationsPerCall?: number;
  /** Longer URLs are sent as POST form bodies instead. */
  maxGetUrlLength?: number;
  userAgent?: string;
  http?: HttpDeps;
}

/** The hours asked for: `days` from 00:00 UTC today, and `pastDays` before it. */
type Span = Pick<ForecastOptions, 'days' | 'pastDays'>;

interface Point {
  latitude: string;
  longitude: string;
  /** Indices of the requested locations that share this coordinate. */
  indices: number[];
}

type PointResult = { ok: true; forecast: HourlyForecast } | { ok: false; error: string; status?: number };

type CallOutcome =
  { ok: true; results: PointResult[] } | { ok: false; error: string; status?: number; splittable: boolean };

export class OpenMeteoProvider implements WeatherProvider {
  readonly name = 'open-meteo' as const;
  private readonly endpoint: string;
  private readonly policy: RetryPolicy;
  private readonly maxPerCall: number;
  private readonly maxGetUrlLength: number;
  private counters: WeatherProviderStats = emptyProviderStats();

  constructor(private readonly options: OpenMeteoProviderOptions = {}) {
    const base = (
      options.baseUrl ?? (options.apiKey ? OPEN_METEO_CUSTOMER_URL : OPEN_METEO_PUBLIC_URL)
    ).replace(/\/+$/, '');
    this.endpoint = base.endsWith('/v1/forecast') ? base : `${base}/v1/forecast`;
    this.policy = resolvePolicy(options.retry);
    this.maxPerCall = options.maxLocationsPerCall ?? OPEN_METEO_MAX_LOCATIONS;
    if (
      !Number.isInteger(this.maxPerCall) ||
      this.maxPerCall < 1 ||
      this.maxPerCall > OPEN_METEO_MAX_LOCATIONS
    ) {
      throw new RangeError(`maxLocationsPerCall must be 1 to ${OPEN_METEO_MAX_LOCATIONS}`);
    }
    this.maxGetUrlLength = options.maxGetUrlLength ?? 2000;
  }

  stats(): WeatherProviderStats {
    return { ...this.counters };
  }

  resetStats(): void {
    this.counters = emptyProviderStats();
  }

  async forecast(locations: ForecastLocation[], opts: ForecastOptions): Promise<ForecastResult[]> {
    checkForecastOptions(opts);
    const results: ForecastResult[] = new Array(locations.length);
    const points = new Map<string, Point>();
    locations.forEach((location, index) => {
      const problem = locationProblem(location);
      if (problem) {
        results[index] = { key: location.key, ok: false, error: problem };
        return;
      }
      const latitude = formatCoordinate(location.latitude);
      const longitude = formatCoordinate(location.longitude);
      const id = `${latitude},${longitude}`;
      const point = points.get(id);
      if (point) point.indices.push(index);
      else points.set(id, { latitude, longitude, indices: [index] });
    });

    const unique = [...points.values()];
    for (let start = 0; start < unique.length; start += this.maxPerCall) {
      const chunk = unique.slice(start, start + this.maxPerCall);
      const outcomes = await this.fetchPoints(chunk, opts);
      chunk.forEach((point, i) => {
        const outcome = outcomes[i]!;
        for (const index of point.indices) {
          const key = locations[index]!.key;
          results[index] = outcome.ok
            ? { key, ok: true, forecast: outcome.forecast }
            : { key, ok: false, error: outcome.error, ...(outcome.status ? { status: outcome.status } : {}) };
        }
      });
    }
    this.counters.failures += results.filter((r) => !r.ok).length;
    return results;
  }

  /** One request for the points; on a 400, isolate the location(s) at fault (see the file comment). */
  private async fetchPoints(points: Point[], span: Span): Promise<PointResult[]> {
    const outcome = await this.call(points, span);
    if (outcome.ok) return outcome.results;
    if (outcome.splittable && points.length > 1) return this.isolate(points, span, outcome);
    return points.map(() => failure(outcome));
  }

  private async isolate(
    points: Point[],
    span: Span,
    known: Extract<CallOutcome, { ok: false }>,
  ): Promise<PointResult[]> {
    if (points.length === 1) return [failure(known)];
    const mid = Math.ceil(points.length / 2);
    const halves = [points.slice(0, mid), points.slice(mid)];
    const outcomes: CallOutcome[] = [];
    for (const half of halves) outcomes.push(await this.call(half, span));
    if (outcomes.every((o) => !o.ok)) return points.map(() => failure(known));
    const out: PointResult[] = [];
    for (let h = 0; h < 2; h++) {
      const o = outcomes[h]!;
      const half = halves[h]!;
      if (o.ok) out.push(...o.results);
      else if (o.splittable) out.push(...(await this.isolate(half, span, o)));
      else out.push(...half.map(() => failure(o)));
    }
    return out;
  }

  private async call(points: Point[], span: Span): Promise<CallOutcome> {
    const params = new URLSearchParams({
      latitude: points.map((p) => p.latitude).join(','),
      longitude: points.map((p) => p.longitude).join(','),
      hourly: OPEN_METEO_HOURLY_REQUEST.join(','),
      forecast_days: String(span.days),
      ...(span.pastDays ? { past_days: String(span.pastDays) } : {}),
      timezone: 'GMT',
      timeformat: 'unixtime',
      temperature_unit: 'celsius',
      wind_speed_unit: 'kmh',
      precipitation_unit: 'mm',
    });
    if (this.options.apiKey) params.set('apikey', this.options.apiKey);
    const query = params.toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    const getUrl = `${this.endpoint}?${query}`;
    const usePost = getUrl.length > this.maxGetUrlLength;
    if (usePost) headers['content-type'] = 'application/x-www-form-urlencoded';

    const http: HttpOutcome = await requestWithRetry(
      usePost ? { url: this.endpoint, method: 'POST', headers, body: query } : { url: getUrl, headers },
      this.policy,
      this.options.http,
      {
        onAttempt: (attempt) => {
          this.counters.upstreamCalls += 1;
          this.counters.upstreamLocations += points.length;
          if (attempt > 1) this.counters.retries += 1;
        },
      },
    );
    if (!http.ok) {
      const reason = errorReason(http.body);
      return {
        ok: false,
        status: http.status,
        error: `Open-Meteo ${http.error}${reason ? `: ${reason}` : ''}`,
        splittable: http.status === 400,
      };
    }
    return this.read(http.body, points.length);
  }

  private read(body: string, expected: number): CallOutcome {
    let parsed: Array<HourlyForecast | OpenMeteoResponseError>;
    try {
      parsed = parseOpenMeteoEach(JSON.parse(body));
    } catch (err) {
      const detail = err instanceof OpenMeteoResponseError ? err.message : 'the response is not valid JSON';
      return { ok: false, error: `Open-Meteo answered 200 but ${lowerFirst(detail)}`, splittable: false };
    }
    if (parsed.length !== expected) {
      return {
        ok: false,
        error: `Open-Meteo answered ${parsed.length} locations for ${expected} requested`,
        splittable: false,
      };
    }
    return {
      ok: true,
      results: parsed.map((r) =>
        r instanceof OpenMeteoResponseError ? { ok: false, error: r.message } : { ok: true, forecast: r },
      ),
    };
  }
}

function failure(o: { error: string; status?: number }): PointResult {
  return { ok: false, error: o.error, ...(o.status ? { status: o.status } : {}) };
}

/** At most 4 decimals (11 m), no trailing zeros, no "-0". */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(4)) + 0);
}

function errorReason(body: string | undefined): string | null {
  if (!body) return null;
  try {
    return openMeteoErrorReason(JSON.parse(body));
  } catch {
    return null;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
