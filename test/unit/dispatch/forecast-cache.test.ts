import { SimulatedWeatherProvider } from '../../../lambdas/adapters/weather/simulated.provider';
import {
  CachedForecastProvider,
  FORECAST_CACHE_TTL_MINUTES,
  type ForecastCache,
} from '../../../lambdas/core/weather/cached-forecast';
import type { WeatherProvider } from '../../../lambdas/core/weather/weather.ports';
import type { HourlyForecast } from '../../../shared/weather/forecast';

/** The forecast cache in front of the upstream: what reaches upstream, and what is counted. */

const AT = new Date('2026-12-02T11:00:00.000Z');

function world() {
  let now = AT;
  const stored = new Map<string, { forecast: HourlyForecast; expiresAt: Date }>();
  const cache: ForecastCache = {
    getMany: async (keys, at) => {
      const out = new Map<string, HourlyForecast>();
      for (const k of keys) {
        const e = stored.get(k);
        if (e && e.expiresAt > at) out.set(k, e.forecast);
      }
      return out;
    },
    putMany: async (entries, expiresAt) => {
      for (const e of entries) stored.set(e.key, { forecast: e.forecast, expiresAt });
    },
  };
  const simulated = new SimulatedWeatherProvider();
  const asked: string[] = [];
  let failing = false;
  const upstream: WeatherProvider = {
    name: 'open-meteo',
    forecast: async (locations, opts) => {
      asked.push(...locations.map((l) => l.key));
      if (failing)
        return locations.map((l) => ({ key: l.key, ok: false as const, error: 'Open-Meteo answered 503' }));
      return simulated.forecast(locations, opts);
    },
    stats: () => ({ upstreamCalls: asked.length, upstreamLocations: asked.length, retries: 0, failures: 0 }),
    resetStats: () => void (asked.length = 0),
  };
  const provider = new CachedForecastProvider(upstream, cache, { now: () => now });
  return {
    provider,
    asked,
    setNow: (at: Date) => (now = at),
    fail: (on: boolean) => (failing = on),
  };
}

const chicago = { key: 'cell-chicago', latitude: 41.9, longitude: -87.65, scenario: null };
const newYork = { key: 'cell-new-york', latitude: 40.7, longitude: -74.0, scenario: null };
const opts = { days: 3, now: AT };

describe('the forecast cache', () => {
  it('should ask upstream once for a cell when two runs within the TTL need it, and count the hit', async () => {
    const w = world();
    const first = await w.provider.forecast([chicago], opts);
    expect(first[0]!.ok).toBe(true);
    w.setNow(new Date(AT.getTime() + 5 * 60_000));
    const second = await w.provider.forecast([chicago, newYork], opts);
    expect(second.map((r) => [r.key, r.ok])).toEqual([
      ['cell-chicago', true],
      ['cell-new-york', true],
    ]);
    expect(w.asked).toEqual(['cell-chicago', 'cell-new-york']);
    expect(w.provider.stats().cacheHits).toBe(1);
    // The same forecast, hour for hour.
    expect(second[0]!.ok && first[0]!.ok && Array.from(second[0]!.forecast.time)).toEqual(
      first[0]!.ok && Array.from(first[0]!.forecast.time),
    );
  });

  it('should ask upstream again once the TTL has passed', async () => {
    const w = world();
    await w.provider.forecast([chicago], opts);
    w.setNow(new Date(AT.getTime() + (FORECAST_CACHE_TTL_MINUTES + 1) * 60_000));
    await w.provider.forecast([chicago], opts);
    expect(w.asked).toEqual(['cell-chicago', 'cell-chicago']);
    expect(w.provider.stats().cacheHits).toBe(0);
  });

  it('should keep no failure in the cache, so the next run asks upstream again', async () => {
    const w = world();
    w.fail(true);
    const failed = await w.provider.forecast([chicago], opts);
    expect(failed[0]).toMatchObject({ key: 'cell-chicago', ok: false });
    w.fail(false);
    const next = await w.provider.forecast([chicago], opts);
    expect(next[0]!.ok).toBe(true);
    expect(w.asked).toEqual(['cell-chicago', 'cell-chicago']);
  });

  it('should not share a forecast between different days of the run clock', async () => {
    const w = world();
    await w.provider.forecast([chicago], opts);
    await w.provider.forecast([chicago], { days: 3, now: new Date('2026-12-03T11:00:00.000Z') });
    expect(w.asked).toEqual(['cell-chicago', 'cell-chicago']);
  });
});
