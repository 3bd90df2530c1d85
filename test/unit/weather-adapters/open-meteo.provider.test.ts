import {
  OPEN_METEO_CUSTOMER_URL,
  OPEN_METEO_PUBLIC_URL,
  OpenMeteoProvider,
  type OpenMeteoProviderOptions,
} from '../../../lambdas/adapters/weather/open-meteo.provider';
import type { ForecastLocation, ForecastResult } from '../../../lambdas/core/weather/weather.ports';
import { ForecastOptionsError } from '../../../lambdas/core/weather/weather.errors';
import { OPEN_METEO_HOURLY_REQUEST } from '../../../shared/weather/open-meteo-variables';
import { OM, fixture, fixtureText, openMeteoAnswer, recordingSleep } from './support';
import { loopbackServerDuringTests } from '../../support/loopback-server';

const NOW = new Date('2025-10-25T09:30:00Z');
const melbourne = fixture(OM.melbourne);
const answerFromFixture = (params: URLSearchParams) => ({
  status: 200,
  body: openMeteoAnswer(melbourne, params),
});

const server = loopbackServerDuringTests();
/** The result for location `a` when Open-Meteo refuses it with `status`. */
const refusedAnswer = (status: number, error: string) => ({ key: 'a', ok: false, status, error });

function provider(extra: Partial<OpenMeteoProviderOptions> = {}) {
  const sleeper = recordingSleep();
  const p = new OpenMeteoProvider({
    baseUrl: server.url,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, timeoutMs: 2000 },
    http: { sleep: sleeper.sleep, random: () => 0.5 },
    ...extra,
  });
  return { p, delays: sleeper.delays };
}

function place(key: string, latitude: number, longitude: number): ForecastLocation {
  return { key, latitude, longitude };
}

/** n distinct places on a grid around Melbourne. */
function places(n: number): ForecastLocation[] {
  return Array.from({ length: n }, (_, i) =>
    place(`site-${i}`, -37 - Math.floor(i / 100) * 0.01, 144 + (i % 100) * 0.01),
  );
}

const okKeys = (results: ForecastResult[]) => results.filter((r) => r.ok).map((r) => r.key);

