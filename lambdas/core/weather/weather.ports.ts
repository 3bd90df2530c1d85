import type { AreaGeometry } from '../../../shared/weather/point-in-area';
import type { HourlyForecast } from '../../../shared/weather/forecast';

/**
 * Ports of the weather use-cases. The Open-Meteo, simulated and NWS adapters implement them
 * (lambdas/adapters/weather); the core sees only these types and `HourlyForecast`.
 */

/** One place to forecast. `key` is the caller's (a grid-cell key or a jobsite id) and comes back as is. */
export interface ForecastLocation {
  key: string;
  latitude: number;
  longitude: number;
  /** Pins the simulated provider to a named scenario (see SIMULATED_SCENARIOS); real providers ignore it. */
  scenario?: string | null;
}

export interface ForecastOptions {
  /** Days of hourly forecast from 00:00 UTC today, 1–16 (Open-Meteo's `forecast_days`). */
  days: number;
  /** The run's clock: "today" for the simulated provider. */
  now: Date;
  /**
   * Days before 00:00 UTC today the hours start from (0 or 1; Open-Meteo's `past_days`). West of
   * UTC a jobsite's local day starts before 00:00 UTC: from then until its local midnight, its
   * "today" needs yesterday's hours (`pastDaysFor`).
   */
  pastDays?: number;
}

/** One result per requested location, in request order. A failure is reported, never thrown. */
export type ForecastResult =
  | { key: string; ok: true; forecast: HourlyForecast }
  | {
      key: string;
      ok: false;
      /** Readable cause, e.g. "Open-Meteo answered 503 after 3 attempts". */
      error: string;
      /** The upstream HTTP status, when there was one. */
      status?: number;
    };

/** Counters since the provider was created or `resetStats()` was last called. */
export interface WeatherProviderStats {
  /** HTTP requests sent upstream, retries included (0 for the simulated provider). */
  upstreamCalls: number;
  /** Locations sent upstream, summed over requests (Open-Meteo bills each location of a call). */
  upstreamLocations: number;
  /** Requests that were attempts after the first (retries). */
  retries: number;
  /** Locations whose result was `ok: false`. */
  failures: number;
  /** Locations answered from the forecast cache (absent for a provider without one). */
  cacheHits?: number;
}

export interface WeatherProvider {
  readonly name: 'open-meteo' | 'simulated';
  /**
   * Forecasts for every location: one result each, in order. One bad location or one failed
   * upstream call never fails the others; the promise rejects only for invalid `opts`.
   */
  forecast(locations: ForecastLocation[], opts: ForecastOptions): Promise<ForecastResult[]>;
  /** Counters for the run (call `resetStats()` at the start of a run when the instance is reused). */
  stats(): WeatherProviderStats;
  resetStats(): void;
}

/** An official warning in force at a point (US National Weather Service CAP alert). */
export interface OfficialAlert {
  /** The issuer's identifier (stable across fetches; NWS: `properties.id`). */
  id: string;
  /** e.g. "High Wind Warning", "Excessive Heat Warning". */
  event: string;
  severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown';
  headline: string | null;
  /** When the hazard begins and ends, UTC ISO-8601 (NWS `onset`/`ends`, else `effective`/`expires`). */
  onset: string | null;
  ends: string | null;
  /** The areas the alert covers, as the issuer names them. */
  areaDesc: string;
}

/** An alert in force somewhere, with the area it covers: a polygon, zones, or both. */
export interface AreaAlert extends OfficialAlert {
  /** The storm-based polygon (GeoJSON, [lon, lat]); null for an alert issued by zone only. */
  geometry: AreaGeometry | null;
  /** The zones it covers (NWS UGC codes: forecast zones `WAZ558`, counties `WAC033`, fire zones). */
  zones: string[];
}

/** Every alert in force at one moment: fetched once and matched to many places locally. */
export interface AlertsSnapshot {
  alerts: AreaAlert[];
  fetchedAt: string;
}

export interface OfficialAlertsProvider {
  readonly name: 'nws' | 'none';
  /** Whether the service warns for this point at all (no call is made for a point it does not cover). */
  covers(point: { latitude: number; longitude: number }): boolean;
  /**
   * Every alert in force, in one call, kept for a few minutes so the batches of one run share it.
   * When the service fails (after retries) it rejects with `OfficialAlertsUnavailableError`, and
   * keeps answering that failure for the same few minutes without asking again (`repeated: true`),
   * so "no alerts" is never confused with "could not ask" and a dead service costs one wait per run.
   */
  allActive(): Promise<AlertsSnapshot>;
  /** The zones a point lies in (forecast zone, county, fire zone); [] outside coverage. Stable data. */
  zonesAt(point: { latitude: number; longitude: number }): Promise<string[]>;
  stats(): { upstreamCalls: number; failures: number };
}

/** Zones per grid cell, kept across runs: they change a few times a decade, so one lookup per cell. */
export interface CellZonesCache {
  getMany(cellKeys: readonly string[], now: Date): Promise<Map<string, string[]>>;
  putMany(entries: readonly { cellKey: string; zones: string[] }[], expiresAt: Date): Promise<void>;
}
