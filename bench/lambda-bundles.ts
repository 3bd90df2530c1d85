/**
 * Lambda bundles: per Lambda of infra/lambda-entries.ts, the bytes of its bundle (raw and gzip, built
 * exactly as the CDK construct builds it: infra/bundling/lambda-bundling.ts), where the weight is
 * (esbuild metafile, by package), and its module init time: median of N cold `node` processes that
 * `require` the bundle, with the AWS SDK modules it uses preloaded first ("init") and not ("with SDK").
 * Node runs with the NODE_OPTIONS the Lambdas get (LAMBDA_NODE_OPTIONS: none since ADR 0014, each bundle
 * maps its own stack traces and reads its map on the first one; a `--before` tree that names none ran
 * with `--enable-source-maps`, and is timed so). The environment is dummy
 * values and sockets are refused: a bundle that connects anywhere while loading fails the run.
 *
 * The baseline, measured in the same run, is a plain Hono Lambda (`handle(new Hono())`) bundled the
 * same way; init ratios against it move less with the machine than milliseconds do. The goals (issue
 * 26 item 8, LAMBDA_INIT_GOALS in shared/budgets.ts) are in CPU ms of module init, SDK preloaded: api
 * ≤ 60, every other Lambda ≤ 40, each ≤ 10× the baseline's; the report marks each one OVER.
 *
 *   npx tsx bench/lambda-bundles.ts [--runs 10] [--before <git-ref>] [--only api,dispatch] [--keep <dir>]
 *
 * `--before <ref>` also bundles and times the Lambdas of that commit (its tree from `git archive`,
 * bundled with the same settings), side by side. For each package a Lambda bundles apart, "first use"
 * is the CPU its first `require` costs once the Lambda's bundle is loaded (median of N): what the first
 * request that needs the package pays for it not being parsed at every cold start.
 * The last line of the output is JSON for tooling.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import {
  esbuildOptionsFor,
  type FirstUsePackage,
  FIRST_USE_PACKAGES,
  firstUseBundleOptions,
  firstUseBundlePath,
  LAMBDA_NODE_OPTIONS,
} from '../infra/bundling/lambda-bundling';
import type { LambdaEntry } from '../infra/lambda-entries';
import { LAMBDA_ENTRIES } from '../infra/lambda-entries';
import { ISSUE_12_TARGETS, LAMBDA_INIT_GOALS, lambdaInitGoalCpuMs } from '../shared/budgets';
import { FIRST_USE_RUNNER, LAMBDA_ENV, RUNNER } from './lambda-init-runner';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface BundleResult {
  name: string;
  bytes: number;
  gzipBytes: number;
  byPackage: [string, number][];
  externals: string[];
  file: string;
  /** NODE_OPTIONS its Lambda runs with. */
  nodeOptions: string;
  /** Raw bytes of each first-use package's own bundle beside it (not parsed at load). */
  firstUseBytes: [string, number][];
}

interface InitResult {
  /** Median ms of require(bundle) with the SDK already loaded. */
  initMs: number;
  /**
   * Median CPU ms (user + system) of the same, SDK preloaded: much less moved by other processes on a
   * busy machine than wall time, which waits for a core.
   */
  cpuMs: number;
  /** Median ms of require(bundle) loading the SDK itself too. */
  coldMs: number;
}

