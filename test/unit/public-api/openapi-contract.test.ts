import fs from 'node:fs';
import path from 'node:path';
import { createPublicApiApp, type PublicApiDeps } from '../../../lambdas/public-api/app';
import { silentLogger } from '../../../lambdas/core/observability.ports';

/**
 * The contract between the `/v1` routes and their OpenAPI document: every route the public API's app
 * serves is in /v1/openapi.json with its method, every documented operation is served, and every
 * route module under lambdas/routes/v1/ is mounted. A route added outside `v1Route` fails here.
 */
const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not used by this test')) });
const buildApp = () =>
  createPublicApiApp({
    ...(Object.fromEntries(
      ['apiKeys', 'accounts', 'records', 'clock', 'ids', 'dispatch', 'ledger'].map((k) => [k, unused]),
    ) as unknown as PublicApiDeps),
    log: silentLogger,
  });
const app = buildApp();

type Doc = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function documentOf(of = app): Promise<Doc> {
  const res = await of.request('/v1/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

/** What the app serves: method and OpenAPI-style path of each handler (middleware is `ALL`). */
function servedRoutes(of = app): string[] {
  const routes = of.routes
    .filter((r) => r.method !== 'ALL' && r.path !== '/v1/openapi.json')
    .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

describe('the /v1 OpenAPI document', () => {
  it('should be OpenAPI 3.1 and describe exactly the routes the public API serves', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`))
      .sort();
    expect(servedRoutes().length).toBeGreaterThanOrEqual(23);
    expect(documented).toEqual(servedRoutes());
  });

  it('should fail the contract when a route is served without being documented', async () => {
    const grown = buildApp();
    grown.get('/v1/undocumented', (c) => c.json({}));
    const doc = await documentOf(grown);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)),
    );
    const missing = servedRoutes(grown).filter((r) => !documented.has(r));
    expect(missing).toEqual(['get /v1/undocumented']);
  });

  it('should mount every route module of lambdas/routes/v1', () => {
    const dir = path.resolve(__dirname, '../../../lambdas/routes/v1');
    const appSource = fs.readFileSync(path.resolve(__dirname, '../../../lambdas/public-api/app.ts'), 'utf8');
    const modules = fs.readdirSync(dir).filter((f) => f.endsWith('.routes.ts'));
    expect(modules.length).toBeGreaterThanOrEqual(3);
    for (const file of modules) {
      const exported = /export function (v1\w+Routes)[<(]/.exec(
        fs.readFileSync(path.join(dir, file), 'utf8'),
      )?.[1];
      expect({
        file,
        mounted: exported !== undefined && new RegExp(`\\b${exported}\\(\\s*app\\b`).test(appSource),
      }).toEqual({
        file,
        mounted: true,
      });
    }
  });

  it('should give every operation the API key security and the one error shape', async () => {
    const doc = await documentOf();
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops) as { security: unknown; responses: Record<string, unknown> }[]) {
        expect(op.security).toEqual([{ apiKey: [] }]);
        expect(JSON.stringify(op.responses['401'])).toContain('#/components/schemas/Error');
      }
    }
  });
});
