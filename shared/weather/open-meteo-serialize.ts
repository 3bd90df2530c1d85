import type { HourlyForecast } from './forecast';
import { OPEN_METEO_VARIABLES } from './open-meteo-variables';

const CANONICAL_UNIT_TEXT: Record<string, string> = {
  temperature: '°C',
  speed: 'km/h',
  precipitation: 'mm',
  snowfall: 'cm',
  percent: '%',
  length: 'm',
  code: 'wmo code',
};

/**
 * A forecast written back as an Open-Meteo response (GMT, unixtime, metric, current variable names),
 * so the admin weather-testing screen can show the raw data the engine reads and judge it with the
 * same route as a pasted response. Values are written under the labels Open-Meteo would use: a
 * "preceding hour" series moves one step later again, so parsing it back gives the same forecast.
 */
export function toOpenMeteoResponse(forecast: HourlyForecast): Record<string, unknown> {
  const n = forecast.time.length;
  const hourly: Record<string, (number | null)[]> = {
    time: Array.from(forecast.time, (t) => Math.round(t / 1000)),
  };
  const units: Record<string, string> = { time: 'unixtime' };
  for (const [variable, spec] of Object.entries(OPEN_METEO_VARIABLES)) {
    const series = forecast.values[variable as keyof typeof OPEN_METEO_VARIABLES];
    if (!series) continue;
    const name = spec.names[0];
    const value = (i: number) => (i >= 0 && i < n && Number.isFinite(series[i]!) ? series[i]! : null);
    hourly[name] = Array.from({ length: n }, (_, i) => (spec.precedingHour ? value(i - 1) : value(i)));
    units[name] = CANONICAL_UNIT_TEXT[spec.quantity] ?? '';
  }
  return {
    latitude: forecast.latitude,
    longitude: forecast.longitude,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    hourly_units: units,
    hourly,
    ...(forecast.source === 'simulated' ? { raincheck_simulated: forecast.scenario ?? true } : {}),
  };
}
