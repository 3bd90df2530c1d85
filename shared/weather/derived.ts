import type { HourlyForecast } from './forecast';
import { DERIVED_METRICS } from './rule';

/**
 * Metrics computed from the forecast series, hour by hour, in canonical units. NaN in gives NaN out.
 * The published formulas are in US units (NWS); they are evaluated in those units and converted
 * back, so the results match the NWS tables and calculators.
 */
export type DerivedMetric = (typeof DERIVED_METRICS)[number];

const DERIVED = new Set<string>(DERIVED_METRICS);

export function isDerivedMetric(metric: string): metric is DerivedMetric {
  return DERIVED.has(metric);
}

const cToF = (c: number) => (c * 9) / 5 + 32;
const fToC = (f: number) => ((f - 32) * 5) / 9;

/**
 * NWS heat index (°C) from air temperature (°C) and relative humidity (%): Steadman's simple
 * formula, and the Rothfusz regression with its low- and high-humidity adjustments when the
 * simple result averaged with the temperature reaches 80 °F (NWS/WPC heat index equation).
 */
/** The NWS (Rothfusz) regression of the heat index, °F from °F and % relative humidity. */
export function rothfuszHeatIndexF(f: number, rh: number): number {
  return (
    -42.379 +
    2.04901523 * f +
    10.14333127 * rh -
    0.22475541 * f * rh -
    0.00683783 * f * f -
    0.05481717 * rh * rh +
    0.00122874 * f * f * rh +
    0.00085282 * f * rh * rh -
    0.00000199 * f * f * rh * rh
  );
}

export function heatIndex(temperatureC: number, relativeHumidity: number): number {
  const t = cToF(temperatureC);
  const rh = relativeHumidity;
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((simple + t) / 2 < 80) return fToC(simple);
  let hi = rothfuszHeatIndexF(t, rh);
  if (rh < 13 && t >= 80 && t <= 112) hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  else if (rh > 85 && t >= 80 && t <= 87) hi += ((rh - 85) / 10) * ((87 - t) / 5);
  return fToC(hi);
}

/**
 * NWS wind chill (2001 formula, °F and mph), in °C. Defined for air at or below 10 °C (50 °F) with
 * wind above 4.8 km/h (3 mph); elsewhere it equals the air temperature.
 */
export function windChill(temperatureC: number, windKmh: number): number {
  if (temperatureC > 10 || windKmh <= 4.8) return temperatureC;
  if (Number.isNaN(temperatureC) || Number.isNaN(windKmh)) return NaN;
  const t = cToF(temperatureC);
  const v16 = Math.pow(windKmh / 1.609344, 0.16);
  return fToC(35.74 + 0.6215 * t - 35.75 * v16 + 0.4275 * t * v16);
}

/**
 * Evaporation rate of bleed water from fresh concrete (kg/m²/h), Uno's equation behind the ACI 305
 * nomograph: E = 5 × ((Tc + 18)^2.5 − r × (Ta + 18)^2.5) × (V + 4) × 10⁻⁶, with Tc the concrete
 * and Ta the air temperature (°C), r the relative humidity as a fraction and V the wind (km/h).
 * The nomograph wants wind at 0.5 m above the surface; forecasts give it at 10 m, which is stronger,
 * so the estimate errs on the side of caution.
 */
export function evaporationRate(
  airC: number,
  relativeHumidity: number,
  windKmh: number,
  concreteC: number = airC,
): number {
  const r = relativeHumidity / 100;
  return 5 * (Math.pow(concreteC + 18, 2.5) - r * Math.pow(airC + 18, 2.5)) * (windKmh + 4) * 1e-6;
}

// Magnus formula (Alduchov & Eskridge coefficients), used only when a provider omits humidity or
// dew point: the other can be recovered from it and the air temperature.
const MA = 17.625;
const MB = 243.04;

export function relativeHumidityFromDewPoint(temperatureC: number, dewPointC: number): number {
  return 100 * Math.exp((MA * dewPointC) / (MB + dewPointC) - (MA * temperatureC) / (MB + temperatureC));
}

export function dewPointFromRelativeHumidity(temperatureC: number, relativeHumidity: number): number {
  const g = Math.log(relativeHumidity / 100) + (MA * temperatureC) / (MB + temperatureC);
  return (MB * g) / (MA - g);
}

export interface DeriveOptions {
  /** Fresh concrete temperature (°C) for the evaporation rate; the air temperature when absent. */
  concreteTemperature?: number;
}

const nanSeries = (n: number, out?: Float64Array) => {
  const s = out && out.length >= n ? out : new Float64Array(n);
  s.fill(NaN, 0, n);
  return s;
};

