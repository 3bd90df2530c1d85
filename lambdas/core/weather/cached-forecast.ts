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
  /**
   * Claims the fetch of each of `keys` until `until` (a conditional write per key; a claim whose
   * time passed may be taken again) and answers the keys this caller now holds. The others are
   * being fetched by another batch, whose forecasts reach the cache shortly.
   */
  claimFetches?(keys: readonly string[], until: Date, now: Date): Promise<Set<string>>;
}

/**
 * How long a cell's forecast is reused: the runs of one slot (the planner's batches and an admin's
 * "run now") share it, while the models' hourly updates still reach the next slots.
 */
export const FORECAST_CACHE_TTL_MINUTES = 30;

/**
 * Batches running at once that need one cell: one fetches it, the others wait for it in the cache
 * (polled), at most this long before fetching it themselves (a holder that failed or died). A
 * claim lasts twice as long, so a waiter never takes over a fetch still in time.
 */
export const FETCH_WAIT_MS = 15_000;
const FETCH_CLAIM_MS = 2 * FETCH_WAIT_MS;
const POLL_MS = 250;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A weather provider in front of another, answering each location from the cache when an unexpired
 * forecast of the same point, scenario, length and run slot is there, and asking upstream only for
 * the rest (then storing them). Where the cache can claim fetches, a location another batch is
 * fetching right now is awaited in the cache rather than asked again. A cache that fails to answer,
 * claim or store is skipped, never fatal.
 */
export class CachedForecastProvider implements WeatherProvider {
  readonly name: WeatherProvider['name'];
  private cacheHits = 0;

  constructor(
    private readonly inner: WeatherProvider,
    private readonly cache: ForecastCache,
    private readonly clock: Clock,
    private readonly wait: { sleep: (ms: number) => Promise<void>; waitMs: number } = {
      sleep: sleepFor,
      waitMs: FETCH_WAIT_MS,
    },
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
      // Keys of forecasts from 00:00 UTC today are as before; one with yesterday's hours is apart.
      opts.pastDays ? `${opts.days}+${opts.pastDays}` : opts.days,
      slot,
    ].join('|');
  }

  async forecast(locations: ForecastLocation[], opts: ForecastOptions): Promise<ForecastResult[]> {
    const now = this.clock.now();
    const keys = locations.map((l) => this.keyOf(l, opts));
    const locationOf = new Map<string, ForecastLocation>();
    keys.forEach((k, i) => locationOf.has(k) || locationOf.set(k, locations[i]!));
    const found = await this.read([...locationOf.keys()], now);
    const fetched = new Map<string, ForecastResult>();
    const fetch = async (wanted: string[]) => {
      if (wanted.length === 0) return;
      const results = await this.inner.forecast(
        wanted.map((k) => locationOf.get(k)!),
        opts,
      );
      const fresh: { key: string; forecast: HourlyForecast }[] = [];
      wanted.forEach((k, j) => {
        const result = results[j]!;
        fetched.set(k, result);
        if (result.ok) fresh.push({ key: k, forecast: result.forecast });
      });
      await this.store(fresh, now);
    };
    const missing = [...locationOf.keys()].filter((k) => !found.has(k));
    const mine = await this.claim(missing, now);
    const theirs = missing.filter((k) => !mine.has(k));
    // Ours fetched while the others' are awaited; what did not come in time is fetched here.
    await Promise.all([fetch(missing.filter((k) => mine.has(k))), this.awaitFetchedByOthers(theirs, found)]);
    await fetch(theirs.filter((k) => !found.has(k)));
    return locations.map((location, i) => {
      const result = fetched.get(keys[i]!);
      if (result) return { ...result, key: location.key };
      this.cacheHits += 1;
      return { key: location.key, ok: true, forecast: found.get(keys[i]!)! };
    });
  }

  /** The cache's unexpired forecasts of `keys` (none when the cache cannot answer). */
  private async read(keys: string[], now: Date): Promise<Map<string, HourlyForecast>> {
    if (keys.length === 0) return new Map();
    try {
      return await this.cache.getMany(keys, now);
    } catch {
      // The cache is an optimisation: without it every location goes upstream.
      return new Map();
    }
  }

  /** The keys this batch fetches: those it claimed (all of them when the cache cannot claim). */
  private async claim(keys: string[], now: Date): Promise<Set<string>> {
    if (keys.length === 0 || !this.cache.claimFetches) return new Set(keys);
    try {
      return await this.cache.claimFetches(keys, new Date(now.getTime() + FETCH_CLAIM_MS), now);
    } catch {
      return new Set(keys);
    }
  }

  /** Polls the cache for `keys` (fetched by others) into `found`, for at most the wait. */
  private async awaitFetchedByOthers(keys: string[], found: Map<string, HourlyForecast>): Promise<void> {
    let pending = keys;
    for (let waited = 0; pending.length > 0 && waited < this.wait.waitMs; waited += POLL_MS) {
      await this.wait.sleep(POLL_MS);
      const got = await this.read(pending, this.clock.now());
      for (const [k, f] of got) found.set(k, f);
      pending = pending.filter((k) => !got.has(k));
    }
  }

  private async store(fresh: { key: string; forecast: HourlyForecast }[], now: Date): Promise<void> {
    if (fresh.length === 0) return;
    try {
      await this.cache.putMany(fresh, new Date(now.getTime() + FORECAST_CACHE_TTL_MINUTES * 60_000));
    } catch {
      // Not stored: the next run asks upstream again.
    }
  }

  stats(): WeatherProviderStats {
    return { ...this.inner.stats(), cacheHits: this.cacheHits };
  }

  resetStats(): void {
    this.inner.resetStats();
    this.cacheHits = 0;
  }
}
