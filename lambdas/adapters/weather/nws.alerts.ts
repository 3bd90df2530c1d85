import { OfficialAlertsUnavailableError } from '../../core/weather/weather.errors';
import { areaGeometryOf } from '../../../shared/weather/point-in-area';
import type {
  AlertsSnapshot,
  AreaAlert,
  OfficialAlert,
  OfficialAlertsProvider,
} from '../../core/weather/weather.ports';
import { requestWithRetry, resolvePolicy, type HttpDeps, type RetryPolicy } from './http-retry';

/**
 * Official warnings from the US National Weather Service, asked once per run rather than once per
 * place: `GET /alerts/active?status=actual` answers every alert in force (GeoJSON, each with its
 * polygon when storm-based and its zones), and the run matches its grid cells locally. A cell's
 * zones come from `GET /points/{lat},{lon}` (forecast zone, county, fire zone), asked once per cell
 * and kept (they are stable), so a quiet re-run makes one call in all. The User-Agent NWS requires,
 * a timeout and the shared retry rules apply to both.
 *
 * Coverage: NWS warns for US states and territories only; a point outside generous boxes around them
 * is never asked about. A failure rejects with OfficialAlertsUnavailableError, never an empty list —
 * a dead source must not look like a quiet sky — and the failure is remembered for the snapshot's
 * lifetime so the rest of the run does not wait on it again.
 * Only `status: Actual` alerts are kept (no Test/Exercise/Draft) and cancellations are dropped.
 */

export const NWS_DEFAULT_URL = 'https://api.weather.gov';

export interface NwsAlertsOptions {
  baseUrl?: string;
  userAgent: string;
  retry?: Partial<RetryPolicy>;
  http?: HttpDeps;
  /** How long one fetch of every active alert (or its failure) serves the batches of a run. */
  snapshotMaxAgeMs?: number;
}

/** A run's batches finish within a few minutes; a fresh slot (15 minutes on) fetches anew. */
export const DEFAULT_SNAPSHOT_MAX_AGE_MS = 180_000;

/** [south, north, west, east] in degrees; generous on purpose. */
const US_COVERAGE: ReadonlyArray<readonly [number, number, number, number]> = [
  [24, 49.5, -125.5, -66.5], // contiguous states
  [51, 72, -180, -129], // Alaska
  [51, 55, 172, 180], // the western Aleutians
  [18.5, 22.5, -161, -154], // Hawaii
  [17.5, 18.7, -68, -64.3], // Puerto Rico, US Virgin Islands
  [13, 21, 144, 146.5], // Guam, Northern Mariana Islands
  [-14.8, -10.8, -171.2, -168], // American Samoa
];

export function isNwsCovered(latitude: number, longitude: number): boolean {
  return US_COVERAGE.some(
    ([s, n, w, e]) => latitude >= s && latitude <= n && longitude >= w && longitude <= e,
  );
}

export class NwsAlertsProvider implements OfficialAlertsProvider {
  readonly name = 'nws' as const;
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly maxAgeMs: number;
  private counters = { upstreamCalls: 0, failures: 0 };
  private snapshot: { at: number; answer: Promise<AlertsSnapshot> } | null = null;
  private readonly zonesByPoint = new Map<string, Promise<string[]>>();

  constructor(private readonly options: NwsAlertsOptions) {
    if (!options.userAgent.trim()) throw new RangeError('NWS requires a User-Agent');
    this.baseUrl = (options.baseUrl ?? NWS_DEFAULT_URL).replace(/\/+$/, '');
    this.policy = resolvePolicy(options.retry);
    this.maxAgeMs = options.snapshotMaxAgeMs ?? DEFAULT_SNAPSHOT_MAX_AGE_MS;
  }

  stats() {
    return { ...this.counters };
  }

  covers(point: { latitude: number; longitude: number }): boolean {
    const { latitude, longitude } = point;
    return Number.isFinite(latitude) && Number.isFinite(longitude) && isNwsCovered(latitude, longitude);
  }

  allActive(): Promise<AlertsSnapshot> {
    const now = (this.options.http?.now ?? Date.now)();
    if (this.snapshot && now - this.snapshot.at < this.maxAgeMs) {
      return this.snapshot.answer.catch((err: unknown) => {
        throw err instanceof OfficialAlertsUnavailableError
          ? new OfficialAlertsUnavailableError(err.message, err.status, true)
          : err;
      });
    }
    const answer = this.fetchAllActive(now);
    this.snapshot = { at: now, answer };
    return answer;
  }

  private async fetchAllActive(now: number): Promise<AlertsSnapshot> {
    const body = await this.get(`${this.baseUrl}/alerts/active?status=actual`, 'every active alert');
    try {
      return { alerts: parseNwsAlerts(JSON.parse(body)), fetchedAt: new Date(now).toISOString() };
    } catch (err) {
      this.counters.failures += 1;
      const detail = err instanceof Error ? err.message : String(err);
      throw new OfficialAlertsUnavailableError(`NWS alerts: unreadable answer (${detail})`, 200);
    }
  }

