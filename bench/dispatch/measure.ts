// Measuring.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { createWeatherProviders } from '../../lambdas/adapters/weather/weather.factory';
import { parseConfig } from '../../lambdas/config';
import type { Decision, DueJobsite } from '../../lambdas/core/dispatch/dispatch.ports';
import { notifyJobsites } from '../../lambdas/core/dispatch/notify-jobsites';
import type { WeatherProvider } from '../../lambdas/core/weather/weather.ports';
import { parseOpenMeteoText } from '../../shared/weather/open-meteo-response';
import { OPEN_METEO_HOURLY_REQUEST } from '../../shared/weather/open-meteo-variables';
import { BATCH_SIZE } from './common';
import { Upstream, type UpstreamStats } from './upstream';
import type { World } from './world';
import { fakesFor, type Fakes, type IoModel } from './fakes';

/**
 * Max RSS, sampled every 50 ms and whenever `touch` is called (the event loop is busy while judging).
 * Every 5 ms cost the process it measured ~1% of its CPU in reading /proc.
 */
export class RssPeak {
  peak = process.memoryUsage.rss();
  private readonly timer = setInterval(() => this.touch(), 50);
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
export function provider(upstreamUrl: string): WeatherProvider & { forecastMs: () => number } {
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

export interface Measured {
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
export const gc = runInNewContext('gc') as () => void;

export async function measureBatched(
  world: World,
  upstream: Upstream,
  asOf: Date,
  label: string,
  io?: IoModel,
  /** Run again over the stores of an earlier measurement (a later run of the same slot). */
  reuse?: Fakes,
  /** Jobsites and recipients in flight in a batch; absent, notifyJobsites' defaults. */
  inFlight?: { jobsites: number; recipients: number },
): Promise<Measured> {
  gc();
  await upstream.reset();
  const weather = provider(upstream.url);
  const fakes = reuse ?? fakesFor(world, weather, asOf, io);
  if (reuse) reuse.deps.weather = weather;
  if (inFlight) fakes.deps.inFlight = inFlight;
  else delete fakes.deps.inFlight;
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
export async function measureBaseline(
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
export async function checkUpstreamFormats(url: string): Promise<void> {
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

export const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
