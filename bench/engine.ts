/**
 * How fast the weather rule engine judges jobsite-days, on one core.
 *
 *   npm run bench:engine            # or: npx tsx bench/engine.ts [jobsites=10000]
 *
 * Generates jobsites (12 timezones, mixed working weeks and hours, 5 rules each) and one 8-day
 * hourly forecast per jobsite (deterministic PRNG, no sharing between jobsites: the worst case),
 * then judges 7 calendar days per jobsite with the hot path (`RuleEngine.judge` on compiled
 * jobsites; `compileSite` is timed on its own and added back in a second figure). Warm-up, then the
 * median of several runs, in CPU time. The baseline,
 * measured in the same run on a sample, is a naive engine with the same semantics that asks Intl for
 * every hour's local time (the existing `localClock` helper) and works on plain arrays; its verdicts
 * are checked against the engine's. Two rule mixes: forecast variables only, and one that needs
 * derived metrics (heat index, wind chill) plus hysteresis, minimum duration and a probability floor.
 */
import {
  compileSite,
  DaySummaries,
  type CompiledSite,
  judgeForecast,
  RuleEngine,
  type JobsiteRules,
} from '../shared/weather/engine';
import type { HourlyForecast } from '../shared/weather/forecast';
import { clearLocalTimelineCache, dayOfDate } from '../shared/weather/local-time';
import { getPreset } from '../shared/weather/presets';
import { rulesSchema, type Rule } from '../shared/weather/rule';

import { naiveJudge } from './engine-baseline';
import { prng } from './seeded-random';
const HOUR = 3_600_000;
const FORECAST_HOURS = 24 * 8;
const FORECAST_START = Date.parse('2026-03-05T12:00:00Z'); // spans the US DST switch of 2026-03-08
const FROM = '2026-03-06';
const DAYS = 7;
const RUNS = 7;
const BASELINE_SAMPLE = 200;

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'Europe/London',
  'Australia/Melbourne',
  'Pacific/Auckland',
];

/** mulberry32: small, fast, deterministic. */
type Mix = 'plain' | 'derived';

function rulesFor(mix: Mix, rnd: () => number): Rule[] {
  const byId = (preset: string, id: string) =>
    getPreset(preset)!
      .rules()
      .find((r) => r.id === id)!;
  if (mix === 'plain') {
    return [
      byId('crane', 'crane-wind'),
      byId('crane', 'crane-gusts'),
      byId('general', 'rain-rate'),
      byId('general', 'rain-chance'),
      byId('concrete', 'concrete-cold'),
    ];
  }
  return [
    byId('heat', 'heat-extreme'),
    byId('cold', 'cold-wind-chill'),
    { ...byId('crane', 'crane-gusts'), clearThreshold: 40.2336 },
    { ...byId('general', 'rain-rate'), minDurationHours: 2, probabilityFloor: 40 },
    rnd() < 0.5 ? byId('concrete', 'concrete-cold') : byId('roofing', 'roofing-wind'),
  ];
}

function makeSites(count: number, mix: Mix, seed: number): JobsiteRules[] {
  const rnd = prng(seed);
  const weeks = [
    [1, 2, 3, 4, 5],
    [1, 2, 3, 4, 5, 6],
    [1, 2, 3, 4, 5, 6, 7],
  ];
  const windows = [
    { start: '07:00', end: '17:00' },
    { start: '06:00', end: '15:30' },
    { start: '08:00', end: '16:00' },
  ];
  return Array.from({ length: count }, () => ({
    timezone: ZONES[Math.floor(rnd() * ZONES.length)]!,
    workingDays: rnd() < 0.6 ? weeks[0]! : rnd() < 0.75 ? weeks[1]! : weeks[2]!,
    workingHours: windows[Math.floor(rnd() * windows.length)]!,
    // As a dispatcher gets them: stored as JSON, parsed with the contract's schema. (Objects built
    // with spread syntax instead are several times slower to read in V8, which is not the real path.)
    rules: rulesSchema.parse(JSON.parse(JSON.stringify(rulesFor(mix, rnd)))),
  }));
}

