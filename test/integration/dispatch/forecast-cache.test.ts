import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { DynamoForecastCache } from '../../../lambdas/adapters/dynamo/forecast-cache.repo';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import { testStack } from '../stack';

/** The forecast cache in DynamoDB Local: a cell's forecast comes back as stored until it expires. */
const stack = testStack();
const cache = new DynamoForecastCache(
  createRaincheckService(
    stack.lambdaConfig.TABLE_NAME,
    createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
  ),
);

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