function packageOf(input: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (!m) return input.split('/').slice(0, 2).join('/');
  if (/zod\/v4\/locales\//.test(input)) return 'zod (locales)';
  if (/zod\/v4\/(mini|classic)\//.test(input)) return `zod (${/zod\/v4\/(mini|classic)\//.exec(input)![1]})`;
  return m[1]!;
}

async function bundle(
  projectRoot: string,
  name: string,
  entry: string | { contents: string },
  outDir: string,
  /** That tree's own bundling settings (its aliases name files of its own). */
  optionsFor: typeof esbuildOptionsFor = esbuildOptionsFor,
  nodeOptions: string = LAMBDA_NODE_OPTIONS,
  firstUse: readonly FirstUsePackage[] = [],
): Promise<BundleResult> {
  const outfile = path.join(outDir, name, 'index.js');
  const base = optionsFor(projectRoot, typeof entry === 'string' ? entry : 'index.ts', outfile, firstUse);
  const options: esbuild.BuildOptions = {
    ...base,
    ...(typeof entry === 'string'
      ? {}
      : {
          entryPoints: undefined,
          stdin: { contents: entry.contents, resolveDir: projectRoot, loader: 'ts' },
        }),
  };
  const result = await esbuild.build(options);
  const firstUseBytes: [string, number][] = [];
  for (const pkg of firstUse) {
    const chunk = firstUseBundleOptions(projectRoot, pkg, path.dirname(outfile));
    await esbuild.build(chunk);
    firstUseBytes.push([pkg, fs.statSync(chunk.outfile!).size]);
  }
  const bytes = fs.readFileSync(outfile);
  const output = Object.entries(result.metafile!.outputs).find(([f]) => f.endsWith('index.js'))![1];
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const key = packageOf(input);
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  // The runtime's SDK modules the bundle requires (preloaded as on Lambda); not the packages it bundles
  // apart, which lie beside it and must not be loaded before their first use.
  const externals = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].filter(
    (p) => !p.startsWith('node:') && !isBuiltin(p) && !firstUse.includes(p as FirstUsePackage),
  );
  return {
    name,
    bytes: bytes.length,
    gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
    byPackage: [...byPackage].sort((a, b) => b[1] - a[1]),
    externals,
    file: outfile,
    nodeOptions,
    firstUseBytes,
  };
}

function isBuiltin(p: string): boolean {
  return builtinModules.includes(p);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A child's environment: the Lambda's dummy variables and the NODE_OPTIONS its Lambda runs with. */
function childEnv(b: BundleResult, nodeModules: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    ...LAMBDA_ENV,
    NODE_PATH: nodeModules,
    NODE_OPTIONS: `${b.nodeOptions} --no-warnings`,
  };
}

function loadOnce(
  runner: string,
  b: BundleResult,
  mode: 'preload' | 'cold',
  nodeModules: string,
): { initMs: number; cpuMs: number } {
  const child = spawnSync(process.execPath, [runner, b.file, mode, JSON.stringify(b.externals)], {
    env: childEnv(b, nodeModules),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`${b.name} failed to load:\n${child.stderr}`);
  const out = JSON.parse(child.stdout) as { initMs: number; cpuMs: number; connects: string[] };
  if (out.connects.length) throw new Error(`${b.name} opened sockets at init: ${out.connects.join(', ')}`);
  return out;
}

/**
 * Times every bundle round-robin (one preloaded and one cold load of each per round), so a change in
 * the machine's load during the run touches all of them alike; medians per bundle.
 */
function timeInits(runner: string, bundles: BundleResult[], runs: number, nodeModules: string): InitResult[] {
  const pre = bundles.map(() => [] as number[]);
  const cpu = bundles.map(() => [] as number[]);
  const cold = bundles.map(() => [] as number[]);
  for (const b of bundles) loadOnce(runner, b, 'preload', nodeModules); // file system cache, and fail fast
  for (let round = 0; round < runs; round++) {
    bundles.forEach((b, i) => {
      const warm = loadOnce(runner, b, 'preload', nodeModules);
      pre[i]!.push(warm.initMs);
      cpu[i]!.push(warm.cpuMs);
      cold[i]!.push(loadOnce(runner, b, 'cold', nodeModules).initMs);
    });
  }
  return bundles.map((_, i) => ({
    initMs: median(pre[i]!),
    cpuMs: median(cpu[i]!),
    coldMs: median(cold[i]!),
  }));
}

/**
 * CPU ms of each first-use package's `require` in a process that has loaded the SDK and the Lambda's
 * bundle, one process per package and run (one package's builtins would otherwise serve the next).
 */
function timeFirstUses(
  runner: string,
  b: BundleResult,
  firstUse: readonly FirstUsePackage[],
  runs: number,
  nodeModules: string,
): [FirstUsePackage, number][] {
  return firstUse.map((pkg) => {
    const apart = path.join(path.dirname(b.file), firstUseBundlePath(pkg));
    const cpu: number[] = [];
    for (let round = 0; round < runs; round++) {
      const child = spawnSync(process.execPath, [runner, b.file, JSON.stringify(b.externals), apart], {
        env: childEnv(b, nodeModules),
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`${b.name}: ${pkg} failed to load:\n${child.stderr}`);
      cpu.push((JSON.parse(child.stdout) as { cpuMs: number }).cpuMs);
    }
    return [pkg, median(cpu)];
  });
}

/** The Lambdas of another commit: its tree, its entries, bundled with that commit's settings. */
async function beforeTree(
  ref: string,
  tmp: string,
): Promise<{
  root: string;
  entries: LambdaEntry[];
  optionsFor: typeof esbuildOptionsFor;
  nodeOptions: string;
}> {
  const root = path.join(tmp, 'before-tree');
  fs.mkdirSync(root, { recursive: true });
  const tar = execFileSync(
    'git',
    ['archive', ref, 'lambdas', 'shared', 'infra', 'tsconfig.json', 'package.json'],
    {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', root], { input: tar });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const mod = (await import(path.join(root, 'infra/lambda-entries.ts'))) as {
    LAMBDA_ENTRIES: LambdaEntry[];
  };
  const bundling = (await import(path.join(root, 'infra/bundling/lambda-bundling.ts'))) as {
    esbuildOptionsFor: typeof esbuildOptionsFor;
    LAMBDA_NODE_OPTIONS?: string;
  };
  return {
    root,
    entries: mod.LAMBDA_ENTRIES,
    optionsFor: bundling.esbuildOptionsFor,
    // Before ADR 0014 every Lambda ran with --enable-source-maps (the construct's NODE_OPTIONS).
    nodeOptions: bundling.LAMBDA_NODE_OPTIONS ?? '--enable-source-maps',
  };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const runs = Number(arg('runs') ?? 10);
  const only = arg('only')?.split(',');
  const beforeRef = arg('before');
  // --keep <dir>: the bundles stay there (to profile one: `node --cpu-prof` on <dir>/after/<name>/index.js).
  const keep = arg('keep');
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const tmp = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-lambda-bench-'));
  const runner = path.join(tmp, 'runner.cjs');
  fs.writeFileSync(runner, RUNNER);
  const firstUseRunner = path.join(tmp, 'first-use-runner.cjs');
  fs.writeFileSync(firstUseRunner, FIRST_USE_RUNNER);
  const nodeModules = path.join(ROOT, 'node_modules');
  try {
    const entries = LAMBDA_ENTRIES.filter((e) => !only || only.includes(e.name));
    const plainHono = {
      contents:
        "import { Hono } from 'hono'; import { handle } from 'hono/aws-lambda';\n" +
        "export const handler = handle(new Hono().get('/', (c) => c.text('ok')));\n",
    };
    const baseline = await bundle(ROOT, 'baseline-hono', plainHono, path.join(tmp, 'after'));
    const afterBundles: { entry: LambdaEntry; b: BundleResult }[] = [];
    for (const entry of entries) {
      afterBundles.push({
        entry,
        b: await bundle(
          ROOT,
          entry.name,
          entry.entry,
          path.join(tmp, 'after'),
          esbuildOptionsFor,
          LAMBDA_NODE_OPTIONS,
          entry.firstUsePackages,
        ),
      });
    }
    const beforeBundles: BundleResult[] = [];
    if (beforeRef) {
      const tree = await beforeTree(beforeRef, tmp);
      // The baseline as that commit built and ran it too (printed as "before only").
      beforeBundles.push(
        await bundle(
          tree.root,
          'baseline-hono',
          plainHono,
          path.join(tmp, 'before'),
          tree.optionsFor,
          tree.nodeOptions,
        ),
      );
      for (const entry of tree.entries.filter((e) => !only || only.includes(e.name))) {
        beforeBundles.push(
          await bundle(
            tree.root,
            entry.name,
            entry.entry,
            path.join(tmp, 'before'),
            tree.optionsFor,
            tree.nodeOptions,
            // Its packages bundled apart as that commit's construct took them (the ones this tree knows).
            (entry.firstUsePackages ?? []).filter((p) => p in FIRST_USE_PACKAGES),
          ),
        );
      }
    }
    const inits = timeInits(
      runner,
      [baseline, ...afterBundles.map((a) => a.b), ...beforeBundles],
      runs,
      nodeModules,
    );
    const baseInit = inits[0]!;
    const after = afterBundles.map((a, i) => ({
      ...a,
      init: inits[1 + i]!,
      firstUseCpu: timeFirstUses(firstUseRunner, a.b, a.entry.firstUsePackages ?? [], runs, nodeModules),
    }));
    const before = new Map(
      beforeBundles.map((b, i) => [b.name, { b, init: inits[1 + afterBundles.length + i]! }]),
    );

    console.log(
      `Lambda bundles (esbuild as the CDK construct builds them; init: median of ${runs}, Node ${process.versions.node})`,
    );
    console.log(
      `Baseline (plain Hono Lambda): ${kb(baseline.bytes)} raw, ${kb(baseline.gzipBytes)} gzip; ` +
        `init CPU ${ms(baseInit.cpuMs)}, wall ${ms(baseInit.initMs)}, with SDK load ${ms(baseInit.coldMs)}; ` +
        `machine load (uptime) ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}`,
    );
    const rows: Record<string, unknown>[] = [];
    for (const { entry, b, init, firstUseCpu } of after) {
      const prior = before.get(entry.name);
      const over = (value: number, max: number) => (value > max ? ' OVER' : '');
      console.log(`\n${entry.name}`);
      console.log(
        `  bundle   ${kb(b.bytes).padStart(9)} raw (budget ${kb(entry.budget.maxBytes)}${over(b.bytes, entry.budget.maxBytes)}, ` +
          `issue target ${kb(entry.name === 'dispatch' ? ISSUE_12_TARGETS.dispatchBundleBytes : ISSUE_12_TARGETS.lambdaBundleBytes)}), ` +
          `${kb(b.gzipBytes)} gzip (budget ${kb(entry.budget.maxGzipBytes)}${over(b.gzipBytes, entry.budget.maxGzipBytes)})` +
          (prior ? `; before ${kb(prior.b.bytes)} raw, ${kb(prior.b.gzipBytes)} gzip` : ''),
      );
      const goal = lambdaInitGoalCpuMs(entry.name);
      const ratio = init.cpuMs / baseInit.cpuMs;
      console.log(
        `  init     CPU ${ms(init.cpuMs).padStart(9)} SDK preloaded (goal ${goal} ms${over(init.cpuMs, goal)}; ` +
          `${ratio.toFixed(1)}× the baseline's CPU, goal ≤ ${LAMBDA_INIT_GOALS.maxBaselineRatio}×${over(ratio, LAMBDA_INIT_GOALS.maxBaselineRatio)}), ` +
          `wall ${ms(init.initMs)}, ${ms(init.coldMs)} loading the SDK too` +
          (prior
            ? `; before CPU ${ms(prior.init.cpuMs)} (${(prior.init.cpuMs / init.cpuMs).toFixed(1)}× this), wall ${ms(prior.init.initMs)} / ${ms(prior.init.coldMs)}`
            : ''),
      );
      console.log(
        `  weight   ${b.byPackage
          .slice(0, 8)
          .map(([p, n]) => `${p} ${kb(n)}`)
          .join(', ')}` +
          (b.firstUseBytes.length
            ? `; bundled apart, loaded on first use: ${b.firstUseBytes.map(([p, n]) => `${p} ${kb(n)}`).join(', ')}`
            : ''),
      );
      if (firstUseCpu.length) {
        console.log(
          `  first use CPU of the first require, bundle loaded: ${firstUseCpu.map(([p, n]) => `${p} ${ms(n)}`).join(', ')}`,
        );
      }
      rows.push({
        name: entry.name,
        bytes: b.bytes,
        gzipBytes: b.gzipBytes,
        maxBytes: entry.budget.maxBytes,
        maxGzipBytes: entry.budget.maxGzipBytes,
        initMs: init.initMs,
        initCpuMs: init.cpuMs,
        coldInitMs: init.coldMs,
        initGoalCpuMs: lambdaInitGoalCpuMs(entry.name),
        initCpuRatio: init.cpuMs / baseInit.cpuMs,
        firstUseBytes: Object.fromEntries(b.firstUseBytes),
        firstUseCpuMs: Object.fromEntries(firstUseCpu),
        ...(prior
          ? {
              before: {
                bytes: prior.b.bytes,
                gzipBytes: prior.b.gzipBytes,
                initMs: prior.init.initMs,
                initCpuMs: prior.init.cpuMs,
                coldInitMs: prior.init.coldMs,
              },
            }
          : {}),
      });
    }
    for (const [name, prior] of before) {
      if (after.some((a) => a.entry.name === name)) continue;
      console.log(
        `\n${name} (before only): ${kb(prior.b.bytes)} raw, init CPU ${ms(prior.init.cpuMs)}, wall ${ms(prior.init.initMs)}`,
      );
    }
    console.log(
      JSON.stringify({
        node: process.versions.node,
        runs,
        loadAverage: os.loadavg(),
        baseline: {
          bytes: baseline.bytes,
          initMs: baseInit.initMs,
          initCpuMs: baseInit.cpuMs,
          coldInitMs: baseInit.coldMs,
        },
        lambdas: rows,
      }),
    );
  } finally {
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
