import { fromStored, toStored } from '../../../lambdas/adapters/dynamo/forecast-cache.repo';
import type { HourlyForecast } from '../../../shared/weather/forecast';

const HOUR = 3600_000;
const START = Date.parse('2026-12-02T00:00:00Z');

function forecastAt(time: number[], scenario?: string): HourlyForecast {
  return {
    latitude: 41.9,
    longitude: -87.65,
    source: 'open-meteo',
    ...(scenario ? { scenario } : {}),
    time: Float64Array.from(time),
    values: {
      wind_gusts: Float64Array.from(time, (_, i) => (i === 1 ? Number.NaN : 40.5 + (i % 7))),
      precipitation: Float64Array.from(time, () => 0.25),
    },
  };
}

/** A forecast as plain arrays (NaN kept as NaN), so two can be compared value for value. */
const plain = (f: HourlyForecast) => ({
  ...f,
  time: Array.from(f.time),
  values: Object.fromEntries(Object.entries(f.values).map(([k, v]) => [k, Array.from(v!)])),
});

const hourly = (count: number) => Array.from({ length: count }, (_, i) => START + i * HOUR);

describe("a cell's forecast as the cache stores it", () => {
  it.each([
    ['a week of hours', forecastAt(hourly(168))],
    ['hours with a scenario', forecastAt(hourly(72), 'storm')],
    ['quarter hours', forecastAt(Array.from({ length: 8 }, (_, i) => START + i * 900_000))],
    ['hours with one missing', forecastAt([...hourly(3), START + 4 * HOUR])],
    ['hours out of order', forecastAt([START + HOUR, START])],
    ['a single hour', forecastAt([START])],
    ['no hours', forecastAt([])],
  ])('should give back %s exactly', (_, forecast) => {
    expect(plain(fromStored(toStored(forecast)))).toEqual(plain(forecast));
  });

  it('should keep evenly spaced hours as the first, the step and a count', () => {
    const payload = toStored(forecastAt(hourly(168)));
    expect(payload).not.toContain(String(START + HOUR));
    expect(payload.length).toBeLessThan(JSON.stringify(hourly(168)).length);
  });

  it('should read a forecast stored with each hour written out', () => {
    const forecast = forecastAt(hourly(24));
    const before = JSON.stringify({ ...plain(forecast), values: { precipitation: Array(24).fill(0.25) } });
    expect(Array.from(fromStored(before).time)).toEqual(hourly(24));
  });
});
