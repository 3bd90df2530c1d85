import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { esbuildOptionsFor, firstUseBundleOptions } from '../../infra/bundling/lambda-bundling';
import { LAMBDA_ENTRIES } from '../../infra/lambda-entries';
import { createPublicApiApp, type PublicApiDeps } from '../../lambdas/public-api/app';
import { silentLogger } from '../../lambdas/core/observability.ports';
import { LAMBDA_ENV } from '../../bench/lambda-init-runner';
import { PROJECT_ROOT } from './support/synth-raincheck';

/**
 * Issue 26 item 8: the public API's bundle resolves zod to its entry without the locales and takes
 * four packages apart (infra/bundling/lambda-bundling.ts). Built as the construct builds it and run in
 * a fresh `node` as Lambda runs it, its handler serves the same OpenAPI document as the app run from
 * the sources (which zod-to-openapi writes from zod's own schemas), and answers in the `/v1` shape.
 */

const entry = LAMBDA_ENTRIES.find((e) => e.name === 'public-api')!;
let tmp: string;
let bundle: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-public-api-'));
  bundle = path.join(tmp, 'index.js');
  const firstUse = entry.firstUsePackages ?? [];
  await esbuild.build(esbuildOptionsFor(PROJECT_ROOT, entry.entry, bundle, firstUse));
  for (const pkg of firstUse) await esbuild.build(firstUseBundleOptions(PROJECT_ROOT, pkg, tmp));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** One API Gateway (HTTP API) request to the bundle's handler, in a fresh `node`; no socket opens. */
function invoke(method: string, rawPath: string, body?: unknown): { statusCode: number; body: string } {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers: { host: 'api.example', 'content-type': 'application/json' },
    requestContext: { http: { method, path: rawPath, sourceIp: '192.0.2.1' }, domainName: 'api.example' },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
  const script = `
    require(${JSON.stringify(bundle)}).handler(${JSON.stringify(event)}, {}).then(
      (r) => process.stdout.write(JSON.stringify({ statusCode: r.statusCode, body: r.body })),
    );
  `;
  const child = spawnSync(process.execPath, ['-e', script], {
    cwd: tmp,
    // The SDK is the runtime's on Lambda: here, the project's.
    env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV, NODE_PATH: path.join(PROJECT_ROOT, 'node_modules') },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { statusCode: number; body: string };
}

const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not used by this test')) });

describe('the public API as bundled for Lambda', () => {
  it('should serve the OpenAPI document the app serves from the sources', async () => {
    const app = createPublicApiApp({
      ...(Object.fromEntries(
        ['apiKeys', 'accounts', 'records', 'clock', 'ids', 'dispatch', 'ledger'].map((k) => [k, unused]),
      ) as unknown as PublicApiDeps),
      log: silentLogger,
    });
    const fromSources = await (await app.request('/v1/openapi.json')).json();

    const bundled = invoke('GET', '/v1/openapi.json');

    expect(bundled.statusCode).toBe(200);
    expect(JSON.parse(bundled.body)).toEqual(fromSources);
  });

  it('should refuse a write without an API key in the /v1 error shape', () => {
    const bundled = invoke('POST', '/v1/jobsites', { name: 'Elm St' });

    expect(bundled.statusCode).toBe(401);
    expect(JSON.parse(bundled.body)).toEqual({
      error: { type: 'authentication_failed', message: expect.any(String) },
    });
  });
});
