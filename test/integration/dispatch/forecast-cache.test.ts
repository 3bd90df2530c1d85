import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { DynamoForecastCache } from '../../../lambdas/adapters/dynamo/forecast-cache.repo';
import { DynamoCellZonesCache } from '../../../lambdas/adapters/dynamo/cell-zones-cache.repo';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import { testStack } from '../stack';

/** The forecast cache in DynamoDB Local: a cell's forecast comes back as stored until it expires. */
const stack = testStack();
const db = createRaincheckService(
  stack.lambdaConfig.TABLE_NAME,
  createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
);
const cache = new DynamoForecastCache(db);
const zones = new DynamoCellZonesCache(db);

const NOW = new Date('2026-12-02T11:00:00.000Z');

function forecast(): HourlyForecast {
  const start = Date.parse('2026-12-02T00:00:00Z');
  return {
    latitude: 41.9,
    longitude: -87.65,
    source: 'open-meteo',
    time: Float64Array.from({ length: 72 }, (_, i) => start + i * 3600_000),
    values: {
      wind_gusts: Float64Array.from({ length: 72 }, (_, i) => (i === 5 ? Number.NaN : 40 + (i % 7))),
      precipitation: Float64Array.from({ length: 72 }, () => 0.25),
    },
  };
}

describe('the forecast cache table', () => {
  it('should give back a stored forecast hour for hour, gaps included, until it expires', async () => {
    const fresh = `test|${randomUUID()}`;
    const stale = `test|${randomUUID()}`;
    await cache.putMany([{ key: fresh, forecast: forecast() }], new Date(NOW.getTime() + 30 * 60_000));
    await cache.putMany([{ key: stale, forecast: forecast() }], new Date(NOW.getTime() - 60_000));

    const found = await cache.getMany([fresh, stale, `test|${randomUUID()}`], NOW);
    expect([...found.keys()]).toEqual([fresh]);
    const back = found.get(fresh)!;
    expect(Array.from(back.time)).toEqual(Array.from(forecast().time));
    expect(Array.from(back.values.wind_gusts!)).toEqual(Array.from(forecast().values.wind_gusts!));
    expect(back.values.precipitation![0]).toBe(0.25);
    expect(back.source).toBe('open-meteo');
  });
});

describe("the forecast cache's fetch claims", () => {
  it('should let one of 20 batches claiming a cell at once fetch it, and others only once its claim ran out', async () => {
    const cell = `test|${randomUUID()}`;
    const other = `test|${randomUUID()}`;
    const until = new Date(NOW.getTime() + 30_000);
    const won = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cache.claimFetches(i === 0 ? [cell, other] : [cell], until, NOW)),
    );
    expect(won.filter((w) => w.has(cell))).toHaveLength(1);
    expect(won.filter((w) => w.has(other))).toHaveLength(1);
    // Still held a second before it ends; free once it has.
    expect(await cache.claimFetches([cell], until, new Date(until.getTime() - 1_000))).toEqual(new Set());
    const after = new Date(until.getTime() + 1_000);
    expect(await cache.claimFetches([cell], new Date(after.getTime() + 30_000), after)).toEqual(
      new Set([cell]),
    );
    // A claim is never read as the cell's forecast.
    expect((await cache.getMany([cell, other], NOW)).size).toBe(0);
  });
});

describe('the NWS zones kept per grid cell', () => {
  it("should give back a cell's zones until they expire, apart from any forecast of the same cell", async () => {
    const cell = `41.9,-87.65|${randomUUID()}`;
    const old = `41.9,-87.7|${randomUUID()}`;
    await cache.putMany([{ key: cell, forecast: forecast() }], new Date(NOW.getTime() + 30 * 60_000));
    await zones.putMany(
      [{ cellKey: cell, zones: ['ILZ014', 'ILC031', 'ILZ103'] }],
      new Date(NOW.getTime() + 86_400_000),
    );
    await zones.putMany([{ cellKey: old, zones: ['ILZ013'] }], new Date(NOW.getTime() - 60_000));

    const found = await zones.getMany([cell, old, `nowhere|${randomUUID()}`], NOW);

    expect([...found.entries()]).toEqual([[cell, ['ILZ014', 'ILC031', 'ILZ103']]]);
    expect((await cache.getMany([cell], NOW)).get(cell)?.source).toBe('open-meteo');
  });
});
