import {
  nearestStation,
  round1,
  type ObservedSeries,
  type StationCandidate,
} from '../../../shared/weather/observed';
import {
  ObservationUnreachableError,
  type ObservationRequest,
  type ObservationSource,
} from '../../core/observations/observations.ports';
import { requestWithRetry, resolvePolicy, type HttpDeps, type RetryPolicy } from '../weather/http-retry';
import { onLocalDate, utcDatesOf } from './local-day';
import { hourlyFromIsd } from './ncei-isd';

export const NCEI_URL = 'https://www.ncei.noaa.gov';
export const NCEI_ATTRIBUTION =
  'Station observations: NOAA National Centers for Environmental Information, Global Hourly (ISD)';

/** US land (states, Alaska, Hawaii, Puerto Rico) as boxes: where NCEI's US stations are worth asking. */
const US_BOXES: [number, number, number, number][] = [
  [24, 50, -125, -66],
  [51, 72, -170, -129],
  [18, 23, -161, -154],
  [17.8, 18.6, -67.3, -65.2],
];

/** Half the side of the box the station search covers, in degrees (~45 km north–south). */
const SEARCH_BOX_DEG = 0.4;

/**
 * NOAA NCEI's keyless services for US sites: the Search Service finds the Global Hourly (ISD) stations
 * reporting around the point on that day, the nearest within 40 km is chosen (shared/weather/observed.ts),
 * and the Access Data Service answers its reports, folded into hours (ncei-isd.ts).
 */
export class NceiStationSource implements ObservationSource {
  readonly name = 'ncei';
  private readonly policy: RetryPolicy;

  constructor(
    private readonly opts: { baseUrl?: string; retry?: Partial<RetryPolicy>; http?: HttpDeps } = {},
  ) {
    this.policy = resolvePolicy({ maxAttempts: 2, timeoutMs: 8_000, ...opts.retry });
  }

  covers(p: { latitude: number; longitude: number }): boolean {
    return US_BOXES.some(
      ([s, n, w, e]) => p.latitude >= s && p.latitude <= n && p.longitude >= w && p.longitude <= e,
    );
  }

  private get base() {
    return (this.opts.baseUrl ?? NCEI_URL).replace(/\/+$/, '');
  }

  private async getJson(url: string): Promise<unknown> {
    const outcome = await requestWithRetry(
      { url, headers: { accept: 'application/json' } },
      this.policy,
      this.opts.http,
    );
    if (!outcome.ok) throw new ObservationUnreachableError('NOAA NCEI', outcome.error);
    try {
      return JSON.parse(outcome.body) as unknown;
    } catch {
      throw new ObservationUnreachableError('NOAA NCEI', 'The answer is not JSON');
    }
  }

  async stationsAround(req: ObservationRequest): Promise<StationCandidate[]> {
    const { start, end } = utcDatesOf(req.date);
    const bbox = [
      req.latitude + SEARCH_BOX_DEG,
      req.longitude - SEARCH_BOX_DEG,
      req.latitude - SEARCH_BOX_DEG,
      req.longitude + SEARCH_BOX_DEG,
    ]
      .map((x) => x.toFixed(3))
      .join(',');
    const params = new URLSearchParams({
      dataset: 'global-hourly',
      bbox,
      startDate: `${start}T00:00:00`,
      endDate: `${end}T23:59:59`,
      limit: '100',
    });
    const json = await this.getJson(`${this.base}/access/services/search/v1/data?${params}`);
    return parseStationSearch(json);
  }

  async fetchDay(req: ObservationRequest): Promise<ObservedSeries | null> {
    const station = nearestStation(req, await this.stationsAround(req));
    if (!station) return null;
    const { start, end } = utcDatesOf(req.date);
    const params = new URLSearchParams({
      dataset: 'global-hourly',
      stations: station.id,
      startDate: `${start}T00:00:00Z`,
      endDate: `${end}T23:59:59Z`,
      format: 'json',
    });
    const json = await this.getJson(`${this.base}/access/services/data/v1?${params}`);
    if (!Array.isArray(json))
      throw new ObservationUnreachableError('NOAA NCEI', 'The data answer is not a list');
    const hourly = hourlyFromIsd(json);
    const keep = hourly.hours.flatMap((ms, i) => (onLocalDate(ms, req.date, req.timezone) ? [i] : []));
    if (keep.length === 0) return null;
    const values: ObservedSeries['values'] = {};
    for (const [k, v] of Object.entries(hourly.values))
      values[k as keyof ObservedSeries['values']] = keep.map((i) => v[i] ?? null);
    return {
      source: {
        name: station.name,
        kind: 'station',
        service: this.name,
        stationId: station.id,
        distanceKm: round1(station.distanceKm),
        attribution: NCEI_ATTRIBUTION,
      },
      hours: keep.map((i) => new Date(hourly.hours[i]!).toISOString()),
      values,
    };
  }
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Search Service's `results[]`: each with `stations[{ id, name }]` and a GeoJSON point `location`. */
export function parseStationSearch(json: unknown): StationCandidate[] {
  if (!isObj(json) || !Array.isArray(json.results))
    throw new ObservationUnreachableError('NOAA NCEI', 'The station search answer has no results');
  const out: StationCandidate[] = [];
  for (const r of json.results) {
    if (!isObj(r) || !Array.isArray(r.stations) || !isObj(r.location)) continue;
    const coords = r.location.coordinates;
    if (!Array.isArray(coords) || coords.length < 2) continue;
    const [longitude, latitude] = coords.map(Number) as [number, number];
    for (const s of r.stations) {
      if (!isObj(s) || typeof s.id !== 'string') continue;
      out.push({ id: s.id, name: typeof s.name === 'string' ? s.name : s.id, latitude, longitude });
    }
  }
  return out;
}