  zonesAt(point: { latitude: number; longitude: number }): Promise<string[]> {
    if (!this.covers(point)) return Promise.resolve([]);
    // NWS accepts at most 4 decimals in a point.
    const where = `${Number(point.latitude.toFixed(4))},${Number(point.longitude.toFixed(4))}`;
    let zones = this.zonesByPoint.get(where);
    if (!zones) {
      zones = this.fetchZones(where);
      // A failure is not kept: the next run asks again.
      zones.catch(() => this.zonesByPoint.delete(where));
      this.zonesByPoint.set(where, zones);
    }
    return zones;
  }

  private async fetchZones(where: string): Promise<string[]> {
    const body = await this.get(`${this.baseUrl}/points/${where}`, `the zones at ${where}`, true);
    if (body === null) return [];
    try {
      const p = (JSON.parse(body) as { properties?: Record<string, unknown> }).properties ?? {};
      return [p.forecastZone, p.county, p.fireWeatherZone].map(zoneIdOf).filter((z): z is string => !!z);
    } catch (err) {
      this.counters.failures += 1;
      const detail = err instanceof Error ? err.message : String(err);
      throw new OfficialAlertsUnavailableError(`NWS points ${where}: unreadable answer (${detail})`, 200);
    }
  }

  /** The body of a GET; null for "not a place we cover" when `uncoveredIsNull` (404, or a 400 about the point). */
  private async get(url: string, what: string): Promise<string>;
  private async get(url: string, what: string, uncoveredIsNull: true): Promise<string | null>;
  private async get(url: string, what: string, uncoveredIsNull = false): Promise<string | null> {
    const outcome = await requestWithRetry(
      { url, headers: { 'user-agent': this.options.userAgent, accept: 'application/geo+json' } },
      this.policy,
      this.options.http,
      { onAttempt: () => (this.counters.upstreamCalls += 1) },
    );
    if (outcome.ok) return outcome.body;
    if (
      uncoveredIsNull &&
      (outcome.status === 404 || (outcome.status === 400 && isPointRefusal(outcome.body)))
    )
      return null;
    this.counters.failures += 1;
    throw new OfficialAlertsUnavailableError(`NWS ${what}: ${outcome.error}`, outcome.status);
  }
}

/** `https://api.weather.gov/zones/forecast/WAZ558` → `WAZ558`. */
function zoneIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.slice(value.lastIndexOf('/') + 1).trim();
  return /^[A-Z]{2}[CZ]\d{3}$/.test(id) ? id : null;
}

/** A 400 problem document that names only the `point` parameter: NWS saying "not a place we cover". */
function isPointRefusal(body: string | undefined): boolean {
  if (!body) return false;
  try {
    const problem = JSON.parse(body) as { parameterErrors?: Array<{ parameter?: string }>; detail?: string };
    const params = problem.parameterErrors?.map((p) => p.parameter ?? '') ?? [];
    if (params.length > 0) return params.every((p) => /(^|\.)point$/.test(p));
    return /\bpoint\b/i.test(problem.detail ?? '');
  } catch {
    return false;
  }
}

const SEVERITIES = new Set<OfficialAlert['severity']>(['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown']);

/** NWS alerts GeoJSON (FeatureCollection) → AreaAlert[]; throws for anything that is not one. */
export function parseNwsAlerts(json: unknown): AreaAlert[] {
  const collection = json as { type?: unknown; features?: unknown };
  if (!collection || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new Error('not a GeoJSON FeatureCollection of alerts');
  }
  const alerts: AreaAlert[] = [];
  for (const feature of collection.features as Array<{
    id?: unknown;
    geometry?: unknown;
    properties?: Record<string, unknown>;
  }>) {
    const p = feature?.properties;
    if (!p) continue;
    if (p.status !== undefined && p.status !== 'Actual') continue;
    if (p.messageType === 'Cancel') continue;
    const id = str(p.id) ?? str(feature.id);
    const event = str(p.event);
    if (!id || !event) continue;
    const severity = str(p.severity) as OfficialAlert['severity'] | null;
    alerts.push({
      id,
      event,
      severity: severity && SEVERITIES.has(severity) ? severity : 'Unknown',
      headline: str(p.headline),
      onset: utcIso(p.onset) ?? utcIso(p.effective),
      ends: utcIso(p.ends) ?? utcIso(p.expires),
      areaDesc: str(p.areaDesc) ?? '',
      geometry: areaGeometryOf(feature.geometry),
      zones: zonesOf(p),
    });
  }
  return alerts;
}

/** The alert's zones: its UGC codes and the ids at the end of its `affectedZones` links, once each. */
function zonesOf(p: Record<string, unknown>): string[] {
  const ugc = (p.geocode as { UGC?: unknown } | undefined)?.UGC;
  const listed = [
    ...(Array.isArray(ugc) ? ugc : []),
    ...(Array.isArray(p.affectedZones) ? p.affectedZones : []),
  ];
  return [...new Set(listed.map(zoneIdOf).filter((z): z is string => !!z))];
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

function utcIso(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
