/**
 * How fast one dispatch run judges due jobsites, and how many upstream calls it makes (issue 10).
 *
 *   npm run bench:dispatch     # or: npx tsx bench/dispatch.ts [sizes=1000,10000] [--runs 3]
 *                              #   [--sample 200] [--concurrency 10] [--sequential-sample 100]
 *                              #   [--io-sample 200] [--store-ms 5] [--send-ms 40]
 *
 * A local Open-Meteo stand-in (node:http on 127.0.0.1, ephemeral port, in a child process so its
 * CPU and memory are not the dispatcher's) answers Open-Meteo-shaped JSON (GMT, unixtime or ISO
 * hours, the hourly variables asked for, one entry per requested location, GET or POST form) with
 * deterministic plausible weather, 50 ms after each request arrives. Jobsites are scattered around
 * 54 US, Canadian and European city centres (weighted by population, Gaussian σ 5 km, seeded
 * PRNG), 2–5 preset rules each, timezones from `timezoneAt`. The REAL `notifyJobsites` runs with the
 * REAL Open-Meteo provider (`createWeatherProviders`, `RAINCHECK_OPEN_METEO_URL` → the stand-in)
 * over bench-only in-memory repositories and sender, in batches of 1,000 as `runDispatch` does, due
 * jobsites ordered by timezone as the planner hands them out: the bench measures grouping,
 * fetching, parsing and judging, not DynamoDB or SES. Median of `--runs` per size.
 *
 * Baselines, same run: the same `notifyJobsites` called per jobsite (one upstream call each), on a
 * spread sample of the largest size, with 10 jobsites in flight and one after another; their wall
 * time per jobsite is extrapolated linearly to each size (labelled so). Their decisions must equal
 * the batched run's for the sample, or the bench fails.
 *
 * Then one batch with modelled I/O (each repository call waits `--store-ms`, each send `--send-ms`),
 * run twice over the same stores (every jobsite new, then nothing changed), for the projection to
 * 100,000 jobsites: notifyJobsites awaits that I/O one jobsite and one recipient after another.
 * The last line is JSON for tooling.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createWeatherProviders } from '../lambdas/adapters/weather/weather.factory';
import { parseConfig } from '../lambdas/config';
import type {
  ClaimRepo,
  Decision,
  DecisionRepo,
  DueJobsite,
  MessageClaim,
  NoticeSender,
} from '../lambdas/core/dispatch/dispatch.ports';
import { notifyJobsites, type NotifyDeps } from '../lambdas/core/dispatch/notify-jobsites';
import type { RecordRepo, RecordsStore, StoredCrew } from '../lambdas/core/records/records.ports';
import type { WeatherProvider } from '../lambdas/core/weather/weather.ports';
import type { Client, Jobsite, Worker } from '../shared/records';
import { timezoneAt } from '../shared/records/timezone';
import type { Subscription } from '../shared/subscription';
import { gridCell } from '../shared/weather/grid-cell';
import { parseOpenMeteoText } from '../shared/weather/open-meteo-response';
import { OPEN_METEO_HOURLY_REQUEST } from '../shared/weather/open-meteo-variables';
import { PRESET_IDS, presetRules } from '../shared/weather/presets';
import { rulesSchema, type Rule } from '../shared/weather/rule';

const LATENCY_MS = 50;
const BATCH_SIZE = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SCATTER_KM = 5;
const MAX_LOCATIONS = 1000;
const MAX_BODY_BYTES = 1_000_000;
const LAMBDA_TIMEOUT_S = 900;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: seeds from coordinates. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The upstream stand-in (runs in a child process: `tsx bench/dispatch.ts --upstream`).

const UNITS: Record<string, string> = {
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

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Plausible late-autumn weather for a point: temperature by latitude with a regional anomaly and a
 * solar-time daily cycle, fronts that bring rain, wind and gusts over a 0.5° region (neighbouring
 * cells agree), light local showers. Deterministic in (point, day).
 */
