import {
  SimulatedWeatherProvider,
  SIMULATED_TYPICAL,
} from '../../../lambdas/adapters/weather/simulated.provider';
import type { ForecastLocation, ForecastResult } from '../../../lambdas/core/weather/weather.ports';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import { localHour } from './support';

const HOUR = 3_600_000;
const NOW = new Date('2026-01-14T16:20:00Z');

/** Jobsites in several zones and hemispheres, with the zone their working hours are kept in. */
const SITES = [
  { key: 'nyc', latitude: 40.71, longitude: -74.01, tz: 'America/New_York' },
  { key: 'denver', latitude: 39.74, longitude: -104.99, tz: 'America/Denver' },
  { key: 'madrid', latitude: 40.42, longitude: -3.7, tz: 'Europe/Madrid' },
  { key: 'sydney', latitude: -33.87, longitude: 151.21, tz: 'Australia/Sydney' },
  { key: 'anchorage', latitude: 61.22, longitude: -149.9, tz: 'America/Anchorage' },
];

async function forecastAll(
  scenario: string | null,
  now = NOW,
  days = 7,
  pastDays = 0,
): Promise<HourlyForecast[]> {
  const p = new SimulatedWeatherProvider();
  const results = await p.forecast(
    SITES.map(({ key, latitude, longitude }) => ({ key, latitude, longitude, scenario })),
    { days, now, pastDays },
  );
  return results.map(forecastOf);
}

function forecastOf(result: ForecastResult | undefined): HourlyForecast {
  if (!result?.ok) throw new Error(`expected a forecast, got ${JSON.stringify(result)}`);
  return result.forecast;
}

const values = (f: HourlyForecast, v: keyof HourlyForecast['values']) => Array.from(f.values[v]!);

/** Indices of the hours between 07:00 and 17:00 on the jobsite's clock. */
function workingHours(f: HourlyForecast, tz: string): number[] {
  return Array.from(f.time)
    .map((t, i) => [localHour(t, tz), i] as const)
    .filter(([h]) => h >= 7 && h < 17)
    .map(([, i]) => i);
}

