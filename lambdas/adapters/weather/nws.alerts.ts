import { OfficialAlertsUnavailableError } from '../../core/weather/weather.errors';
import type { OfficialAlert, OfficialAlertsProvider } from '../../core/weather/weather.ports';
import { requestWithRetry, resolvePolicy, type HttpDeps, type RetryPolicy } from './http-retry';

/**
 * Official warnings from the US National Weather Service: `GET /alerts/active?point=lat,lon`
 * (GeoJSON), with the User-Agent NWS requires, a timeout and the shared retry rules.
 *
 * Coverage: NWS warns for US states and territories only. A point outside generous boxes around
 * them answers [] with no call. Inside the boxes (they include border strips of Canada and Mexico),
 * NWS answers an empty collection, a 404, or a 400 about the `point` parameter for places it does
 * not cover; all three read as "no alerts". Any other failure rejects with
 * OfficialAlertsUnavailableError, never [] — a dead source must not look like a quiet sky.
 * Only `status: Actual` alerts are kept (no Test/Exercise/Draft) and cancellations are dropped.
 */

export const NWS_DEFAULT_URL = 'https://api.weather.gov';

export interface NwsAlertsOptions {
  baseUrl?: string;
  userAgent: string;
  retry?: Partial<RetryPolicy>;
  http?: HttpDeps;
}

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
  private readonly endpoint: string;
  private readonly policy: RetryPolicy;
  private counters = { upstreamCalls: 0, failures: 0 };

  constructor(private readonly options: NwsAlertsOptions) {
    if (!options.userAgent.trim()) throw new RangeError('NWS requires a User-Agent');
    this.endpoint = `${(options.baseUrl ?? NWS_DEFAULT_URL).replace(/\/+$/, '')}/alerts/active`;
    this.policy = resolvePolicy(options.retry);
  }

  stats() {
    return { ...this.counters };
  }

  async activeAlerts(point: { latitude: number; longitude: number }): Promise<OfficialAlert[]> {
    const { latitude, longitude } = point;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !isNwsCovered(latitude, longitude))
      return [];
    // NWS accepts at most 4 decimals in a point.
    const where = `${Number(latitude.toFixed(4))},${Number(longitude.toFixed(4))}`;
    const outcome = await requestWithRetry(
      {
        url: `${this.endpoint}?point=${where}`,
        headers: { 'user-agent': this.options.userAgent, accept: 'application/geo+json' },
      },
      this.policy,
      this.options.http,
      { onAttempt: () => (this.counters.upstreamCalls += 1) },
    );
    if (!outcome.ok) {
      if (outcome.status === 404 || (outcome.status === 400 && isPointRefusal(outcome.body))) return [];
      this.counters.failures += 1;
      throw new OfficialAlertsUnavailableError(`NWS alerts for ${where}: ${outcome.error}`, outcome.status);
    }
    try {
      return parseNwsAlerts(JSON.parse(outcome.body));
    } catch (err) {
      this.counters.failures += 1;
      const detail = err instanceof Error ? err.message : String(err);
      throw new OfficialAlertsUnavailableError(`NWS alerts for ${where}: unreadable answer (${detail})`, 200);
    }
  }
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

/** NWS alerts GeoJSON (FeatureCollection) → OfficialAlert[]; throws for anything that is not one. */
export function parseNwsAlerts(json: unknown): OfficialAlert[] {
  const collection = json as { type?: unknown; features?: unknown };
  if (!collection || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new Error('not a GeoJSON FeatureCollection of alerts');
  }
  const alerts: OfficialAlert[] = [];
  for (const feature of collection.features as Array<{
    id?: unknown;
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
    });
  }
  return alerts;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

function utcIso(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
