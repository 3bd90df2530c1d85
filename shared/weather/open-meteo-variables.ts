import type { ForecastVariable } from './forecast';

/**
 * How each canonical forecast variable is named and measured in Open-Meteo's forecast API.
 *
 * - `names`: the current name first (the one we request), then the names older clients and recorded
 *   responses use (Open-Meteo renamed `windspeed_10m` → `wind_speed_10m` etc. in 2023 and still
 *   answers to both).
 * - `quantity`: which unit table converts the response's `hourly_units` entry.
 * - `precedingHour`: Open-Meteo's documented "valid time". Most variables are instantaneous at the
 *   labelled hour; precipitation and snowfall are the sum of the PRECEDING hour, gusts its maximum
 *   and precipitation probability its probability. Our contract (forecast.ts) puts each value on the
 *   START of the hour it describes, so the parser moves these one step earlier (see
 *   open-meteo-response.ts).
 */
export type OpenMeteoQuantity =
  'temperature' | 'speed' | 'precipitation' | 'snowfall' | 'percent' | 'length' | 'code';

export interface OpenMeteoVariableSpec {
  names: readonly [string, ...string[]];
  quantity: OpenMeteoQuantity;
  precedingHour: boolean;
}

export const OPEN_METEO_VARIABLES: Record<ForecastVariable, OpenMeteoVariableSpec> = {
  temperature: { names: ['temperature_2m'], quantity: 'temperature', precedingHour: false },
  apparent_temperature: { names: ['apparent_temperature'], quantity: 'temperature', precedingHour: false },
  dew_point: { names: ['dew_point_2m', 'dewpoint_2m'], quantity: 'temperature', precedingHour: false },
  relative_humidity: {
    names: ['relative_humidity_2m', 'relativehumidity_2m'],
    quantity: 'percent',
    precedingHour: false,
  },
  precipitation: { names: ['precipitation'], quantity: 'precipitation', precedingHour: true },
  precipitation_probability: {
    names: ['precipitation_probability'],
    quantity: 'percent',
    precedingHour: true,
  },
  snowfall: { names: ['snowfall'], quantity: 'snowfall', precedingHour: true },
  wind_speed: { names: ['wind_speed_10m', 'windspeed_10m'], quantity: 'speed', precedingHour: false },
  wind_gusts: { names: ['wind_gusts_10m', 'windgusts_10m'], quantity: 'speed', precedingHour: true },
  weather_code: { names: ['weather_code', 'weathercode'], quantity: 'code', precedingHour: false },
  visibility: { names: ['visibility'], quantity: 'length', precedingHour: false },
};

/** The `hourly=` list a provider asks for: every canonical variable under its current name. */
export const OPEN_METEO_HOURLY_REQUEST: readonly string[] = Object.values(OPEN_METEO_VARIABLES).map(
  (spec) => spec.names[0],
);

/**
 * Unit strings as Open-Meteo writes them in `hourly_units` (compared after trimming and lower-casing),
 * with the factor or function that turns a value into our canonical unit. Open-Meteo writes mph as
 * "mp/h"; "mph" is accepted too. A unit not listed here is refused, never guessed.
 */
const identity = (x: number) => x;
const factor = (f: number) => (x: number) => x * f;

export const OPEN_METEO_UNITS: Record<OpenMeteoQuantity, Record<string, (x: number) => number>> = {
  temperature: {
    '°c': identity,
    '°f': (x) => ((x - 32) * 5) / 9,
  },
  speed: {
    'km/h': identity,
    'm/s': factor(3.6),
    'mp/h': factor(1.609344),
    mph: factor(1.609344),
    kn: factor(1.852),
    kt: factor(1.852),
  },
  // An hourly precipitation amount is a depth per hour: mm in one hour is mm/h.
  precipitation: {
    mm: identity,
    'mm/h': identity,
    inch: factor(25.4),
    in: factor(25.4),
  },
  snowfall: {
    cm: identity,
    mm: factor(0.1),
    inch: factor(2.54),
    in: factor(2.54),
  },
  percent: { '%': identity },
  length: {
    m: identity,
    km: factor(1000),
    ft: factor(0.3048),
  },
  code: { 'wmo code': identity, '': identity },
};