function makeForecast(rnd: () => number, start: number): HourlyForecast {
  const n = FORECAST_HOURS;
  const time = new Float64Array(n);
  const series = () => new Float64Array(n);
  const v = {
    temperature: series(),
    relative_humidity: series(),
    precipitation: series(),
    precipitation_probability: series(),
    wind_speed: series(),
    wind_gusts: series(),
  };
  const base = -10 + rnd() * 45;
  const windBase = rnd() * 30;
  let rain = 0;
  for (let i = 0; i < n; i++) {
    time[i] = start + i * HOUR;
    const diurnal = Math.sin(((i % 24) / 24) * 2 * Math.PI);
    v.temperature[i] = base + 7 * diurnal + (rnd() - 0.5) * 3;
    v.relative_humidity[i] = 30 + rnd() * 65;
    if (rnd() < 0.08) rain = 1 + Math.floor(rnd() * 6); // a shower of a few hours
    const raining = rain > 0;
    if (raining) rain--;
    v.precipitation[i] = raining ? rnd() * 6 : 0;
    v.precipitation_probability[i] = raining ? 50 + rnd() * 50 : rnd() * 40;
    v.wind_speed[i] = windBase + rnd() * 15;
    v.wind_gusts[i] = v.wind_speed[i]! * (1.3 + rnd() * 0.6);
    if (rnd() < 0.01) v.temperature[i] = NaN; // a few missing values
  }
  return { latitude: 0, longitude: 0, time, values: v, source: 'simulated' };
}

function makeForecasts(count: number, seed: number): HourlyForecast[] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () => makeForecast(rnd, FORECAST_START));
}

// ---------------------------------------------------------------------------------------------

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * CPU time of `fn` in ms (user + system, this process): the machine is shared, so wall time mostly
 * measures the other processes; CPU time is what one core spends on the work.
 */
function cpuMs(fn: () => void): number {
  const t0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

let lastSpread = '';

function timeRuns(runs: number, fn: () => void): number {
  fn();
  fn(); // warm-up (JIT, timeline cache)
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) ms.push(cpuMs(fn));
  lastSpread = `samples min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)} ms`;
  return median(ms);
}

interface Result {
  mix: Mix;
  jobsites: number;
  jobsiteDays: number;
  workingDaysJudged: number;
  medianMs: number;
  spread: string;
  jobsiteDaysPerSec: number;
  compileMs: number;
  withCompilePerSec: number;
}

function benchEngine(
  mix: Mix,
  count: number,
): Result & { sites: JobsiteRules[]; forecasts: HourlyForecast[] } {
  const sites = makeSites(count, mix, 42);
  const forecasts = makeForecasts(count, 7);
  const engine = new RuleEngine();
  const out = new DaySummaries();
  const fromDay = dayOfDate(FROM);
  const opts = { fromDay, toDay: fromDay + DAYS };
  let judged = 0;
  let checksum = 0;
  // Small sets are run several times per sample so every sample covers ~10,000 jobsites.
  const reps = Math.max(1, Math.round(10_000 / count));
  // Judging compiled jobsites (a dispatcher that keeps jobsites compiled), then compiling each
  // jobsite right before judging it and dropping it (one that compiles them every run).
  const compiled: CompiledSite[] = sites.map((s) => compileSite(s));
  const sampleMs = timeRuns(RUNS, () => {
    for (let rep = 0; rep < reps; rep++) {
      judged = 0;
      checksum = 0;
      for (let s = 0; s < count; s++) {
        const c = engine.judge(forecasts[s]!, compiled[s]!, out, opts);
        judged += c;
        for (let k = 0; k < c; k++) checksum += out.verdict[k]! * 31 + out.hoursLost[k]!;
      }
    }
  });
  const spread = lastSpread;
  const withCompileMs =
    timeRuns(RUNS, () => {
      for (let rep = 0; rep < reps; rep++) {
        for (let s = 0; s < count; s++) engine.judge(forecasts[s]!, compileSite(sites[s]!), out, opts);
      }
    }) / reps;
  const medianMs = sampleMs / reps;
  if (checksum === 0) throw new Error('Nothing was ever lost: the generated weather is too calm to measure');
  const jobsiteDays = count * DAYS;
  return {
    mix,
    jobsites: count,
    jobsiteDays,
    workingDaysJudged: judged,
    medianMs,
    spread,
    jobsiteDaysPerSec: jobsiteDays / (medianMs / 1000),
    compileMs: Math.max(0, withCompileMs - medianMs),
    withCompilePerSec: jobsiteDays / (withCompileMs / 1000),
    sites,
    forecasts,
  };
}