function weatherAt(lat: number, lon: number, startMs: number, hours: number): Record<string, number[]> {
  const dayIndex = Math.floor(startMs / DAY);
  const region = prng(hash(`${Math.floor(lat * 2)},${Math.floor(lon * 2)},${dayIndex}`));
  const local = prng(hash(`${lat},${lon},${dayIndex}`));
  const base = 24 - 0.55 * (Math.abs(lat) - 20) + (region() - 0.5) * 12 + (local() - 0.5) * 1.5;
  const windBase = 4 + region() * 22;
  const front =
    region() < 0.4 ? { at: Math.floor(region() * hours), len: 3 + Math.floor(region() * 9) } : null;
  const intensity = 0.5 + region() * 6;
  const out: Record<string, number[]> = {};
  for (const name of Object.keys(UNITS)) out[name] = new Array<number>(hours);
  for (let i = 0; i < hours; i++) {
    const solarHour = ((((startMs + i * HOUR) / HOUR + lon / 15) % 24) + 24) % 24;
    const t = base + 5 * Math.cos(((solarHour - 15) / 24) * 2 * Math.PI) + (local() - 0.5);
    const inFront = front !== null && i >= front.at && i < front.at + front.len;
    const nearFront = front !== null && i >= front.at - 3 && i < front.at + front.len + 3;
    const shower = !inFront && local() < 0.03;
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

interface UpstreamStats {
  requests: number;
  get: number;
  post: number;
  locations: number;
  rejected: number;
  maxInFlight: number;
}

function runUpstream(): void {
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
        const w = weatherAt(lat, lon, startMs, hours);
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

class Upstream {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<Upstream> {
    const child = fork(fileURLToPath(import.meta.url), ['--upstream'], {
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

// ---------------------------------------------------------------------------------------------
// The world: tenants, workers, clients, jobsites around real cities.

/** City centre, rough metro population (millions) as the weight. */
const CITIES: [string, number, number, number][] = [
  ['New York', 40.7128, -74.006, 19.5],
  ['Los Angeles', 34.0522, -118.2437, 12.8],
  ['Chicago', 41.8781, -87.6298, 9.3],
  ['Houston', 29.7604, -95.3698, 7.3],
  ['Phoenix', 33.4484, -112.074, 5],
  ['Philadelphia', 39.9526, -75.1652, 6.2],
  ['San Antonio', 29.4241, -98.4936, 2.6],
  ['San Diego', 32.7157, -117.1611, 3.3],
  ['Dallas', 32.7767, -96.797, 7.9],
  ['Austin', 30.2672, -97.7431, 2.4],
  ['Jacksonville', 30.3322, -81.6557, 1.7],
  ['Columbus', 39.9612, -82.9988, 2.1],
  ['Charlotte', 35.2271, -80.8431, 2.7],
  ['Indianapolis', 39.7684, -86.1581, 2.1],
  ['Seattle', 47.6062, -122.3321, 4],
  ['Denver', 39.7392, -104.9903, 3],
  ['Washington', 38.9072, -77.0369, 6.3],
  ['Boston', 42.3601, -71.0589, 4.9],
  ['Nashville', 36.1627, -86.7816, 2],
  ['Detroit', 42.3314, -83.0458, 4.3],
  ['Portland', 45.5152, -122.6784, 2.5],
  ['Las Vegas', 36.1699, -115.1398, 2.3],
  ['Atlanta', 33.749, -84.388, 6.1],
  ['Miami', 25.7617, -80.1918, 6.1],
  ['Minneapolis', 44.9778, -93.265, 3.7],
  ['Salt Lake City', 40.7608, -111.891, 1.3],
  ['Kansas City', 39.0997, -94.5786, 2.2],
  ['Raleigh', 35.7796, -78.6382, 1.5],
  ['Tampa', 27.9506, -82.4572, 3.2],
  ['Orlando', 28.5384, -81.3789, 2.7],
  ['Anchorage', 61.2181, -149.9003, 0.4],
  ['Honolulu', 21.3069, -157.8583, 1],
  ['Toronto', 43.6532, -79.3832, 6.2],
  ['Montreal', 45.5017, -73.5673, 4.3],
  ['Vancouver', 49.2827, -123.1207, 2.6],
  ['Calgary', 51.0447, -114.0719, 1.5],
  ['Edmonton', 53.5461, -113.4938, 1.4],
  ['Ottawa', 45.4215, -75.6972, 1.4],
  ['Winnipeg', 49.8951, -97.1384, 0.8],
  ['Halifax', 44.6488, -63.5752, 0.4],
  ['London', 51.5074, -0.1278, 9.5],
  ['Paris', 48.8566, 2.3522, 11],
  ['Berlin', 52.52, 13.405, 4.5],
  ['Madrid', 40.4168, -3.7038, 6.7],
  ['Rome', 41.9028, 12.4964, 4.3],
  ['Amsterdam', 52.3676, 4.9041, 2.5],
  ['Munich', 48.1351, 11.582, 2.9],
  ['Dublin', 53.3498, -6.2603, 1.4],
  ['Warsaw', 52.2297, 21.0122, 3.1],
  ['Vienna', 48.2082, 16.3738, 2.9],
  ['Stockholm', 59.3293, 18.0686, 2.4],
  ['Lisbon', 38.7223, -9.1393, 2.9],
  ['Milan', 45.4642, 9.19, 4.3],
  ['Barcelona', 41.3851, 2.1734, 5.6],
];

const WEEKS = [
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 6],
  [1, 2, 3, 4, 5, 6, 7],
];
const WINDOWS = [
  { start: '07:00', end: '17:00' },
  { start: '06:00', end: '15:30' },
  { start: '08:00', end: '16:00' },
  { start: '07:00', end: '15:30' },
];
const DELAY_PRESETS = PRESET_IDS.filter((p) => p !== 'stormwater');

interface Tenant {
  id: string;
  workers: Worker[];
  clients: Client[];
  jobsites: Map<string, Jobsite>;
  subscription: Subscription;
  units: 'us' | 'metric';
}

interface World {
  tenants: Map<string, Tenant>;
  due: DueJobsite[];
  cells: number;
}

function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function isoWeekday(date: string): number {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function makeWorld(count: number, seed: number, asOf: Date): World {
  const rnd = prng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const totalWeight = CITIES.reduce((s, c) => s + c[3], 0);
  const pickCity = () => {
    let r = rnd() * totalWeight;
    for (const c of CITIES) if ((r -= c[3]) <= 0) return c;
    return CITIES[0]!;
  };
  const T = asOf.toISOString();
  const tenants = new Map<string, Tenant>();
  const due: DueJobsite[] = [];
  const cells = new Set<string>();
  const dateCache = new Map<string, string>();
  let made = 0;
  for (let t = 0; made < count; t++) {
    const id = `tenant-${t}`;
    const home = pickCity();
    // Contractors are small to mid-sized: 1–40 jobsites, most under 10.
    const size = Math.min(count - made, 1 + Math.floor(-Math.log(1 - rnd()) * 8));
    const workers: Worker[] = Array.from({ length: 3 + Math.floor(rnd() * 23) }, (_, w) => ({
      id: `${id}-w${w}`,
      name: `Worker ${w}`,
      email: `w${w}@${id}.example.com`,
      phone: null,
      trade: null,
      crewIds: [],
      isManager: w === 0,
      status: rnd() < 0.03 ? 'bounced' : 'active',
      createdAt: T,
      updatedAt: T,
    }));
    const clients: Client[] = Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, c) => ({
      id: `${id}-c${c}`,
      name: `Client ${c}`,
      contactName: null,
      email: rnd() < 0.7 ? `c${c}@client-of-${id}.example.com` : null,
      phone: null,
      address: null,
      notes: null,
      notifyNoWork: rnd() < 0.3,
      createdAt: T,
      updatedAt: T,
    }));
    const premium = rnd() < 0.9;
    const subscription = { plan: premium ? 'premium' : 'none', status: premium ? 'active' : 'incomplete' };
    const tenant: Tenant = {
      id,
      workers,
      clients,
      jobsites: new Map(),
      subscription: subscription as Subscription,
      units: rnd() < 0.7 ? 'us' : 'metric',
    };
    tenants.set(id, tenant);
    for (let j = 0; j < size; j++, made++) {
      const [, lat0, lon0] = rnd() < 0.75 ? home : pickCity();
      const latitude = Number((lat0 + (gauss() * SCATTER_KM) / 111.32).toFixed(5));
      const longitude = Number(
        (lon0 + (gauss() * SCATTER_KM) / (111.32 * Math.cos((lat0 * Math.PI) / 180))).toFixed(5),
      );
      const timezone = timezoneAt(latitude, longitude);
      const dateKey = timezone;
      let today = dateCache.get(dateKey);
      if (today === undefined) dateCache.set(dateKey, (today = localDate(asOf, timezone)));
      const workDate = new Date(Date.parse(`${today}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
      // The planner hands out only jobsites whose notice day is a working day.
      const week = WEEKS[rnd() < 0.6 ? 0 : rnd() < 0.7 ? 1 : 2]!;
      const workingDays = week.includes(isoWeekday(workDate))
        ? week
        : [...week, isoWeekday(workDate)].sort((a, b) => a - b);
      const ruleCount = 2 + Math.floor(rnd() * 4);
      const picked: Rule[] = [];
      while (picked.length < ruleCount) {
        for (const r of presetRules([DELAY_PRESETS[Math.floor(rnd() * DELAY_PRESETS.length)]!]))
          if (picked.length < ruleCount && !picked.some((p) => p.id === r.id)) picked.push(r);
      }
      const recipients = new Set<string>();
      const wanted = Math.min(workers.length, 2 + Math.floor(rnd() * 4));
      while (recipients.size < wanted) recipients.add(workers[Math.floor(rnd() * workers.length)]!.id);
      const jobsite: Jobsite = {
        id: `${id}-j${j}`,
        name: `Jobsite ${j} of ${id}`,
        address: null,
        latitude,
        longitude,
        timezone,
        clientId: clients[Math.floor(rnd() * clients.length)]!.id,
        workingDays,
        workingHours: WINDOWS[Math.floor(rnd() * WINDOWS.length)]!,
        startDate: null,
        endDate: null,
        active: true,
        noticeTimes: [{ time: '15:00', forDay: 'next' }],
        // As the dispatcher gets them: stored JSON parsed with the contract's schema.
        rules: rulesSchema.parse(JSON.parse(JSON.stringify(picked))),
        recipients: { workerIds: [...recipients], crewIds: [], notifyClient: rnd() < 0.3 },
        scenario: null,
        createdAt: T,
        updatedAt: T,
      };
      tenant.jobsites.set(jobsite.id, jobsite);
      cells.add(gridCell(latitude, longitude).key);
      due.push({
        tenantId: id,
        jobsiteId: jobsite.id,
        workDate,
        noticeTime: '15:00',
        cell: `${gridCell(latitude, longitude).key}|`,
      });
    }
  }
  // As the planner hands them over: ordered by grid cell, so a cell's jobsites share a batch.
  due.sort((a, b) => (a.cell ?? '').localeCompare(b.cell ?? ''));
  return { tenants, due, cells: cells.size };
}

// ---------------------------------------------------------------------------------------------
// Bench-only in-memory repositories and sender (the bench measures the dispatch, not DynamoDB/SES).

interface Fakes {
  deps: NotifyDeps;
  decisions: Map<string, Decision>;
  sent: () => number;
}

/** Modelled I/O: each repository call waits `storeMs`, each send `sendMs` (0: in memory, no wait). */
interface IoModel {
  storeMs: number;
  sendMs: number;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : undefined);

/** Every method of `target` (async functions) made to wait `ms` first. */
function slowed<T extends object>(target: T, ms: number): T {
  if (ms <= 0) return target;
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(target)) {
    out[k] =
      typeof v === 'function'
        ? async (...a: unknown[]) => (await wait(ms), (v as (...x: unknown[]) => unknown)(...a))
        : v;
  }
  return out as T;
}

function fakesFor(
  world: World,
  weather: WeatherProvider,
  asOf: Date,
  io: IoModel = { storeMs: 0, sendMs: 0 },
): Fakes {
  const tenantOf = (t: string) => world.tenants.get(t);
  const repo = <T extends { id: string; createdAt: string; updatedAt: string }>(
    list: (t: Tenant) => T[],
    get: (t: Tenant, id: string) => T | undefined,
  ): RecordRepo<T> => ({
    list: async (tenant) => {
      const t = tenantOf(tenant);
      return t ? list(t) : [];
    },
    get: async (tenant, id) => {
      const t = tenantOf(tenant);
      return (t && get(t, id)) ?? null;
    },
    create: async () => undefined,
    replace: async () => true,
    remove: async () => undefined,
  });
  const records: RecordsStore = {
    clients: repo(
      (t) => t.clients,
      (t, id) => t.clients.find((c) => c.id === id),
    ),
    crews: repo<StoredCrew>(
      () => [],
      () => undefined,
    ),
    workers: {
      ...repo(
        (t) => t.workers,
        (t, id) => t.workers.find((w) => w.id === id),
      ),
      importMany: async () => 'written' as const,
    },
    jobsites: {
      ...repo(
        (t) => [...t.jobsites.values()],
        (t, id) => t.jobsites.get(id),
      ),
      createWithin: async () => undefined,
    },
  };
  const decisions = new Map<string, Decision>();
  const claims = new Map<string, 'PENDING' | 'SENT'>();
  const claimKey = (c: MessageClaim) =>
    `${c.tenantId}|${c.jobsiteId}|${c.workDate}|${c.messageKey}|${c.recipient}`;
  const decisionRepo: DecisionRepo = {
    get: async (tenant, jobsiteId, workDate) => decisions.get(`${tenant}|${jobsiteId}|${workDate}`) ?? null,
    put: async (d) => void decisions.set(`${d.tenantId}|${d.jobsiteId}|${d.workDate}`, d),
    listRange: async () => [],
    mark: async () => false,
  };
  const claimRepo: ClaimRepo = {
    claim: async (c) => (claims.has(claimKey(c)) ? false : (claims.set(claimKey(c), 'PENDING'), true)),
    markSent: async (c) => void claims.set(claimKey(c), 'SENT'),
    release: async (c) => void claims.delete(claimKey(c)),
    listRecent: async () => [],
  };
  let sent = 0;
  const sender: NoticeSender = { send: async () => ({ messageId: `m-${++sent}` }) };
  const r = io.storeMs;
  return {
    deps: {
      records: {
        clients: slowed(records.clients, r),
        crews: slowed(records.crews, r),
        workers: slowed(records.workers, r),
        jobsites: slowed(records.jobsites, r),
      },
      accounts: slowed<NotifyDeps['accounts']>(
        {
          getSubscription: async (tenantId) => tenantOf(tenantId)?.subscription ?? null,
          getProfile: async (tenantId) => {
            const t = tenantOf(tenantId);
            return t
              ? {
                  userId: t.id,
                  email: `owner@${t.id}.example.com`,
                  name: null,
                  company: null,
                  units: t.units,
                  createdAt: null,
                }
              : null;
          },
        },
        r,
      ),
      weather,
      decisions: slowed(decisionRepo, r),
      claims: slowed(claimRepo, r),
      sender: slowed(sender, io.sendMs),
      suppressions: { reasonsOf: async () => new Map() },
      clock: { now: () => asOf },
    },
    decisions,
    sent: () => sent,
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/** Max RSS, sampled every 5 ms and whenever `touch` is called (the event loop is busy while judging). */
class RssPeak {
  peak = process.memoryUsage.rss();
  private readonly timer = setInterval(() => this.touch(), 5);
  touch(): void {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  stop(): number {
    clearInterval(this.timer);
    this.touch();
    return this.peak;
  }
}

/** The real provider, with the wall time spent inside `forecast` (request, 50 ms, transfer, parse) summed. */
function provider(upstreamUrl: string): WeatherProvider & { forecastMs: () => number } {
  const config = parseConfig({
    TABLE_NAME: 'bench',
    USER_POOL_ID: 'bench',
    USER_POOL_CLIENT_ID: 'bench',
    RAINCHECK_WEATHER_PROVIDER: 'open-meteo',
    RAINCHECK_OPEN_METEO_URL: upstreamUrl,
  });
  const real = createWeatherProviders(config).forecast;
  let spent = 0;
  return {
    name: real.name,
    forecast: async (locations, opts) => {
      const t0 = performance.now();
      try {
        return await real.forecast(locations, opts);
      } finally {
        spent += performance.now() - t0;
      }
    },
    stats: () => real.stats(),
    resetStats: () => real.resetStats(),
    forecastMs: () => spent,
  };
}

interface Measured {
  jobsites: number;
  wallMs: number;
  cpuMs: number;
  judged: number;
  unjudged: number;
  sent: number;
  upstreamCalls: number;
  upstreamLocations: number;
  server: UpstreamStats;
  peakRssMb: number;
  /** Wall time inside the provider (summed; overlapping calls count each). */
  forecastMs: number;
  batches: number;
  decisions: Map<string, Decision>;
  fakes: Fakes;
  /** Heap still used after a full GC at the end, over the start: what the in-memory stores keep. */
  retainedMb: number;
}

/** A full GC between measurements (without `--expose-gc` on the command line), so each starts clean. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function measureBatched(
  world: World,
  upstream: Upstream,
  asOf: Date,
  label: string,
  io?: IoModel,
  /** Run again over the stores of an earlier measurement (a later run of the same slot). */
  reuse?: Fakes,
): Promise<Measured> {
  gc();
  await upstream.reset();
  const weather = provider(upstream.url);
  const fakes = reuse ?? fakesFor(world, weather, asOf, io);
  if (reuse) reuse.deps.weather = weather;
  const heap0 = process.memoryUsage().heapUsed;
  const sent0 = fakes.sent();
  const rss = new RssPeak();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let judged = 0;
  let unjudged = 0;
  const errors: string[] = [];
  let batches = 0;
  for (let i = 0; i < world.due.length; i += BATCH_SIZE) {
    const outcome = await notifyJobsites(
      world.due.slice(i, i + BATCH_SIZE),
      fakes.deps,
      `bench-${label}`,
      asOf,
    );
    judged += outcome.judged;
    unjudged += outcome.unjudged.length;
    errors.push(...outcome.errors);
    batches += 1;
    rss.touch();
  }
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  const peak = rss.stop();
  if (errors.length) throw new Error(`${label}: ${errors.length} errors, first: ${errors[0]}`);
  gc();
  const retainedMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  return {
    fakes,
    retainedMb,
    jobsites: world.due.length,
    wallMs,
    cpuMs: (c.user + c.system) / 1000,
    judged,
    unjudged,
    sent: fakes.sent() - sent0,
    upstreamCalls: weather.stats().upstreamCalls,
    upstreamLocations: weather.stats().upstreamLocations,
    server: await upstream.stats(),
    peakRssMb: peak / 2 ** 20,
    forecastMs: weather.forecastMs(),
    batches,
    decisions: fakes.decisions,
  };
}

/** The naive dispatch: one `notifyJobsites` (so one upstream call) per jobsite, `concurrency` in flight. */
async function measureBaseline(
  world: World,
  sample: DueJobsite[],
  concurrency: number,
  upstream: Upstream,
  asOf: Date,
): Promise<Measured> {
  gc();
  await upstream.reset();
  const weather = provider(upstream.url);
  const fakes = fakesFor(world, weather, asOf);
  const rss = new RssPeak();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let judged = 0;
  let unjudged = 0;
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sample.length) {
        const due = sample[next++]!;
        const outcome = await notifyJobsites([due], fakes.deps, 'bench-baseline', asOf);
        judged += outcome.judged;
        unjudged += outcome.unjudged.length;
        errors.push(...outcome.errors);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  const peak = rss.stop();
  if (errors.length) throw new Error(`baseline: ${errors.length} errors, first: ${errors[0]}`);
  return {
    fakes,
    retainedMb: 0,
    jobsites: sample.length,
    wallMs,
    cpuMs: (c.user + c.system) / 1000,
    judged,
    unjudged,
    sent: fakes.sent(),
    upstreamCalls: weather.stats().upstreamCalls,
    upstreamLocations: weather.stats().upstreamLocations,
    server: await upstream.stats(),
    peakRssMb: peak / 2 ** 20,
    forecastMs: weather.forecastMs(),
    batches: sample.length,
    decisions: fakes.decisions,
  };
}

/** The stand-in's ISO answer must read as its unixtime answer (both formats are served). */
async function checkUpstreamFormats(url: string): Promise<void> {
  const q = (fmt: string) =>
    `${url}/v1/forecast?latitude=40.7,51.5&longitude=-74,-0.15&hourly=${OPEN_METEO_HOURLY_REQUEST.join(',')}&forecast_days=3&timezone=GMT&timeformat=${fmt}`;
  const [a = '', b = ''] = await Promise.all(
    [q('unixtime'), q('iso8601')].map((u) => fetch(u).then((r) => r.text())),
  );
  const [ua, ub] = [parseOpenMeteoText(a), parseOpenMeteoText(b)];
  if (ua.length !== 2 || JSON.stringify(ua) !== JSON.stringify(ub))
    throw new Error('The upstream stand-in answers differently in unixtime and ISO');
  const post = await fetch(`${url}/v1/forecast`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URL(q('unixtime')).search.slice(1),
  }).then((r) => r.text());
  if (post !== a) throw new Error('The upstream stand-in answers POST differently from GET');
}

const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const sizesArg = args.find((a, i) => /^\d[\d,]*$/.test(a) && !args[i - 1]?.startsWith('--'));
  const sizes = (sizesArg ?? '1000,10000').split(',').map(Number);
  const sampleSize = opt('--sample', 200);
  const concurrency = opt('--concurrency', 10);
  const sequentialSample = opt('--sequential-sample', 100);
  const runs = opt('--runs', 3);
  const ioSample = opt('--io-sample', 200);
  const io: IoModel = { storeMs: opt('--store-ms', 5), sendMs: opt('--send-ms', 40) };
  const asOf = new Date();

  console.log(
    `Dispatch benchmark: Node ${process.version}, upstream +${LATENCY_MS} ms per request, batches of ${BATCH_SIZE}; ` +
      `baselines: ${sampleSize} jobsites with ${concurrency} in flight, ${sequentialSample} one after another; ` +
      `median of ${runs} runs per size; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const upstream = await Upstream.start();
  try {
    await checkUpstreamFormats(upstream.url);
    const rows: Record<string, unknown>[] = [];
    const biggest = Math.max(...sizes);
    const worlds = new Map(sizes.map((n) => [n, makeWorld(n, 0x5eed + n, asOf)]));

    // Warm-up (JIT, connection pool, the stand-in's cache of generated locations), not measured.
    const warm = makeWorld(500, 0x5eed + biggest, asOf);
    await measureBatched(warm, upstream, asOf, 'warm-up');
    await measureBaseline(warm, warm.due.slice(0, 30), concurrency, upstream, asOf);

    // Baselines on a spread sample of the largest world (every k-th due jobsite).
    const big = worlds.get(biggest)!;
    const step = Math.max(1, Math.floor(big.due.length / sampleSize));
    const sample = big.due.filter((_, i) => i % step === 0).slice(0, sampleSize);
    const base = await measureBaseline(big, sample, concurrency, upstream, asOf);
    const seq = await measureBaseline(big, sample.slice(0, sequentialSample), 1, upstream, asOf);
    const baseMs = base.wallMs / base.jobsites;
    const seqMs = seq.wallMs / seq.jobsites;
    for (const [name, b, c] of [
      [`${concurrency} in flight`, base, concurrency],
      ['sequential', seq, 1],
    ] as const) {
      if (b.upstreamCalls !== b.jobsites) throw new Error(`baseline ${name}: ${b.upstreamCalls} calls`);
      console.log(
        `\nbaseline, ${name} (measured): ${b.jobsites} jobsites, one upstream call each: ${fmt(b.wallMs)} ms ` +
          `(${fmt(b.jobsites / (b.wallMs / 1000))} jobsites/s, ${fmt(b.wallMs / b.jobsites, 2)} ms per jobsite, ` +
          `${fmt((b.cpuMs / b.jobsites) * c, 2)} ms CPU per jobsite×concurrency), ${b.upstreamCalls} calls, peak RSS ${fmt(b.peakRssMb)} MB`,
      );
    }

    for (const n of sizes) {
      const world = worlds.get(n)!;
      const all: Measured[] = [];
      for (let r = 0; r < runs; r++) {
        const one = await measureBatched(world, upstream, asOf, `${n}-${r}`);
        // Keep only the last run's stores, so earlier runs' garbage can go before the next run starts.
        all.push(r === runs - 1 ? one : { ...one, decisions: new Map(), fakes: undefined as never });
      }
      const lastRun = all[all.length - 1]!;
      const m = [...all].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(all.length / 2)]!;
      const walls = all.map((x) => fmt(x.wallMs)).join(', ');
      if (m.judged !== n || m.unjudged) throw new Error(`${n}: judged ${m.judged}, unjudged ${m.unjudged}`);
      if (m.server.requests !== m.upstreamCalls || m.server.locations !== m.upstreamLocations)
        throw new Error(`${n}: provider and stand-in disagree on calls/locations`);
      if (n === biggest) {
        // Same forecasts, same rules: the naive runs must have decided exactly as the batched one.
        for (const [key, d] of [...base.decisions, ...seq.decisions]) {
          const b = lastRun.decisions.get(key);
          if (!b || b.verdict !== d.verdict || b.hoursLost !== d.hoursLost)
            throw new Error(`Baseline and batched runs disagree on ${key}`);
        }
      }
      const row = {
        jobsites: n,
        cells: world.cells,
        batches: m.batches,
        wallMs: Math.round(m.wallMs),
        cpuMs: Math.round(m.cpuMs),
        forecastMs: Math.round(m.forecastMs),
        jobsitesPerSec: Math.round(n / (m.wallMs / 1000)),
        upstreamCalls: m.upstreamCalls,
        upstreamLocations: m.upstreamLocations,
        get: m.server.get,
        post: m.server.post,
        peakRssMb: Math.round(Math.max(...all.map((x) => x.peakRssMb))),
        storesRetainedMb: Math.round(m.retainedMb),
        sent: m.sent,
        // Extrapolated: the sample's wall time per jobsite × n; one call per jobsite by construction.
        baselineMs: Math.round(baseMs * n),
        sequentialMs: Math.round(seqMs * n),
        baselineCalls: n,
        fewerCalls: Math.round(n / m.upstreamCalls),
        faster: Math.round(((baseMs * n) / m.wallMs) * 10) / 10,
        fasterThanSequential: Math.round(((seqMs * n) / m.wallMs) * 10) / 10,
      };
      rows.push(row);
      console.log(
        `\n${fmt(n)} due jobsites (${fmt(world.cells)} grid cells, ${m.batches} batches): ${fmt(m.wallMs)} ms wall ` +
          `median of ${walls} (${fmt(m.forecastMs)} in the provider), ${fmt(m.cpuMs)} ms CPU → ${fmt(row.jobsitesPerSec)} jobsites/s\n` +
          `  upstream: ${m.upstreamCalls} calls (${m.server.get} GET, ${m.server.post} POST), ${fmt(m.upstreamLocations)} locations; ` +
          `peak RSS ${fmt(row.peakRssMb)} MB (the in-memory stores keep ${fmt(m.retainedMb)} MB of it); ${fmt(m.sent)} messages sent\n` +
          `  baselines, extrapolated from their samples: ${fmt(row.baselineMs)} ms (${concurrency} in flight), ` +
          `${fmt(row.sequentialMs)} ms (sequential), ${fmt(n)} calls → ${fmt(row.fewerCalls)}× fewer calls, ` +
          `${fmt(row.faster, 1)}× faster (${fmt(row.fasterThanSequential, 1)}× than sequential)`,
      );
    }

    // With modelled DynamoDB and SES latency: notifyJobsites awaits them one after another.
    const ioWorld = makeWorld(ioSample, 0x10, asOf);
    const withIo = await measureBatched(ioWorld, upstream, asOf, 'io', io);
    const ioMsPerJobsite = withIo.wallMs / ioSample;
    const again = await measureBatched(ioWorld, upstream, asOf, 'io-again', io, withIo.fakes);
    const againMsPerJobsite = again.wallMs / ioSample;
    console.log(
      `\nwith modelled I/O (${io.storeMs} ms per repository call, ${io.sendMs} ms per send), ${ioSample} due jobsites in one batch:\n` +
        `  first run: ${fmt(withIo.wallMs)} ms → ${fmt(ioMsPerJobsite, 1)} ms per jobsite (${fmt(withIo.sent)} messages sent)\n` +
        `  the same slot again (nothing changed): ${fmt(again.wallMs)} ms → ${fmt(againMsPerJobsite, 1)} ms per jobsite (${fmt(again.sent)} sent)`,
    );

    // Projection to 100,000 from the largest measured size (per-jobsite cost is flat across sizes).
    const last = rows[rows.length - 1]! as { jobsites: number; wallMs: number; upstreamCalls: number };
    const projectedS = (last.wallMs / last.jobsites) * 100;
    const projectedCalls = Math.ceil((last.upstreamCalls / last.jobsites) * 100_000);
    console.log(
      `\nprojection, 100,000 due jobsites in one run (linear from ${fmt(last.jobsites)}; in-memory stores): ` +
        `~${fmt(projectedS)} s of ${LAMBDA_TIMEOUT_S} s, ~${fmt(projectedCalls)} upstream calls; the baselines ` +
        `would need ~${fmt(baseMs * 100)} s (${concurrency} in flight) or ~${fmt(seqMs * 100)} s (sequential) and 100,000 calls\n` +
        `  with the modelled I/O, one worker taking the batches in turn: ~${fmt(ioMsPerJobsite * 100)} s when every ` +
        `jobsite has news (${Math.ceil((ioMsPerJobsite * 100) / (LAMBDA_TIMEOUT_S * 0.5))} workers in parallel keep it under half of ` +
        `${LAMBDA_TIMEOUT_S} s), ~${fmt(againMsPerJobsite * 100)} s when nothing changed ` +
        `(${Math.ceil((againMsPerJobsite * 100) / (LAMBDA_TIMEOUT_S * 0.5))} workers)`,
    );
    console.log(
      JSON.stringify({
        bench: 'dispatch',
        latencyMs: LATENCY_MS,
        batchSize: BATCH_SIZE,
        baseline: {
          sample: base.jobsites,
          concurrency,
          wallMs: Math.round(base.wallMs),
          msPerJobsite: Math.round(baseMs * 100) / 100,
          sequentialSample: seq.jobsites,
          sequentialMsPerJobsite: Math.round(seqMs * 100) / 100,
        },
        sizes: rows,
        withIo: {
          ...io,
          jobsites: ioSample,
          wallMs: Math.round(withIo.wallMs),
          msPerJobsite: Math.round(ioMsPerJobsite * 10) / 10,
          sent: withIo.sent,
          wallMsAgain: Math.round(again.wallMs),
          msPerJobsiteAgain: Math.round(againMsPerJobsite * 10) / 10,
        },
        projection100k: {
          seconds: Math.round(projectedS),
          secondsWithIoOneWorker: Math.round(ioMsPerJobsite * 100),
          secondsWithIoOneWorkerNothingChanged: Math.round(againMsPerJobsite * 100),
          upstreamCalls: projectedCalls,
        },
      }),
    );
  } finally {
    await upstream.close();
  }
}

if (process.argv.includes('--upstream')) runUpstream();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
