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
import { loadavg } from 'node:os';
import { LATENCY_MS, BATCH_SIZE, LAMBDA_TIMEOUT_S } from './dispatch/common';
import { runUpstream, Upstream } from './dispatch/upstream';
import { makeWorld } from './dispatch/world';
import type { IoModel } from './dispatch/fakes';
import {
  type Measured,
  measureBatched,
  measureBaseline,
  checkUpstreamFormats,
  fmt,
} from './dispatch/measure';

const SERIAL = { jobsites: 1, recipients: 1 };

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

    // With modelled DynamoDB and SES latency. Baseline, same run: one jobsite and one recipient
    // after another, as notifyJobsites worked before it overlapped them.
    const serialWorld = makeWorld(ioSample, 0x10, asOf);
    const serial = await measureBatched(serialWorld, upstream, asOf, 'io-serial', io, undefined, SERIAL);
    const serialAgain = await measureBatched(
      serialWorld,
      upstream,
      asOf,
      'io-serial-again',
      io,
      serial.fakes,
      SERIAL,
    );
    const ioWorld = makeWorld(ioSample, 0x10, asOf);
    const withIo = await measureBatched(ioWorld, upstream, asOf, 'io', io);
    const ioMsPerJobsite = withIo.wallMs / ioSample;
    const again = await measureBatched(ioWorld, upstream, asOf, 'io-again', io, withIo.fakes);
    const againMsPerJobsite = again.wallMs / ioSample;
    console.log(
      `\nwith modelled I/O (${io.storeMs} ms per repository call, ${io.sendMs} ms per send), ${ioSample} due jobsites in one batch:\n` +
        `  first run: ${fmt(withIo.wallMs)} ms → ${fmt(ioMsPerJobsite, 1)} ms per jobsite (${fmt(withIo.sent)} messages sent)\n` +
        `  the same slot again (nothing changed): ${fmt(again.wallMs)} ms → ${fmt(againMsPerJobsite, 1)} ms per jobsite (${fmt(again.sent)} sent)\n` +
        `  baseline, one jobsite and one recipient at a time: ${fmt(serial.wallMs)} ms first run (${fmt(serial.sent)} sent), ` +
        `${fmt(serialAgain.wallMs)} ms again → ${fmt(serial.wallMs / withIo.wallMs, 1)}× and ${fmt(serialAgain.wallMs / again.wallMs, 1)}× faster in flight`,
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
          serialWallMs: Math.round(serial.wallMs),
          serialWallMsAgain: Math.round(serialAgain.wallMs),
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
