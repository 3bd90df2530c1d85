/**
 * Lighthouse on the landing page, against a throw-away local stack (compressed and cached like
 * CloudFront: shared/web-serving.ts) and Debian's Chromium: mobile (Lighthouse's default, simulated
 * slow 4G and a 4× slower CPU) and desktop, 3 runs each, the median of each figure.
 *
 *   npm run build:web && npm run bench:lighthouse
 *
 * RAINCHECK_WEB_DIST picks another build folder, RAINCHECK_BENCH_PORT another port (default 3322),
 * RAINCHECK_LIGHTHOUSE_RUNS the runs per form factor, RAINCHECK_CHROMIUM another browser.
 *
 * Lighthouse is installed on demand, pinned, into a cache folder outside the project
 * (RAINCHECK_LIGHTHOUSE_DIR, default ~/.cache/raincheck-lighthouse): it brings ~200 packages and
 * ~185 MB that nothing else needs, so it is not a devDependency every `npm install` would pay for.
 * 12.x because 13.x needs Node ≥ 22.19 and the project runs on Node ≥ 20.19.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '../test/support/stack-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIGHTHOUSE_VERSION = '12.8.2';
const LIGHTHOUSE_DIR =
  process.env.RAINCHECK_LIGHTHOUSE_DIR ?? path.join(os.homedir(), '.cache', 'raincheck-lighthouse');
const RUNS = Number(process.env.RAINCHECK_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.RAINCHECK_CHROMIUM ?? '/usr/bin/chromium';

type FormFactor = 'mobile' | 'desktop';

interface RunResult {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The Lighthouse CLI of the pinned version, installed first if it is missing or another version. */
function lighthouseCli(): string {
  const pkg = path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'package.json');
  const installed = fs.existsSync(pkg)
    ? (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version
    : null;
  if (installed !== LIGHTHOUSE_VERSION) {
    console.error(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${LIGHTHOUSE_DIR}…`);
    fs.mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
    const manifest = path.join(LIGHTHOUSE_DIR, 'package.json');
    if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, '{ "private": true }\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], {
      cwd: LIGHTHOUSE_DIR,
      stdio: ['ignore', process.stderr, process.stderr],
    });
  }
  return path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'cli', 'index.js');
}

function runLighthouse(cli: string, url: string, formFactor: FormFactor): RunResult {
  const out = path.join(os.tmpdir(), `raincheck-lighthouse-${process.pid}-${Date.now()}.json`);
  try {
    execFileSync(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility',
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { stdio: ['ignore', 'ignore', process.stderr] },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue: number }>;
    };
    return {
      performance: Math.round(report.categories.performance!.score * 100),
      accessibility: Math.round(report.categories.accessibility!.score * 100),
      lcpMs: report.audits['largest-contentful-paint']!.numericValue,
      fcpMs: report.audits['first-contentful-paint']!.numericValue,
      tbtMs: report.audits['total-blocking-time']!.numericValue,
      cls: report.audits['cumulative-layout-shift']!.numericValue,
    };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main() {
  const dist = process.env.RAINCHECK_WEB_DIST ?? path.join(ROOT, 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('Build the SPA first: npm run build:web');
  const cli = lighthouseCli();
  const { info, stop } = await startTestStack(ROOT, {
    RAINCHECK_PORT: process.env.RAINCHECK_BENCH_PORT ?? '3322',
  });
  const results: Record<FormFactor, { runs: RunResult[]; median: RunResult }> = {} as never;
  try {
    const url = `${info.appUrl}/`;
    // One untimed request per file so the server's compression cache is warm, as CloudFront's would be.
    await fetch(url).then((r) => r.text());
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const runs: RunResult[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const run = runLighthouse(cli, url, formFactor);
        console.log(
          `${formFactor} run ${i}: performance ${run.performance}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
            `FCP ${(run.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, ` +
            `accessibility ${run.accessibility}`,
        );
        runs.push(run);
      }
      const pick = (k: keyof RunResult) => median(runs.map((r) => r[k]));
      results[formFactor] = {
        runs,
        median: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          lcpMs: pick('lcpMs'),
          fcpMs: pick('fcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
        },
      };
    }
  } finally {
    await stop();
  }
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, ${RUNS} runs each, median:`);
  console.log('| | performance | LCP | FCP | TBT | CLS | accessibility |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [formFactor, { median: m }] of Object.entries(results)) {
    console.log(
      `| ${formFactor} | ${m.performance} | ${(m.lcpMs / 1000).toFixed(2)} s | ${(m.fcpMs / 1000).toFixed(2)} s | ` +
        `${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${m.accessibility} |`,
    );
  }
  console.log(JSON.stringify({ lighthouse: LIGHTHOUSE_VERSION, runs: RUNS, results }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
