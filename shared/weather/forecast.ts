/**
 * The hourly forecast every provider produces and the rule engine reads. Values are in canonical
 * metric units (°C, mm/h, cm/h, km/h, %, m, WMO code); a missing value is NaN. Hours are UTC:
 * providers are asked for GMT and the engine converts each hour with the jobsite's IANA timezone.
 */
export const FORECAST_VARIABLES = [
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
] as const;
export type ForecastVariable = (typeof FORECAST_VARIABLES)[number];

export const CANONICAL_UNITS: Record<ForecastVariable, string> = {
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
};

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
