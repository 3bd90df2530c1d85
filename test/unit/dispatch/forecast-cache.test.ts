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

/** `claims`: the cache claims fetches as the DynamoDB one does (a claim per key until its time). */
function world(opts: { claims?: boolean } = {}) {
  let now = AT;
  const stored = new Map<string, { forecast: HourlyForecast; expiresAt: Date }>();
  const claims = new Map<string, Date>();
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
    ...(opts.claims
      ? {
          claimFetches: async (keys: readonly string[], until: Date, at: Date) => {
            const won = keys.filter((k) => !(claims.get(k)! > at));
            for (const k of won) claims.set(k, until);
            return new Set(won);
          },
        }
      : {}),
  };
  const simulated = new SimulatedWeatherProvider();
  const asked: string[] = [];
  let failing = false;
  // While held, upstream answers only once released (a fetch in progress).
  let held: Promise<void> | null = null;
  let release = () => {};
  const upstream: WeatherProvider = {
    name: 'open-meteo',
    forecast: async (locations, opts) => {
      asked.push(...locations.map((l) => l.key));
      if (held) await held;
      if (failing)
        return locations.map((l) => ({ key: l.key, ok: false as const, error: 'Open-Meteo answered 503' }));
      return simulated.forecast(locations, opts);
    },
    stats: () => ({ upstreamCalls: asked.length, upstreamLocations: asked.length, retries: 0, failures: 0 }),
    resetStats: () => void (asked.length = 0),
  };
  const slept: number[] = [];
  /** Another batch's provider over the same cache and upstream. */
  const batch = (waitMs = 15_000) =>
    new CachedForecastProvider(
      upstream,
      cache,
      { now: () => now },
      {
        // A wait lets the other batches' work go on, without the clock's time passing.
        sleep: (ms) => (slept.push(ms), new Promise<void>((r) => setImmediate(r))),
        waitMs,
      },
    );
  return {
    provider: batch(),
    batch,
    asked,
    slept,
    setNow: (at: Date) => (now = at),
    fail: (on: boolean) => (failing = on),
    hold: () => (held = new Promise<void>((r) => (release = r))),
    release: () => ((held = null), release()),
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

  it('should ask upstream once for a cell that two batches running at once both need', async () => {
    const w = world({ claims: true });
    w.hold();
    const a = w.batch().forecast([chicago, newYork], opts);
    const b = w.batch().forecast([newYork, chicago], opts);
    // Batch b waits for a's fetch in the cache rather than asking again.
    await new Promise((r) => setImmediate(r));
    w.release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(w.asked.sort()).toEqual(['cell-chicago', 'cell-new-york']);
    expect([...ra, ...rb].map((r) => [r.key, r.ok])).toEqual([
      ['cell-chicago', true],
      ['cell-new-york', true],
      ['cell-new-york', true],
      ['cell-chicago', true],
    ]);
  });

  it('should fetch a cell itself when the batch that claimed it never stores it within the wait', async () => {
    const w = world({ claims: true });
    w.fail(true);
    const failed = await w.batch().forecast([chicago], opts);
    expect(failed[0]!.ok).toBe(false);
    w.fail(false);
    // The failed batch's claim still holds: the next batch waits it out, then asks itself.
    const late = w.batch(1_000);
    const results = await late.forecast([chicago], opts);
    expect(results[0]!.ok).toBe(true);
    expect(w.asked).toEqual(['cell-chicago', 'cell-chicago']);
    expect(w.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1_000);
    expect(late.stats().cacheHits).toBe(0);
  });

  it('should claim nothing for cells the cache already holds', async () => {
    const w = world({ claims: true });
    await w.batch().forecast([chicago], opts);
    const next = w.batch();
    await next.forecast([chicago], opts);
    expect(w.asked).toEqual(['cell-chicago']);
    expect(w.slept).toEqual([]);
    expect(next.stats().cacheHits).toBe(1);
  });
});
