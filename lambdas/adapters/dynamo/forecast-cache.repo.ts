import type { ForecastCache } from '../../core/weather/cached-forecast';
import type { ForecastVariable, HourlyForecast } from '../../../shared/weather/forecast';
import type { RaincheckService } from './service';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { writtenUnlessConditionFails } from './conditions';

/** A fetch claim's item: beside the forecast's, never read as one (`getMany` asks for forecast keys). */
const claimKey = (key: string) => `fetching|${key}`;
/** Claims written at once by one batch. */
const CLAIMS_IN_FLIGHT = 16;

/**
 * A cell's forecast as the cache keeps it, as JSON: the hours as the first, the step and a count
 * when they follow at one step (as every provider's do; a third of the item as epoch numbers, and a
 * DynamoDB write unit per cell), else each hour as written before this (`time`).
 */
interface StoredForecast {
  latitude: number;
  longitude: number;
  source: HourlyForecast['source'];
  scenario?: string;
  time?: number[];
  firstHour?: number;
  hourStep?: number;
  hourCount?: number;
  values: Record<string, (number | null)[]>;
}

/** The hours as the first, the step and a count, when that gives back each one exactly. */
function storedHours(
  time: Float64Array,
): Pick<StoredForecast, 'time' | 'firstHour' | 'hourStep' | 'hourCount'> {
  const first = time[0]!;
  const step = time.length > 1 ? time[1]! - first : 0;
  const even = time.length > 1 && step > 0 && time.every((t, i) => t === first + i * step);
  return even ? { firstHour: first, hourStep: step, hourCount: time.length } : { time: Array.from(time) };
}

function hoursOf(s: StoredForecast): Float64Array {
  if (s.time) return Float64Array.from(s.time);
  return Float64Array.from({ length: s.hourCount! }, (_, i) => s.firstHour! + i * s.hourStep!);
}

export function toStored(f: HourlyForecast): string {
  const values: StoredForecast['values'] = {};
  for (const [name, series] of Object.entries(f.values))
    if (series) values[name] = Array.from(series, (v) => (Number.isFinite(v) ? v : null));
  const stored: StoredForecast = {
    latitude: f.latitude,
    longitude: f.longitude,
    source: f.source,
    ...(f.scenario ? { scenario: f.scenario } : {}),
    ...storedHours(f.time),
    values,
  };
  return JSON.stringify(stored);
}

export function fromStored(payload: string): HourlyForecast {
  const s = JSON.parse(payload) as StoredForecast;
  const values: HourlyForecast['values'] = {};
  for (const [name, series] of Object.entries(s.values))
    values[name as ForecastVariable] = Float64Array.from(series, (v) => (v === null ? Number.NaN : v));
  return {
    latitude: s.latitude,
    longitude: s.longitude,
    source: s.source,
    ...(s.scenario ? { scenario: s.scenario } : {}),
    time: hoursOf(s),
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