describe('SimulatedWeatherProvider', () => {
  it('should produce hourly UTC series from 00:00 today for the days asked, with every variable', async () => {
    const [nyc] = await forecastAll(null, NOW, 3);
    expect(nyc!.time).toHaveLength(72);
    expect(nyc!.time[0]).toBe(Date.UTC(2026, 0, 14));
    expect(nyc!.time[71]! - nyc!.time[0]!).toBe(71 * HOUR);
    expect(Object.keys(nyc!.values)).toHaveLength(11);
    expect(nyc!.source).toBe('simulated');
    expect(nyc!.scenario).toBe(SIMULATED_TYPICAL);
    for (const series of Object.values(nyc!.values))
      expect(series.every((x) => Number.isFinite(x))).toBe(true);
  });

  it("should start a day earlier, with the same hours after, when yesterday's hours are asked for", async () => {
    const [fromToday] = await forecastAll(null, NOW, 2);
    const [withYesterday] = await forecastAll(null, NOW, 2, 1);
    expect(withYesterday!.time).toHaveLength(72);
    expect(withYesterday!.time[0]).toBe(Date.UTC(2026, 0, 13));
    expect(Array.from(withYesterday!.time).slice(24)).toEqual(Array.from(fromToday!.time));
    expect(values(withYesterday!, 'temperature').slice(24)).toEqual(values(fromToday!, 'temperature'));
  });

  it('should give the same values for the same place and hour when runs differ in time and length', async () => {
    const first = await forecastAll(null, new Date('2026-01-14T03:00:00Z'), 3);
    const second = await forecastAll(null, new Date('2026-01-15T22:00:00Z'), 1);
    for (let s = 0; s < SITES.length; s++) {
      const a = first[s]!;
      const b = second[s]!;
      expect(Array.from(b.time)).toEqual(Array.from(a.time).slice(24, 48));
      for (const v of Object.keys(b.values) as Array<keyof HourlyForecast['values']>) {
        expect(values(b, v)).toEqual(values(a, v).slice(24, 48));
      }
    }
  });

  it('should make zero upstream calls and count failures only when it forecasts', async () => {
    const p = new SimulatedWeatherProvider();
    await p.forecast([{ key: 'a', latitude: 1, longitude: 2 }], { days: 16, now: NOW });
    expect(p.stats()).toEqual({ upstreamCalls: 0, upstreamLocations: 0, retries: 0, failures: 0 });
  });

  it('should fail only the location with an unknown scenario or bad coordinates', async () => {
    const p = new SimulatedWeatherProvider();
    const input: ForecastLocation[] = [
      { key: 'ok', latitude: 10, longitude: 10 },
      { key: 'typo', latitude: 10, longitude: 10, scenario: 'hurricane' },
      { key: 'off-globe', latitude: 10, longitude: 200 },
    ];
    const results = await p.forecast(input, { days: 1, now: NOW });
    expect(results[0]!.ok).toBe(true);
    expect(results[1]).toEqual({
      key: 'typo',
      ok: false,
      error:
        'Unknown simulated scenario "hurricane"; expected one of storm, cold-snap, heat-wave, high-wind, clear',
    });
    expect(results[2]).toMatchObject({ key: 'off-globe', ok: false });
    expect(p.stats().failures).toBe(2);
  });

  it('should be plausible when unpinned: seasons by hemisphere, a diurnal cycle, rain fronts with consistent codes', async () => {
    const winter = await forecastAll(null, new Date('2026-01-10T00:00:00Z'), 16);
    const summer = await forecastAll(null, new Date('2026-07-10T00:00:00Z'), 16);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const nyc = 0;
    const sydney = 3;
    expect(mean(values(summer[nyc]!, 'temperature'))).toBeGreaterThan(
      mean(values(winter[nyc]!, 'temperature')) + 10,
    );
    expect(mean(values(winter[sydney]!, 'temperature'))).toBeGreaterThan(
      mean(values(summer[sydney]!, 'temperature')) + 5,
    );
    // Afternoons are warmer than the small hours (NYC: 15:00 solar ≈ 20:00 UTC, 03:00 ≈ 08:00 UTC).
    const byUtcHour = (f: HourlyForecast, h: number) =>
      mean(values(f, 'temperature').filter((_, i) => new Date(f.time[i]!).getUTCHours() === h));
    expect(byUtcHour(summer[nyc]!, 20)).toBeGreaterThan(byUtcHour(summer[nyc]!, 8) + 4);

    for (const f of [...winter, ...summer]) {
      const t = values(f, 'temperature');
      expect(Math.min(...t)).toBeGreaterThan(-45);
      expect(Math.max(...t)).toBeLessThan(45);
      const rain = values(f, 'precipitation');
      const codes = values(f, 'weather_code');
      rain.forEach((mm, i) => {
        if (mm > 0) expect(codes[i]).toBeGreaterThanOrEqual(51);
        else expect(codes[i]).toBeLessThan(51);
      });
      const rh = values(f, 'relative_humidity');
      expect(Math.min(...rh)).toBeGreaterThanOrEqual(12);
      expect(Math.max(...rh)).toBeLessThanOrEqual(100);
      values(f, 'dew_point').forEach((td, i) => expect(td).toBeLessThanOrEqual(t[i]! + 0.11));
      values(f, 'wind_gusts').forEach((g, i) =>
        expect(g).toBeGreaterThanOrEqual(values(f, 'wind_speed')[i]!),
      );
    }
    // Over 16 days × 10 places, some fronts come through, but it is not always raining.
    const wetHours = [...winter, ...summer]
      .flatMap((f) => values(f, 'precipitation'))
      .filter((mm) => mm > 0).length;
    const allHours = 10 * 16 * 24;
    expect(wetHours).toBeGreaterThan(allHours * 0.02);
    expect(wetHours).toBeLessThan(allHours * 0.3);
  });

  it('should bring thunderstorms, heavy rain and gusts over 60 km/h in working hours when the scenario is storm', async () => {
    const forecasts = await forecastAll('storm');
    forecasts.forEach((f, s) => {
      expect(f.scenario).toBe('storm');
      const hours = workingHours(f, SITES[s]!.tz);
      expect(hours.length).toBe(70);
      for (const i of hours) {
        expect(values(f, 'weather_code')[i]).toBe(95);
        expect(values(f, 'wind_gusts')[i]).toBeGreaterThan(60);
        expect(values(f, 'precipitation')[i]).toBeGreaterThanOrEqual(4);
        expect(values(f, 'precipitation_probability')[i]).toBeGreaterThanOrEqual(90);
      }
    });
  });

  it('should stay below −5 °C with a very low wind chill when the scenario is cold-snap', async () => {
    for (const f of await forecastAll('cold-snap', new Date('2026-07-01T00:00:00Z'))) {
      const t = values(f, 'temperature');
      const feels = values(f, 'apparent_temperature');
      expect(Math.max(...t)).toBeLessThan(-5);
      expect(Math.min(...feels)).toBeLessThanOrEqual(-30);
      feels.forEach((a, i) => expect(a).toBeLessThan(t[i]!));
      values(f, 'snowfall').forEach((cm, i) => {
        if (cm > 0) expect([71, 73, 75]).toContain(values(f, 'weather_code')[i]);
      });
    }
  });

  it('should reach 35–40 °C in working hours and feel hotter than that when the scenario is heat-wave', async () => {
    const forecasts = await forecastAll('heat-wave');
    forecasts.forEach((f, s) => {
      const t = values(f, 'temperature');
      expect(Math.max(...t)).toBeLessThanOrEqual(40);
      expect(Math.min(...t)).toBeGreaterThanOrEqual(30);
      for (const i of workingHours(f, SITES[s]!.tz).filter(
        (i) => localHour(f.time[i]!, SITES[s]!.tz) >= 10,
      )) {
        expect(t[i]).toBeGreaterThanOrEqual(35);
        expect(values(f, 'relative_humidity')[i]).toBeGreaterThanOrEqual(40);
        expect(values(f, 'apparent_temperature')[i]).toBeGreaterThan(t[i]!);
      }
      expect(values(f, 'precipitation').every((mm) => mm === 0)).toBe(true);
    });
  });

  it('should blow gusts of 55–75 km/h around the clock when the scenario is high-wind', async () => {
    for (const f of await forecastAll('high-wind')) {
      const gusts = values(f, 'wind_gusts');
      expect(Math.min(...gusts)).toBeGreaterThanOrEqual(55);
      expect(Math.max(...gusts)).toBeLessThanOrEqual(75);
      expect(values(f, 'precipitation').every((mm) => mm === 0)).toBe(true);
    }
  });

  it('should stay dry, clear and calm when the scenario is clear', async () => {
    for (const f of await forecastAll('clear')) {
      expect(values(f, 'precipitation').every((mm) => mm === 0)).toBe(true);
      expect(values(f, 'weather_code').every((c) => c === 0 || c === 1)).toBe(true);
      expect(Math.max(...values(f, 'wind_gusts'))).toBeLessThan(25);
      expect(Math.max(...values(f, 'precipitation_probability'))).toBeLessThanOrEqual(5);
    }
  });

  it('should pin only the location that names a scenario when locations are mixed', async () => {
    const p = new SimulatedWeatherProvider();
    const [pinned, free] = await p.forecast(
      [
        { key: 'pinned', latitude: 40.71, longitude: -74.01, scenario: 'high-wind' },
        { key: 'free', latitude: 40.71, longitude: -74.01, scenario: null },
      ],
      { days: 1, now: NOW },
    );
    expect(forecastOf(pinned).scenario).toBe('high-wind');
    expect(forecastOf(free).scenario).toBe(SIMULATED_TYPICAL);
    expect(Math.min(...values(forecastOf(pinned), 'wind_gusts'))).toBeGreaterThanOrEqual(55);
  });
});
