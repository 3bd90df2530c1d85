import { namesOf } from '../named-set';
/**
 * The hourly forecast every provider produces and the rule engine reads. Values are in canonical
 * metric units (°C, mm/h, cm/h, km/h, %, m, WMO code); a missing value is NaN. Hours are UTC:
 * providers are asked for GMT and the engine converts each hour with the jobsite's IANA timezone.
 * Each variable below with its canonical unit.
 */
export const CANONICAL_UNITS = {
  temperature: '°C',
  apparent_temperature: '°C',
  dew_point: '°C',
  relative_humidity: '%',
  precipitation: 'mm/h',
  precipitation_probability: '%',
  snowfall: 'cm/h',
  wind_speed: 'km/h',
  wind_gusts: 'km/h',
  weather_code: 'WMO code',
  visibility: 'm',
} satisfies Record<string, string>;
export type ForecastVariable = keyof typeof CANONICAL_UNITS;
export const FORECAST_VARIABLES = namesOf(CANONICAL_UNITS);

export type ForecastSource = 'open-meteo' | 'simulated';

export interface HourlyForecast {
  latitude: number;
  longitude: number;
  /** Start of each hour, UTC epoch milliseconds, ascending, one hour apart. */
  time: Float64Array;
  /** One series per variable the provider returned, aligned with `time`; NaN where missing. */
  values: Partial<Record<ForecastVariable, Float64Array>>;
  source: ForecastSource;
  /** The simulated scenario, when `source` is `simulated`. */
  scenario?: string;
}
