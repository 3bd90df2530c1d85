import { ForecastOptionsError } from './weather.errors';
import type { ForecastLocation, ForecastOptions } from './weather.ports';

/** Open-Meteo serves up to 16 days; the simulated provider keeps the same bound. */
export const MAX_FORECAST_DAYS = 16;

/** Throws `ForecastOptionsError` for options no provider can honour. */
export function checkForecastOptions(opts: ForecastOptions): void {
  if (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > MAX_FORECAST_DAYS) {
    throw new ForecastOptionsError(
      `days must be a whole number from 1 to ${MAX_FORECAST_DAYS} (got ${opts.days})`,
    );
  }
  if (!(opts.now instanceof Date) || Number.isNaN(opts.now.getTime())) {
    throw new ForecastOptionsError('now must be a valid Date');
  }
  if (opts.pastDays !== undefined && opts.pastDays !== 0 && opts.pastDays !== 1) {
    throw new ForecastOptionsError(`pastDays must be 0 or 1 (got ${opts.pastDays})`);
  }
}

/**
 * 1 when one of `dates` (local calendar dates, YYYY-MM-DD) is before the UTC date of `now`: a day
 * west of UTC still running, whose hours began yesterday in UTC. Else 0.
 */
export function pastDaysFor(dates: Iterable<string>, now: Date): 0 | 1 {
  const utcToday = now.toISOString().slice(0, 10);
  for (const date of dates) if (date < utcToday) return 1;
  return 0;
}

/** Why a location cannot be forecast, or null when it can. */
export function locationProblem(location: ForecastLocation): string | null {
  const { latitude, longitude } = location;
  // Only a number is quoted back: String() of an object from a JSON body calls its own toString.
  if (typeof latitude !== 'number') return 'Invalid latitude: must be a number between -90 and 90';
  if (typeof longitude !== 'number') return 'Invalid longitude: must be a number between -180 and 180';
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    return `Invalid latitude ${String(latitude)}: must be between -90 and 90`;
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    return `Invalid longitude ${String(longitude)}: must be between -180 and 180`;
  }
  return null;
}
