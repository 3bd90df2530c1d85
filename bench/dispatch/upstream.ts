// The upstream stand-in (runs in a child process: `tsx bench/dispatch.ts --upstream`).
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LATENCY_MS, HOUR, DAY, MAX_LOCATIONS, MAX_BODY_BYTES } from './common';
import { prng, hash } from '../seeded-random';

export const UNITS: Record<string, string> = {
  temperature_2m: '°C',
  apparent_temperature: '°C',
  dew_point_2m: '°C',
  relative_humidity_2m: '%',
  precipitation: 'mm',
  precipitation_probability: '%',
  snowfall: 'cm',
  wind_speed_10m: 'km/h',
  wind_gusts_10m: 'km/h',
  weather_code: 'wmo code',
  visibility: 'm',
};

export const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Plausible late-autumn weather for a point: temperature by latitude with a regional anomaly and a
 * solar-time daily cycle, fronts that bring rain, wind and gusts over a 0.5° region (neighbouring
 * cells agree), light local showers. Deterministic in (point, day).
 */
export function weatherAt(
  lat: number,
  lon: number,
  startMs: number,
  hours: number,
  /**
   * A storm morning: the share of 0.5° regions a storm front crosses in the days served, the rest
   * calm and mild (no showers, light wind). Absent: fronts in 40% of regions, late-autumn weather
   * everywhere else (cold, windy, showers).
   */
  stormShare?: number,
): Record<string, number[]> {
  const dayIndex = Math.floor(startMs / DAY);
  const region = prng(hash(`${Math.floor(lat * 2)},${Math.floor(lon * 2)},${dayIndex}`));
  const local = prng(hash(`${lat},${lon},${dayIndex}`));
  const autumn = 24 - 0.55 * (Math.abs(lat) - 20) + (region() - 0.5) * 12 + (local() - 0.5) * 1.5;
  const autumnWind = 4 + region() * 22;
  const front =
    region() < (stormShare ?? 0.4)
      ? { at: Math.floor(region() * hours), len: 3 + Math.floor(region() * 9) }
      : null;
  const intensity = 0.5 + region() * 6;
  // Outside a storm morning's storm: mild and still, so what crews hear about is the storm.
  const calm = stormShare !== undefined && front === null;
  const base = calm ? 16 + (region() - 0.5) * 6 : autumn;
  const windBase = calm ? 3 + region() * 6 : autumnWind;
  const out: Record<string, number[]> = {};
  for (const name of Object.keys(UNITS)) out[name] = new Array<number>(hours);
  for (let i = 0; i < hours; i++) {
    const solarHour = ((((startMs + i * HOUR) / HOUR + lon / 15) % 24) + 24) % 24;
    const t = base + 5 * Math.cos(((solarHour - 15) / 24) * 2 * Math.PI) + (local() - 0.5);
    const inFront = front !== null && i >= front.at && i < front.at + front.len;
    const nearFront = front !== null && i >= front.at - 3 && i < front.at + front.len + 3;
    const shower = !calm && !inFront && local() < 0.03;
    const rain = inFront ? intensity * (0.4 + local() * 0.8) : shower ? local() * 1.5 : 0;
    const wind = windBase + (inFront ? 15 : 0) + local() * 8;
    const gust = wind * (1.3 + local() * 0.4);
    const rh = Math.min(100, (rain > 0 ? 85 : 55) + local() * 15);
    out.temperature_2m![i] = round1(t);
    out.apparent_temperature![i] = round1(t - wind * 0.12);
    out.dew_point_2m![i] = round1(t - (100 - rh) / 5);
    out.relative_humidity_2m![i] = Math.round(rh);
    out.precipitation![i] = Math.round(rain * 100) / 100;
    out.precipitation_probability![i] = Math.round(
      inFront ? 70 + local() * 30 : nearFront ? 40 + local() * 30 : local() * 30,
    );
    out.snowfall![i] = t < 0.5 ? Math.round(rain * 70) / 100 : 0;
    out.wind_speed_10m![i] = round1(wind);
    out.wind_gusts_10m![i] = round1(gust);
    out.weather_code![i] =
      rain > 0 ? (t < 0.5 ? 73 : rain > 4 ? 65 : 61) : gust > 75 ? 95 : local() < 0.5 ? 3 : 0;
    out.visibility![i] = Math.round(rain > 0 ? 2000 + local() * 6000 : 20000 + local() * 4000);
  }
  return out;
}

export interface UpstreamStats {
  requests: number;
  get: number;
  post: number;
  locations: number;
  rejected: number;
  maxInFlight: number;
}