function humidity(forecast: HourlyForecast, i: number): number {
  const rh = forecast.values.relative_humidity?.[i];
  if (rh !== undefined && !Number.isNaN(rh)) return rh;
  const t = forecast.values.temperature?.[i] ?? NaN;
  const td = forecast.values.dew_point?.[i] ?? NaN;
  return relativeHumidityFromDewPoint(t, td);
}

/** One derived value at hour `i` of the forecast (NaN when an input is missing). */
export function derivedAt(
  forecast: HourlyForecast,
  metric: DerivedMetric,
  i: number,
  opts: DeriveOptions = {},
): number {
  const v = forecast.values;
  const t = v.temperature ? v.temperature[i]! : NaN;
  switch (metric) {
    case 'heat_index':
      return heatIndex(t, humidity(forecast, i));
    case 'wind_chill':
      return windChill(t, v.wind_speed ? v.wind_speed[i]! : NaN);
    case 'dew_point_spread': {
      const td = v.dew_point ? v.dew_point[i]! : NaN;
      return (
        t -
        (td === td
          ? td
          : dewPointFromRelativeHumidity(t, v.relative_humidity ? v.relative_humidity[i]! : NaN))
      );
    }
    case 'evaporation_rate':
      return evaporationRate(
        t,
        humidity(forecast, i),
        v.wind_speed ? v.wind_speed[i]! : NaN,
        opts.concreteTemperature ?? t,
      );
  }
}

/** Derived values at the given hours only (the engine's hot path needs working hours alone). */
export function deriveAt(
  forecast: HourlyForecast,
  metric: DerivedMetric,
  opts: DeriveOptions,
  indices: Int32Array,
  count: number,
  out: Float64Array,
): Float64Array {
  const v = forecast.values;
  const t = v.temperature;
  const rh = v.relative_humidity;
  const w = v.wind_speed;
  if (
    !t ||
    (!rh && metric !== 'wind_chill' && metric !== 'dew_point_spread') ||
    (!w && metric === 'wind_chill')
  ) {
    // Inputs missing or to be recovered (humidity from dew point): the general path.
    for (let j = 0; j < count; j++) out[indices[j]!] = derivedAt(forecast, metric, indices[j]!, opts);
    return out;
  }
  switch (metric) {
    case 'heat_index':
      for (let j = 0; j < count; j++) {
        const i = indices[j]!;
        const h = rh![i]!;
        out[i] = h === h ? heatIndex(t[i]!, h) : derivedAt(forecast, metric, i, opts);
      }
      return out;
    case 'wind_chill':
      for (let j = 0; j < count; j++) {
        const i = indices[j]!;
        out[i] = windChill(t[i]!, w![i]!);
      }
      return out;
    default:
      for (let j = 0; j < count; j++) out[indices[j]!] = derivedAt(forecast, metric, indices[j]!, opts);
      return out;
  }
}

/**
 * One derived series over the first `n` hours of the forecast (all of them by default), written into
 * `out` when it is large enough (the engine's hot path reuses its buffers) or a new array.
 */
export function deriveSeries(
  forecast: HourlyForecast,
  metric: DerivedMetric,
  opts: DeriveOptions = {},
  n: number = forecast.time.length,
  out?: Float64Array,
): Float64Array {
  const v = forecast.values;
  const t = v.temperature;
  if (!t) return nanSeries(n, out);
  const s = out && out.length >= n ? out : new Float64Array(n);
  switch (metric) {
    case 'heat_index': {
      const rh = v.relative_humidity;
      for (let i = 0; i < n; i++)
        s[i] = heatIndex(t[i]!, rh && !Number.isNaN(rh[i]!) ? rh[i]! : humidity(forecast, i));
      return s;
    }
    case 'wind_chill': {
      const w = v.wind_speed;
      if (!w) return nanSeries(n, s);
      for (let i = 0; i < n; i++) s[i] = windChill(t[i]!, w[i]!);
      return s;
    }
    case 'dew_point_spread': {
      const td = v.dew_point;
      const rh = v.relative_humidity;
      for (let i = 0; i < n; i++) {
        const d =
          td && !Number.isNaN(td[i]!) ? td[i]! : dewPointFromRelativeHumidity(t[i]!, rh ? rh[i]! : NaN);
        s[i] = t[i]! - d;
      }
      return s;
    }
    case 'evaporation_rate': {
      const w = v.wind_speed;
      if (!w) return nanSeries(n, s);
      const tc = opts.concreteTemperature;
      for (let i = 0; i < n; i++) s[i] = evaporationRate(t[i]!, humidity(forecast, i), w[i]!, tc ?? t[i]!);
      return s;
    }
  }
}
