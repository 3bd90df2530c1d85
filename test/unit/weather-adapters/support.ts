import fs from 'node:fs';
import path from 'node:path';

/** Test helpers for the weather adapters: the recorded fixtures and recorded-answer builders. */

const FIXTURES = path.join(__dirname, '../../fixtures/weather');

export function fixtureText(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

export function fixture(name: string): any {
  return JSON.parse(fixtureText(name));
}

export const OM = {
  newJersey: 'openmeteo_newjersey_2025-12-28_metric_14day_gusts_freezing.json',
  melbourne: 'openmeteo_melbourne_2025-10-25_metric_rain_gusts.json',
  toronto: 'openmeteo_toronto_2026-03-04_us_units_freezing_rain_gusts.json',
  reading: 'openmeteo_multilocation_reading-uk_2026-07-22_metric.json',
  berlinParis: 'openmeteo_multilocation_berlin-paris_2025-12-09_metric.json',
  tampa: 'openmeteo_tampa_2026-07-23_knots_legacy_names_rain.json',
  berlinCodes: 'openmeteo_berlin_2023-11-13_vcr_weather_code_only.json',
  error400: 'openmeteo_error_400_start_date_out_of_range.json',
} as const;

export const NWS = {
  phoenixPoint: 'nws_alerts_active_point_33.25_-112.30_2024-07-18_excessive_heat.json',
  colorado: 'nws_alerts_active_area_CO_2020-01-07_high_wind_warning.json',
  threeStates: 'nws_alerts_active_area_CA-CO-CT_2020-01-03_wind_advisory_high_wind.json',
  oregonZone: 'nws_alerts_active_zone_ORZ004_2019-12-20_flood_watch.json',
} as const;

/**
 * Answers an Open-Meteo forecast request the way the API does, from one recorded single-location
 * response: one location per requested coordinate (an array when several, `location_id` after the
 * first), `forecast_days` × 24 hours, and unixtime hours when `timeformat=unixtime` was asked.
 */
export function openMeteoAnswer(template: any, params: URLSearchParams): string {
  const lats = (params.get('latitude') ?? '').split(',');
  const lons = (params.get('longitude') ?? '').split(',');
  const hours = Number(params.get('forecast_days') ?? '7') * 24;
  const unixtime = params.get('timeformat') === 'unixtime';
  const offset = template.utc_offset_seconds as number;
  const hourly: Record<string, unknown[]> = {};
  for (const [name, series] of Object.entries(template.hourly as Record<string, unknown[]>)) {
    hourly[name] = series.slice(0, hours);
  }
  if (unixtime) {
    hourly.time = (hourly.time as string[]).map((t) => Date.parse(`${t}:00Z`) / 1000 - offset);
  }
  const units = { ...template.hourly_units, ...(unixtime ? { time: 'unixtime' } : {}) };
  const locations = lats.map((lat, i) => ({
    ...template,
    latitude: Number(lat),
    longitude: Number(lons[i]),
    ...(i > 0 ? { location_id: i } : {}),
    hourly_units: units,
    hourly,
  }));
  return JSON.stringify(locations.length === 1 ? locations[0] : locations);
}

/** A sleep that records the delays asked for and returns at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

/** The local clock hour of an instant in an IANA zone. */
export function localHour(epochMs: number, timeZone: string): number {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
    new Date(epochMs),
  );
  return Number(text);
}