export function runUpstream(): void {
  const storm = process.argv.indexOf('--storm');
  const stormShare = storm >= 0 ? Number(process.argv[storm + 1]) : undefined;
  const stats: UpstreamStats = { requests: 0, get: 0, post: 0, locations: 0, rejected: 0, maxInFlight: 0 };
  // Location JSON is deterministic: keep what was built (bounded), as a real service caches too.
  const cache = new Map<string, string>();
  let inFlight = 0;

  const fail = (res: ServerResponse, status: number, reason: string) => {
    stats.rejected += 1;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: true, reason }));
  };

  const answer = (res: ServerResponse, params: URLSearchParams) => {
    const lats = (params.get('latitude') ?? '').split(',').filter(Boolean).map(Number);
    const lons = (params.get('longitude') ?? '').split(',').filter(Boolean).map(Number);
    if (lats.length === 0 || lats.length !== lons.length)
      return fail(res, 400, 'Parameter latitude and longitude must have the same number of elements');
    if (lats.length > MAX_LOCATIONS) return fail(res, 400, `At most ${MAX_LOCATIONS} locations per request`);
    if ([...lats, ...lons].some((v) => !Number.isFinite(v)))
      return fail(res, 400, 'Latitude and longitude must be numbers');
    const hourly = (params.get('hourly') ?? '').split(',').filter(Boolean);
    const unknown = hourly.find((h) => !(h in UNITS));
    if (unknown)
      return fail(res, 400, `Cannot initialize WeatherVariable from invalid String value ${unknown}`);
    const days = Number(params.get('forecast_days') ?? 7);
    if (!Number.isInteger(days) || days < 1 || days > 16)
      return fail(res, 400, 'Forecast days is invalid. Allowed range 0 to 16.');
    const tz = (params.get('timezone') ?? 'GMT').toUpperCase();
    if (tz !== 'GMT' && tz !== 'UTC') return fail(res, 400, 'This stand-in answers timezone=GMT only');
    for (const [name, want] of [
      ['temperature_unit', 'celsius'],
      ['wind_speed_unit', 'kmh'],
      ['precipitation_unit', 'mm'],
    ] as const) {
      const got = params.get(name);
      if (got && got !== want) return fail(res, 400, `This stand-in answers ${name}=${want} only`);
    }
    const unix = params.get('timeformat') === 'unixtime';
    const startMs = Math.floor(Date.now() / DAY) * DAY; // today 00:00 GMT, as Open-Meteo starts
    const hours = days * 24;
    const time = Array.from({ length: hours }, (_, i) => {
      const ms = startMs + i * HOUR;
      return unix ? ms / 1000 : new Date(ms).toISOString().slice(0, 16);
    });
    const timeJson = JSON.stringify(time);
    const parts = lats.map((lat, i) => {
      const lon = lons[i]!;
      const key = `${lat},${lon},${startMs},${days},${unix},${hourly.join(',')}`;
      let body = cache.get(key);
      if (body === undefined) {
        const w = weatherAt(lat, lon, startMs, hours, stormShare);
        const units: Record<string, string> = { time: unix ? 'unixtime' : 'iso8601' };
        const series: string[] = [];
        for (const h of hourly) {
          units[h] = UNITS[h]!;
          series.push(`${JSON.stringify(h)}:${JSON.stringify(w[h])}`);
        }
        body =
          `"latitude":${lat},"longitude":${lon},"generationtime_ms":0.1,"utc_offset_seconds":0,` +
          `"timezone":"GMT","timezone_abbreviation":"GMT","elevation":${Math.round(hash(`${lat}${lon}`) % 400)},` +
          `"hourly_units":${JSON.stringify(units)},"hourly":{"time":${timeJson}${series.length ? ',' : ''}${series.join(',')}}}`;
        if (cache.size >= 50_000) cache.clear();
        cache.set(key, body);
      }
      // Open-Meteo tags every location but the first with `location_id` when several are asked for.
      return i === 0 ? `{${body}` : `{"location_id":${i},${body}`;
    });
    stats.locations += lats.length;
    const payload = lats.length === 1 ? parts[0]! : `[${parts.join(',')}]`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(payload);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    stats.requests += 1;
    inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      setTimeout(() => {
        if (url.pathname !== '/v1/forecast') return fail(res, 404, 'Not found');
        if (req.method === 'GET') {
          stats.get += 1;
          return answer(res, url.searchParams);
        }
        if (req.method === 'POST') {
          stats.post += 1;
          if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
            return fail(res, 415, 'Send a form body');
          return answer(res, new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        }
        return fail(res, 405, 'GET or POST');
      }, LATENCY_MS);
    });
  });
  server.maxConnections = 256;
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'stats') process.send!({ stats: { ...stats } });
    if (msg.cmd === 'reset') {
      for (const k of Object.keys(stats) as (keyof UpstreamStats)[]) stats[k] = 0;
      process.send!({ reset: true });
    }
    if (msg.cmd === 'close') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export class Upstream {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /** `stormShare`: a storm morning over that share of the area (weatherAt's); absent, late autumn. */
  static async start(stormShare?: number): Promise<Upstream> {
    // The bench's entry (bench/dispatch.ts) runs the stand-in when started with --upstream.
    const storm = stormShare === undefined ? [] : ['--storm', String(stormShare)];
    const child = fork(process.argv[1]!, ['--upstream', ...storm], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('The upstream stand-in did not start in 30 s')),
        30_000,
      );
      child.once('message', (m: { port: number }) => (clearTimeout(timer), resolve(m.port)));
      child.once('exit', (code) => reject(new Error(`The upstream stand-in exited (${code})`)));
    });
    return new Upstream(child, `http://127.0.0.1:${port}`);
  }

  private ask<T>(cmd: string, field: string): Promise<T> {
    return new Promise((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (!(field in m)) return;
        this.child.off('message', on);
        resolve(m[field] as T);
      };
      this.child.on('message', on);
      this.child.send({ cmd });
    });
  }

  stats = () => this.ask<UpstreamStats>('stats', 'stats');
  reset = () => this.ask<boolean>('reset', 'reset');

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ cmd: 'close' });
    const timer = setTimeout(() => this.child.kill(), 5000);
    await exited;
    clearTimeout(timer);
  }
}
