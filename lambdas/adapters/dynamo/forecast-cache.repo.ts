import type { ForecastCache } from '../../core/weather/cached-forecast';
import type { ForecastVariable, HourlyForecast } from '../../../shared/weather/forecast';
import type { RaincheckService } from './service';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { writtenUnlessConditionFails } from './conditions';

/** A fetch claim's item: beside the forecast's, never read as one (`getMany` asks for forecast keys). */
const claimKey = (key: string) => `fetching|${key}`;
/** Claims written at once by one batch. */
const CLAIMS_IN_FLIGHT = 16;

interface StoredForecast {
  latitude: number;
  longitude: number;
  source: HourlyForecast['source'];
  scenario?: string;
  time: number[];
  values: Record<string, (number | null)[]>;
}

function toStored(f: HourlyForecast): string {
  const values: StoredForecast['values'] = {};
  for (const [name, series] of Object.entries(f.values))
    if (series) values[name] = Array.from(series, (v) => (Number.isFinite(v) ? v : null));
  const stored: StoredForecast = {
    latitude: f.latitude,
    longitude: f.longitude,
    source: f.source,
    ...(f.scenario ? { scenario: f.scenario } : {}),
    time: Array.from(f.time),
    values,
  };
  return JSON.stringify(stored);
}

function fromStored(payload: string): HourlyForecast {
  const s = JSON.parse(payload) as StoredForecast;
  const values: HourlyForecast['values'] = {};
  for (const [name, series] of Object.entries(s.values))
    values[name as ForecastVariable] = Float64Array.from(series, (v) => (v === null ? Number.NaN : v));
  return {
    latitude: s.latitude,
    longitude: s.longitude,
    source: s.source,
    ...(s.scenario ? { scenario: s.scenario } : {}),
    time: Float64Array.from(s.time),
    values,
  };
}

/** The forecast cache in the one table: batch reads and writes, expiry by the table's TTL. */
export class DynamoForecastCache implements ForecastCache {
  constructor(private readonly db: RaincheckService) {}

  async getMany(keys: readonly string[], now: Date): Promise<Map<string, HourlyForecast>> {
    const out = new Map<string, HourlyForecast>();
    if (keys.length === 0) return out;
    const { data } = await this.db.entities.forecastCache.get(keys.map((cacheKey) => ({ cacheKey }))).go();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // TTL deletion is lazy: an expired item may still be read.
    for (const item of data)
      if (item.expiresAt > nowSeconds) out.set(item.cacheKey, fromStored(item.payload));
    return out;
  }

  async putMany(
    entries: readonly { key: string; forecast: HourlyForecast }[],
    expiresAt: Date,
  ): Promise<void> {
    if (entries.length === 0) return;
    const expires = Math.floor(expiresAt.getTime() / 1000);
    await this.db.entities.forecastCache
      .put(entries.map((e) => ({ cacheKey: e.key, payload: toStored(e.forecast), expiresAt: expires })))
      .go();
  }

  async claimFetches(keys: readonly string[], until: Date, now: Date): Promise<Set<string>> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expiresAt = Math.ceil(until.getTime() / 1000);
    const claimed = new Set<string>();
    await mapWithConcurrency(keys, CLAIMS_IN_FLIGHT, async (key) => {
      const won = await writtenUnlessConditionFails(() =>
        this.db.entities.forecastCache
          .put({ cacheKey: claimKey(key), payload: 'claim', expiresAt })
          // Free, or held by a claim whose time passed (TTL deletion is lazy).
          .where((a, op) => `${op.notExists(a.cacheKey)} OR ${op.lt(a.expiresAt, nowSeconds)}`)
          .go({ response: 'none' }),
      );
      if (won) claimed.add(key);
    });
    return claimed;
  }
}
