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

export interface OfficialAlertsProvider {
  readonly name: 'nws' | 'none';
  /**
   * Alerts in force at a point. A point the service does not cover answers an empty list without a
   * call. When the service fails (after retries) it rejects with `OfficialAlertsUnavailableError`,
   * so "no alerts" is never confused with "could not ask".
   */
  activeAlerts(point: { latitude: number; longitude: number }): Promise<OfficialAlert[]>;
  stats(): { upstreamCalls: number; failures: number };
}