function main() {
  const count = Number(process.argv[2] ?? 10_000);
  console.log(
    `Rule engine benchmark: Node ${process.version}, ${DAYS} days × 5 rules per jobsite, median of ${RUNS}`,
  );
  const results: Record<string, unknown>[] = [];
  for (const mix of ['plain', 'derived'] as const) {
    const small = benchEngine(mix, Math.max(1, Math.floor(count / 10)));
    const big = benchEngine(mix, count);

    // Cold timeline cache: one pass after clearing it (12 zones to build again).
    clearLocalTimelineCache();
    const engine = new RuleEngine();
    const out = new DaySummaries();
    const fromDay = dayOfDate(FROM);
    const coldMs = cpuMs(() => {
      for (let s = 0; s < big.jobsites; s++) {
        engine.judge(big.forecasts[s]!, compileSite(big.sites[s]!), out, { fromDay, toDay: fromDay + DAYS });
      }
    });

    // Baseline on a sample, verdicts checked against the engine's.
    const sample = Math.min(BASELINE_SAMPLE, big.jobsites);
    const baselineMs = timeRuns(3, () => {
      for (let s = 0; s < sample; s++)
        naiveJudge(big.forecasts[s]!, big.sites[s]!, { from: FROM, days: DAYS });
    });
    for (let s = 0; s < sample; s++) {
      const c = engine.judge(big.forecasts[s]!, compileSite(big.sites[s]!), out, {
        fromDay,
        toDay: fromDay + DAYS,
      });
      const fast = Array.from({ length: c }, (_, k) => `${out.day[k]}:${out.verdict[k]}:${out.hoursLost[k]}`);
      const slow = naiveJudge(big.forecasts[s]!, big.sites[s]!, { from: FROM, days: DAYS }).map(
        (d) => `${dayOfDate(d.date)}:${d.verdict}:${d.lost}`,
      );
      if (fast.join() !== slow.join())
        throw new Error(`Baseline disagrees on jobsite ${s}: ${fast} vs ${slow}`);
    }
    const baselinePerSec = (sample * DAYS) / (baselineMs / 1000);

    // The friendly API (reasons, strings) on a sample.
    const friendlySample = Math.min(2000, big.jobsites);
    const friendlyMs = timeRuns(3, () => {
      for (let s = 0; s < friendlySample; s++) {
        judgeForecast(big.forecasts[s]!, big.sites[s]!, { from: FROM, days: DAYS });
      }
    });
    const friendlyPerSec = (friendlySample * DAYS) / (friendlyMs / 1000);

    const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
    const describe = (r: Rule) =>
      r.id +
      (r.clearThreshold !== undefined ? ' (hysteresis)' : '') +
      (r.minDurationHours ? ` (≥ ${r.minDurationHours} h, floor ${r.probabilityFloor}%)` : '');
    console.log(`\n[${mix}] rules: ${big.sites[0]!.rules.map(describe).join(', ')}`);
    for (const r of [small, big]) {
      console.log(
        `  hot path, ${fmt(r.jobsites)} jobsites: ${r.medianMs.toFixed(1)} ms → ${fmt(r.jobsiteDaysPerSec)} jobsite-days/s ` +
          `(${fmt(r.workingDaysJudged)} working days judged; ${r.spread})`,
      );
      console.log(
        `    compiling each jobsite before judging it: ${fmt(r.withCompilePerSec)} jobsite-days/s ` +
          `(compileSite ≈ ${((r.compileMs * 1000) / r.jobsites).toFixed(2)} µs/jobsite)`,
      );
    }
    console.log(`  hot path, ${fmt(big.jobsites)} jobsites, cold timeline cache: ${coldMs.toFixed(1)} ms`);
    console.log(
      `  judgeForecast (reasons), ${fmt(friendlySample)} jobsites: ${fmt(friendlyPerSec)} jobsite-days/s`,
    );
    console.log(
      `  baseline (Intl per hour), ${sample} jobsites: ${fmt(baselinePerSec)} jobsite-days/s ` +
        `→ hot path is ${(big.jobsiteDaysPerSec / baselinePerSec).toFixed(0)}× faster (verdicts identical)`,
    );
    results.push({
      mix,
      jobsites: big.jobsites,
      jobsiteDaysPerSec: Math.round(big.jobsiteDaysPerSec),
      withCompileJobsiteDaysPerSec: Math.round(big.withCompilePerSec),
      compileUsPerJobsite: Number(((big.compileMs * 1000) / big.jobsites).toFixed(2)),
      jobsiteDaysPerSecAt: {
        [small.jobsites]: Math.round(small.jobsiteDaysPerSec),
        [big.jobsites]: Math.round(big.jobsiteDaysPerSec),
      },
      coldCacheMs: Number(coldMs.toFixed(1)),
      friendlyJobsiteDaysPerSec: Math.round(friendlyPerSec),
      baselineJobsiteDaysPerSec: Math.round(baselinePerSec),
      ratio: Number((big.jobsiteDaysPerSec / baselinePerSec).toFixed(1)),
    });
  }
  console.log(JSON.stringify(results));
}

main();
