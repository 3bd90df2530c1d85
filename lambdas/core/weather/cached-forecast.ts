import { slotStart } from '../../../shared/notice-slots';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import type { Clock } from '../runtime.ports';
import type {
  ForecastLocation,
  ForecastOptions,
  ForecastResult,
  WeatherProvider,
  WeatherProviderStats,
} from './weather.ports';

/** Forecasts by cache key, each kept until its expiry (DynamoDB with a TTL in AWS and locally). */
export interface ForecastCache {
  /** The unexpired forecasts among `keys`; missing keys are absent from the map. */
  getMany(keys: readonly string[], now: Date): Promise<Map<string, HourlyForecast>>;
  putMany(entries: readonly { key: string; forecast: HourlyForecast }[], expiresAt: Date): Promise<void>;
}

/**
 * How long a cell's forecast is reused: the runs of one slot (the planner's batches and an admin's
 * "run now") share it, while the models' hourly updates still reach the next slots.
 */
export const FORECAST_CACHE_TTL_MINUTES = 30;

/**
 * A weather provider in front of another, answering each location from the cache when an unexpired
 * forecast of the same point, scenario, length and run slot is there, and asking upstream only for
 * the rest (then storing them). A cache that fails to answer or store is skipped, never fatal.
 */
export class CachedForecastProvider implements WeatherProvider {
  readonly name: WeatherProvider['name'];
  private cacheHits = 0;

  constructor(
    private readonly inner: WeatherProvider,
    private readonly cache: ForecastCache,
    private readonly clock: Clock,
  ) {
    this.name = inner.name;
  }

  private keyOf(location: ForecastLocation, opts: ForecastOptions): string {
    // The run's slot, not its UTC day: an admin's run of the morning slot must not judge the
    // forecast the evening slot of the same UTC day stored (the all-clear would never go out).
    const slot = slotStart(opts.now).toISOString();
    return [
      this.inner.name,
      location.latitude.toFixed(4),
      location.longitude.toFixed(4),
      location.scenario ?? '',
      opts.days,
      slot,
    ].join('|');
  }

  async forecast(locations: ForecastLocation[], opts: ForecastOptions): Promise<ForecastResult[]> {
    const now = this.clock.now();
    const keys = locations.map((l) => this.keyOf(l, opts));
    let cached = new Map<string, HourlyForecast>();
    try {
      cached = await this.cache.getMany([...new Set(keys)], now);
    } catch {
      // The cache is an optimisation: without it every location goes upstream.
    }
    const missing = locations.flatMap((_, i) => (cached.has(keys[i]!) ? [] : [i]));
    const fetched =
      missing.length > 0
        ? await this.inner.forecast(
            missing.map((i) => locations[i]!),
            opts,
          )
        : [];
    const results: ForecastResult[] = locations.map((location, i) => {
      const hit = cached.get(keys[i]!);
      return hit
        ? { key: location.key, ok: true, forecast: hit }
        : { key: location.key, ok: false, error: 'missing' };
    });
    const fresh: { key: string; forecast: HourlyForecast }[] = [];
    missing.forEach((i, j) => {
      const result = fetched[j]!;
      results[i] = result;
      if (result.ok) fresh.push({ key: keys[i]!, forecast: result.forecast });
    });
    this.cacheHits += locations.length - missing.length;
    if (fresh.length > 0) {
      try {
        await this.cache.putMany(fresh, new Date(now.getTime() + FORECAST_CACHE_TTL_MINUTES * 60_000));
      } catch {
        // Not stored: the next run asks upstream again.
      }
    }
    return results;
  }

  stats(): WeatherProviderStats {
    return { ...this.inner.stats(), cacheHits: this.cacheHits };
  }

  resetStats(): void {
    this.inner.resetStats();
    this.cacheHits = 0;
  }
}
