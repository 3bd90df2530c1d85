/**
 * Issue 26 item 8, tenth round (docs/benchmarks.md): the api Lambda with zod bundled apart and
 * required on first use (`zod.on-first-use`, lambdas/adapters/first-use/zod.cts), measured against
 * zod in the bundle. Per route, in a fresh `node` each: load the bundle (AWS SDK preloaded), send one
 * API Gateway v2 event with a verified caller in `requestContext.authorizer.lambda` through `handler`,
 * and record whether zod's bundle was required, the answer, and the CPU ms of the load and of the
 * request. DynamoDB answers every call empty in the child (the client's `send` is replaced), so
 * nothing is reached: lists answer empty, a record 404.
 *
 *   npx tsx bench/api-zod-first-use.ts [--runs 11]
 *
 * Three builds: zod in the bundle (as before), zod apart whole (zod-entry.ts) and zod apart with only
 * the names our code reads (zod-used-by-lambdas.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import {
  esbuildOptionsFor,
  type FirstUsePackage,
  firstUseBundleOptions,
} from '../infra/bundling/lambda-bundling';
import { LAMBDA_ENTRIES } from '../infra/lambda-entries';
import { LAMBDA_ENV } from './lambda-init-runner';
import { numberOption } from './number-option';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = numberOption('runs', 11);
const ZOD: FirstUsePackage = 'zod.on-first-use';

interface Build {
  label: string;
  dir: string;
  bytes: number;
  zodBytes: number | null;
  externals: string[];
}

async function build(label: string, zodEntry: string | null): Promise<Build> {
  const api = LAMBDA_ENTRIES.find((e) => e.name === 'api')!;
  const firstUse = (api.firstUsePackages ?? []).filter((p) => p !== ZOD).concat(zodEntry ? [ZOD] : []);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `raincheck-zod-${label}-`));
  const file = path.join(dir, 'index.js');
  const result = await esbuild.build(esbuildOptionsFor(ROOT, api.entry, file, firstUse));
  for (const pkg of firstUse) {
    const options = firstUseBundleOptions(ROOT, pkg, dir);
    await esbuild.build(pkg === ZOD ? { ...options, entryPoints: [path.resolve(ROOT, zodEntry!)] } : options);
  }
  const output = Object.values(result.metafile!.outputs).find((o) => o.entryPoint)!;
  const externals = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].filter(
    (p) => !p.startsWith('node:') && !builtinModules.includes(p) && !firstUse.includes(p as FirstUsePackage),
  );
  const zodFile = path.join(dir, 'node_modules', ZOD, 'index.js');
  return {
    label,
    dir,
    bytes: fs.statSync(file).size,
    zodBytes: zodEntry ? fs.statSync(zodFile).size : null,
    externals,
  };
}

/** The child: SDK preloaded, DynamoDB answering empty, the bundle loaded, one request sent. */
const CHILD = `
const { performance } = require('node:perf_hooks');
const [bundle, externals, method, rawPath, body, signedIn] = process.argv.slice(1);
for (const m of JSON.parse(externals)) require(m);
const client = Object.getPrototypeOf(require('@aws-sdk/client-dynamodb').DynamoDBClient.prototype);
client.send = async (command) => {
  const name = command.constructor.name;
  if (/Query|Scan/.test(name)) return { Items: [], Count: 0 };
  if (/BatchGet/.test(name)) return { Responses: {}, UnprocessedKeys: {} };
  if (/BatchWrite/.test(name)) return { UnprocessedItems: {} };
  return {};
};
const zodRequired = () => Object.keys(require.cache).some((f) => f.includes('/zod.on-first-use/'));
const cpu = (from) => { const u = process.cpuUsage(from); return (u.user + u.system) / 1000; };
const c0 = process.cpuUsage();
const { handler } = require(bundle);
const loadCpuMs = cpu(c0);
const atLoad = zodRequired();
const now = Date.now();
const event = {
  version: '2.0', routeKey: '$default', rawPath, rawQueryString: '', isBase64Encoded: false,
  headers: { host: 'bench.example', 'content-type': 'application/json' },
  body: body || undefined,
  requestContext: {
    accountId: '123456789012', apiId: 'bench', domainName: 'bench.example', domainPrefix: 'bench',
    requestId: 'bench', routeKey: '$default', stage: '$default', time: '', timeEpoch: now,
    http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'bench' },
    ...(signedIn === 'yes' ? { authorizer: { lambda: {
      sub: 'bench-user', token_use: 'id', email: 'owner@example.com', email_verified: 'true',
      'cognito:username': 'bench-user', auth_time: String(Math.floor(now / 1000)),
    } } } : {}),
  },
};
const c1 = process.cpuUsage();
Promise.resolve(handler(event, {})).then((answer) => {
  const requestCpuMs = cpu(c1);
  process.stdout.write(JSON.stringify({ atLoad, zod: zodRequired(), status: answer.statusCode,
    body: String(answer.body), loadCpuMs, requestCpuMs }));
});
`;