describe('OpenMeteoProvider against a local server', () => {
  it("should ask for past_days=1 only when yesterday's hours are wanted", async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();
    await p.forecast([place('mel', -37.75, 144.875)], { days: 2, now: NOW, pastDays: 1 });
    await p.forecast([place('mel', -37.75, 144.875)], { days: 2, now: NOW, pastDays: 0 });
    expect(server.requests.map((r) => r.params.get('past_days'))).toEqual(['1', null]);
  });

  it('should ask for GMT, unixtime, metric units, our variables and forecast_days when it forecasts', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();

    const [result] = await p.forecast([place('mel', -37.75, 144.875)], { days: 2, now: NOW });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(req.params)).toEqual({
      latitude: '-37.75',
      longitude: '144.875',
      hourly: OPEN_METEO_HOURLY_REQUEST.join(','),
      forecast_days: '2',
      timezone: 'GMT',
      timeformat: 'unixtime',
      temperature_unit: 'celsius',
      wind_speed_unit: 'kmh',
      precipitation_unit: 'mm',
    });
    expect(req.params.get('hourly')).toBe(
      'temperature_2m,apparent_temperature,dew_point_2m,relative_humidity_2m,precipitation,precipitation_probability,snowfall,wind_speed_10m,wind_gusts_10m,weather_code,visibility',
    );
    expect(result).toMatchObject({ key: 'mel', ok: true });
    const forecast = (result as Extract<ForecastResult, { ok: true }>).forecast;
    expect(forecast.time).toHaveLength(48);
    expect(forecast.time[0]).toBe(Date.UTC(2025, 9, 25));
    expect(Math.max(...Array.from(forecast.values.temperature!))).toBe(22.8);
    expect(p.stats()).toEqual({ upstreamCalls: 1, upstreamLocations: 1, retries: 0, failures: 0 });
  });

  it('should send identical coordinates once and give every location its result when they repeat', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();
    const input = [place('a', -37.75, 144.875), place('b', -37.8, 145), place('c', -37.75, 144.875)];

    const results = await p.forecast(input, { days: 1, now: NOW });

    expect(server.requests[0]!.params.get('latitude')).toBe('-37.75,-37.8');
    expect(results.map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(results.every((r) => r.ok)).toBe(true);
    const lat = (r: ForecastResult) => (r.ok ? r.forecast.latitude : NaN);
    expect(results.map(lat)).toEqual([-37.75, -37.8, -37.75]);
    expect(p.stats().upstreamLocations).toBe(2);
  });

  it('should report an invalid coordinate for that location only and never send it', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();

    const results = await p.forecast([place('ok', -37.75, 144.875), place('bad', 95, 10)], {
      days: 1,
      now: NOW,
    });

    expect(results[0]).toMatchObject({ key: 'ok', ok: true });
    expect(results[1]).toEqual({
      key: 'bad',
      ok: false,
      error: 'Invalid latitude 95: must be between -90 and 90',
    });
    expect(server.requests[0]!.params.get('latitude')).toBe('-37.75');
    expect(p.stats().failures).toBe(1);
  });

  it('should make no call when there is nothing valid to ask for', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();

    await expect(p.forecast([], { days: 1, now: NOW })).resolves.toEqual([]);
    const [bad] = await p.forecast([place('bad', Number.NaN, 0)], { days: 1, now: NOW });

    expect(bad).toMatchObject({ ok: false, error: 'Invalid latitude NaN: must be between -90 and 90' });
    expect(server.requests).toHaveLength(0);
    expect(p.stats().upstreamCalls).toBe(0);
  });

  it('should refuse options no provider can honour when days is out of range', async () => {
    const { p } = provider();
    await expect(p.forecast([place('a', 1, 1)], { days: 17, now: NOW })).rejects.toBeInstanceOf(
      ForecastOptionsError,
    );
  });

  it('should use a POST form body when the URL would be too long for a GET', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();

    const results = await p.forecast(places(200), { days: 1, now: NOW });

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.url.search).toBe('');
    expect(req.params.get('latitude')!.split(',')).toHaveLength(200);
    expect(req.params.get('timezone')).toBe('GMT');
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('should split the locations into calls of at most 1,000 when there are more', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider();

    const results = await p.forecast(places(2500), { days: 1, now: NOW });

    expect(server.requests.map((r) => r.params.get('latitude')!.split(',').length)).toEqual([
      1000, 1000, 500,
    ]);
    expect(results).toHaveLength(2500);
    expect(results.every((r) => r.ok)).toBe(true);
    // Results come back in request order across the calls.
    expect(results[1234]!.key).toBe('site-1234');
    expect(results[1234]!.ok && results[1234]!.forecast.longitude).toBe(144.34);
    expect(p.stats()).toMatchObject({ upstreamCalls: 3, upstreamLocations: 2500 });
  });

  it('should try a 400 once and report Open-Meteo’s reason when the request is refused', async () => {
    server.respond(() => ({ status: 400, body: fixtureText(OM.error400) }));
    const { p, delays } = provider();

    const [result] = await p.forecast([place('a', -37.75, 144.875)], { days: 1, now: NOW });

    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    const reason =
      "Open-Meteo HTTP 400: Parameter 'start_date' is out of allowed range from 2016-01-01 to 2026-10-09";
    expect(result).toEqual(refusedAnswer(400, reason));
  });

  it('should fail every location with two extra calls when a 400 is about the whole request', async () => {
    server.respond(() => ({ status: 400, body: fixtureText(OM.error400) }));
    const { p } = provider();

    const results = await p.forecast(places(8), { days: 1, now: NOW });

    expect(server.requests).toHaveLength(3); // the request, then each half once
    expect(results.every((r) => !r.ok && r.status === 400)).toBe(true);
  });

  it('should isolate the location at fault when a 400 is caused by one location of a batch', async () => {
    const poisoned = '-37.05';
    server.respond((req) =>
      req.params.get('latitude')!.split(',').includes(poisoned)
        ? { status: 400, body: JSON.stringify({ error: true, reason: `No data for latitude ${poisoned}` }) }
        : answerFromFixture(req.params),
    );
    const { p } = provider();
    const input = places(8).map((l, i) => (i === 5 ? { ...l, latitude: -37.05 } : l));

    const results = await p.forecast(input, { days: 1, now: NOW });

    expect(okKeys(results)).toEqual(['site-0', 'site-1', 'site-2', 'site-3', 'site-4', 'site-6', 'site-7']);
    expect(results[5]).toEqual({
      key: 'site-5',
      ok: false,
      status: 400,
      error: 'Open-Meteo HTTP 400: No data for latitude -37.05',
    });
    expect(server.requests.length).toBeLessThanOrEqual(1 + 2 * Math.log2(8));
  });

  it('should retry 503s, then report them, while the other calls of the run still get forecasts', async () => {
    server.respond((req) =>
      req.params.get('longitude')!.split(',').includes('144')
        ? { status: 503, body: 'upstream busy' }
        : answerFromFixture(req.params),
    );
    const { p, delays } = provider({ maxLocationsPerCall: 2 });

    const results = await p.forecast(places(4), { days: 1, now: NOW });

    // site-0 and site-1 share the failing call; site-2 and site-3 are in the next one.
    expect(results.slice(0, 2)).toEqual([
      { key: 'site-0', ok: false, status: 503, error: 'Open-Meteo HTTP 503 after 3 attempts' },
      { key: 'site-1', ok: false, status: 503, error: 'Open-Meteo HTTP 503 after 3 attempts' },
    ]);
    expect(okKeys(results)).toEqual(['site-2', 'site-3']);
    expect(server.requests).toHaveLength(4);
    // Full jitter (random 0.5) under a ceiling of 100 ms · 2^(n-1).
    expect(delays).toEqual([50, 100]);
    expect(p.stats()).toEqual({ upstreamCalls: 4, upstreamLocations: 8, retries: 2, failures: 2 });
  });

  it('should wait what Retry-After asks when Open-Meteo answers 429', async () => {
    let calls = 0;
    server.respond((req) =>
      ++calls === 1
        ? {
            status: 429,
            headers: { 'retry-after': '2' },
            body: JSON.stringify({ error: true, reason: 'Minutely API request limit exceeded.' }),
          }
        : answerFromFixture(req.params),
    );
    const { p, delays } = provider();

    const [result] = await p.forecast([place('a', -37.75, 144.875)], { days: 1, now: NOW });

    expect(result!.ok).toBe(true);
    expect(delays).toEqual([2000]);
    expect(p.stats()).toMatchObject({ upstreamCalls: 2, retries: 1 });
  });

  it('should not retry when Retry-After asks for longer than it waits', async () => {
    server.respond(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: JSON.stringify({ error: true, reason: 'Daily API request limit exceeded.' }),
    }));
    const { p, delays } = provider();

    const [result] = await p.forecast([place('a', -37.75, 144.875)], { days: 1, now: NOW });

    expect(delays).toEqual([]);
    const reason =
      'Open-Meteo HTTP 429; asked to retry after 3600 s, longer than the 30 s we wait: Daily API request limit exceeded.';
    expect(result).toEqual(refusedAnswer(429, reason));
  });

  it('should time out a call that does not answer and report it after the retries', async () => {
    server.respond(() => ({ status: 200, body: '{}', delayMs: 1000 }));
    const { p } = provider({ retry: { maxAttempts: 2, timeoutMs: 100, baseDelayMs: 1 } });

    const [result] = await p.forecast([place('a', -37.75, 144.875)], { days: 1, now: NOW });

    expect(result).toEqual({
      key: 'a',
      ok: false,
      error: 'Open-Meteo timed out after 100 ms after 2 attempts',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('should fail the call’s locations when the answer holds a different number of locations', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(OM.reading) }));
    const { p } = provider();

    const results = await p.forecast(places(3), { days: 1, now: NOW });

    expect(results.every((r) => !r.ok && r.error === 'Open-Meteo answered 2 locations for 3 requested')).toBe(
      true,
    );
  });

  it('should fail only the unreadable location when one location of a 200 answer is malformed', async () => {
    server.respond((req) => {
      const body = JSON.parse(openMeteoAnswer(melbourne, req.params));
      body[1].hourly_units.temperature_2m = 'K';
      return { status: 200, body: JSON.stringify(body) };
    });
    const { p } = provider();

    const results = await p.forecast(places(3), { days: 1, now: NOW });

    expect(okKeys(results)).toEqual(['site-0', 'site-2']);
    expect(results[1]).toMatchObject({ ok: false, error: expect.stringContaining('Unsupported unit "K"') });
  });

  it('should send the API key as apikey when one is configured', async () => {
    server.respond((req) => answerFromFixture(req.params));
    const { p } = provider({ apiKey: 'k-123' });

    await p.forecast([place('a', -37.75, 144.875)], { days: 1, now: NOW });

    expect(server.requests[0]!.params.get('apikey')).toBe('k-123');
  });
});

describe('OpenMeteoProvider hosts', () => {
  async function urlUsed(options: OpenMeteoProviderOptions): Promise<string> {
    let seen = '';
    const p = new OpenMeteoProvider({
      ...options,
      http: {
        fetch: (async (input: string | URL | Request) => {
          seen = String(input);
          return new Response(JSON.stringify({ error: true, reason: 'stop here' }), { status: 400 });
        }) as typeof fetch,
      },
    });
    await p.forecast([place('a', 1, 2)], { days: 1, now: NOW });
    return seen;
  }

  it('should use the public host when no API key is configured', async () => {
    expect(await urlUsed({})).toMatch(new RegExp(`^${OPEN_METEO_PUBLIC_URL}/v1/forecast\\?`));
  });

  it('should use the customer host when an API key is configured', async () => {
    expect(await urlUsed({ apiKey: 'k' })).toMatch(
      new RegExp(`^${OPEN_METEO_CUSTOMER_URL}/v1/forecast\\?.*apikey=k`),
    );
  });

  it('should keep a configured base URL that already ends in /v1/forecast', async () => {
    expect(await urlUsed({ baseUrl: 'http://127.0.0.1:9/v1/forecast/' })).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/v1\/forecast\?/,
    );
  });
});
