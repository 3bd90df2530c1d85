import type { CellZonesCache } from '../../core/weather/weather.ports';
import type { RaincheckService } from './service';

/**
 * The NWS zones of each grid cell, in the forecast cache's records (both are cached answers of a
 * weather service for one cell, read in batches, removed by the table's TTL); the key prefix keeps
 * them apart from forecasts.
 */
const PREFIX = 'nws-zones|';

export class DynamoCellZonesCache implements CellZonesCache {
  constructor(private readonly db: RaincheckService) {}

  async getMany(cellKeys: readonly string[], now: Date): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (cellKeys.length === 0) return out;
    const { data } = await this.db.entities.forecastCache
      .get(cellKeys.map((key) => ({ cacheKey: PREFIX + key })))
      .go();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    for (const item of data) {
      // TTL deletion is lazy: an expired item may still be read.
      if (item.expiresAt <= nowSeconds) continue;
      const zones = JSON.parse(item.payload) as unknown;
      if (Array.isArray(zones)) out.set(item.cacheKey.slice(PREFIX.length), zones.map(String));
    }
    return out;
  }

  async putMany(entries: readonly { cellKey: string; zones: string[] }[], expiresAt: Date): Promise<void> {
    if (entries.length === 0) return;
    const expires = Math.floor(expiresAt.getTime() / 1000);
    await this.db.entities.forecastCache
      .put(
        entries.map((e) => ({
          cacheKey: PREFIX + e.cellKey,
          payload: JSON.stringify(e.zones),
          expiresAt: expires,
        })),
      )
      .go();
  }
}