interface Sample {
  atLoad: boolean;
  zod: boolean;
  status: number;
  body: string;
  loadCpuMs: number;
  requestCpuMs: number;
}

function once(b: Build, [method, rawPath, body, signedIn]: Route): Sample {
  const child = spawnSync(
    process.execPath,
    ['-e', CHILD, path.join(b.dir, 'index.js'), JSON.stringify(b.externals), method, rawPath, body, signedIn],
    {
      cwd: b.dir,
      env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV, NODE_PATH: path.join(ROOT, 'node_modules') },
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`${b.label} ${method} ${rawPath} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as Sample;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Route = [method: string, path: string, body: string, signedIn: 'yes' | 'no'];
const ROUTES: Route[] = [
  ['GET', '/api/me', '', 'yes'],
  ['GET', '/api/jobsites', '', 'yes'],
  ['GET', '/api/jobsites/js-1', '', 'yes'],
  ['GET', '/api/workers', '', 'yes'],
  ['GET', '/api/clients', '', 'yes'],
  ['GET', '/api/crews', '', 'yes'],
  ['GET', '/api/jobsites/js-1/ledger', '', 'yes'],
  ['GET', '/api/analytics', '', 'yes'],
  ['GET', '/api/alerts', '', 'yes'],
  ['GET', '/api/weather', '', 'yes'],
  ['GET', '/api/confirmations', '', 'yes'],
  ['GET', '/api/api-keys', '', 'yes'],
  ['GET', '/api/webhooks', '', 'yes'],
  ['POST', '/api/jobsites', '{"name":""}', 'yes'],
  ['POST', '/api/clients', '{}', 'yes'],
  ['GET', '/api/nothing-here', '', 'yes'],
  ['GET', '/api/jobsites', '', 'no'],
  ['GET', '/api/admin/users', '', 'yes'],
  ['GET', '/api/health', '', 'no'],
];
/** The routes timed RUNS times in each build. */
const TIMED = [0, 1, 13];

const builds = [
  await build('in-bundle', null),
  await build('apart-whole', './lambdas/adapters/zod/zod-entry.ts'),
  await build('apart-used', './lambdas/adapters/zod/zod-used-by-lambdas.ts'),
];
console.log(
  `machine load (uptime): ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}; runs ${RUNS}`,
);
for (const b of builds)
  console.log(
    `${b.label}: api bundle ${(b.bytes / 1024).toFixed(1)} KB` +
      (b.zodBytes === null ? '' : `, zod apart ${(b.zodBytes / 1024).toFixed(1)} KB`),
  );

const apart = builds[1]!;
console.log('\nWhich requests require zod (zod apart, one fresh process each):');
let sameAnswers = true;
for (const route of ROUTES) {
  const s = once(apart, route);
  // Every build must answer alike, zod's messages included, whether zod is in the bundle or apart.
  const same = builds
    .filter((b) => b !== apart)
    .every((b) => {
      const other = once(b, route);
      return other.status === s.status && other.body === s.body;
    });
  sameAnswers &&= same;
  const label = `${route[0]} ${route[1]}${route[2] ? ` ${route[2]}` : ''}${route[3] === 'no' ? ' (no caller)' : ''}`;
  const zod = s.atLoad ? 'AT LOAD' : s.zod ? 'required' : 'not required';
  console.log(
    `  ${label.padEnd(40)} ${String(s.status)}  zod ${zod}${same ? '' : '  ANSWERS DIFFER'}  ${s.body.slice(0, 100)}`,
  );
}
console.log(
  sameAnswers ? 'Each request answered the same by every build.' : 'SOME ANSWERS DIFFER between builds.',
);

console.log(`\nCPU ms, median of ${RUNS} fresh processes (load with the SDK preloaded; the first request):`);
const results: Record<string, Record<string, { loadCpuMs: number; requestCpuMs: number }>> = {};
for (const i of TIMED) {
  const route = ROUTES[i]!;
  const label = `${route[0]} ${route[1]}`;
  for (const b of builds) {
    const samples = Array.from({ length: RUNS }, () => once(b, route));
    const r = {
      loadCpuMs: median(samples.map((s) => s.loadCpuMs)),
      requestCpuMs: median(samples.map((s) => s.requestCpuMs)),
    };
    (results[label] ??= {})[b.label] = r;
    console.log(
      `  ${label.padEnd(20)} ${b.label.padEnd(12)} load ${r.loadCpuMs.toFixed(1)}  request ${r.requestCpuMs.toFixed(1)}  sum ${(r.loadCpuMs + r.requestCpuMs).toFixed(1)}`,
    );
  }
}
for (const b of builds) fs.rmSync(b.dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    runs: RUNS,
    sameAnswers,
    loadAverage: os.loadavg(),
    bundles: builds.map(({ label, bytes, zodBytes }) => ({ label, bytes, zodBytes })),
    results,
  }),
);
