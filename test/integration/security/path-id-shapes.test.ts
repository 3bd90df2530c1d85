import { createApiApp } from '../../../lambdas/api/app';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { createReportsDeps } from '../../../lambdas/composition/reports.root';
import { lineLogger } from '../../../lambdas/adapters/observability/line.logger';
import { createPublicApiApp } from '../../../lambdas/public-api/app';
import { createReportsApp } from '../../../lambdas/reports/app';
import { callApi, newAccount, subscribe, type ApiResult, type TestAccount } from '../../support/accounts';
import { seededAdminToken } from '../../support/cognito';
import { testStack } from '../stack';
import { WALKED_BODIES } from './walked-bodies';

/**
 * A path id that is longer than DynamoDB's key limits, or of a shape the store never writes, names
 * nothing: every route with a path id answers it exactly as it answers an unknown id (404), and none
 * answers 500 (the records' reads, revoking an API key and support ticket ids did before). The routes
 * are read from the api Lambda's app itself, so a route added later is walked too.
 */
const stack = testStack();

/** Ids no store ever wrote: overlong for a key, and of characters outside every id's shape. */
const BAD_IDS: Record<string, string> = {
  'a 3,000-character id': 'x'.repeat(3000),
  'a 1,100-character id': 'y'.repeat(1100),
  'a space': 'an id',
  'a NUL': 'a\u0000b',
  'a bidi override': 'a\u202Eb',
  'an accented letter': 'café',
  'an emoji': 'id\u{1F327}',
  'an encoded slash': 'a/b',
  'a quote': "a'b",
  'a percent sign': '50%',
  braces: '{}',
};

const DAY = '2026-11-30';

/** Parameters that are not ids: given a well-formed value so the route reaches its id. */
const NOT_IDS: Record<string, string> = { date: DAY, period: '2026-11', file: 'revenue.csv' };

/** Bodies that pass each route's schema, so the id (not the body) decides the answer. */
function bodyFor(method: string, path: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (path.endsWith('/ledger/:date')) return { worked: true };
  if (path.endsWith('/replies')) return { body: 'A reply' };
  if (path.startsWith('/api/admin/support/requests/')) return { status: 'closed' };
  if (path.startsWith('/api/confirmations/')) return { answer: 'working' };
  if (path.endsWith('/schedule')) return { cadence: 'weekly', to: ['office@example.com'] };
  if (path.startsWith('/api/account/members/')) return { role: 'viewer' };
  return WALKED_BODIES[path.split('/')[2]!] ?? {};
}

/** The routes with a path parameter of every Lambda app the signed-in SPA and API keys reach. */
function parameterRoutes(): { method: string; path: string }[] {
  const root = createAppRoot(stack.lambdaConfig, {
    unsubscribeSecret: 'path-id-shapes-secret-0123456789abcdef',
  });
  const authenticate = async () => null;
  const apps = [
    createApiApp({ ...root, authenticate }, 'at-load'),
    createReportsApp({ authenticate, reports: createReportsDeps(root, { fontsDir: '.' }) }),
    createPublicApiApp({ ...root, log: lineLogger('path-id-shapes', () => undefined) }),
  ];
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const r of apps.flatMap((app) => app.routes)) {
    const key = `${r.method} ${r.path}`;
    if (r.method === 'ALL' || !r.path.includes('/:') || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return routes.sort((x, y) => `${x.path} ${x.method}`.localeCompare(`${y.path} ${y.method}`));
}

/** Parameters that are signed tokens, not ids. */
const TOKEN_PARAM = /:token\b/;

/**
 * One request of the walk as its caller sends it: the admin's token on admin routes, an API key on the
 * public API (waiting out its per-key rate as a well-behaved client does), the user's elsewhere.
 */
async function send(method: string, path: string, id: string): Promise<ApiResult> {
  const body = bodyFor(method, path);
  const token = path.startsWith('/api/admin/') ? admin : path.startsWith('/v1/') ? apiKey : user.token;
  for (;;) {
    const res = await callApi(stack, pathWith(path, id), {
      method,
      token,
      ...(body === undefined ? {} : { body }),
    });
    if (res.status !== 429 || !path.startsWith('/v1/')) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

/** The route's path with each id parameter set to `id` (encoded) and the others well-formed. */
const pathWith = (path: string, id: string) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => NOT_IDS[name] ?? encodeURIComponent(id));

let user: TestAccount;
let admin: string;
/** An API key of the user's account, for the public API's routes. */
let apiKey: string;

beforeAll(async () => {
  user = await newAccount(stack, 'path-ids');
  // Enterprise: no plan gate answers before the id is looked at.
  await subscribe(stack, user, 'enterprise');
  admin = await seededAdminToken(stack);
  const key = await callApi(stack, '/api/api-keys', {
    token: user.token,
    body: { name: 'Path ids', scopes: ['read', 'write'] },
  });
  expect(key.status).toBe(201);
  apiKey = key.body.secret;
}, 120_000);

describe('path ids of a shape no record has', () => {
  it.each(Object.entries(BAD_IDS))(
    'should answer %s as an unknown id (404) on every route',
    async (_, id) => {
      const routes = parameterRoutes();
      const wrong: string[] = [];
      for (const { method, path } of routes) {
        const res = await send(method, path, id);
        // A signed token that does not verify answers as its route decides (a document link: 410).
        const answered = TOKEN_PARAM.test(path) ? res.status < 500 && res.status !== 200 : res.status === 404;
        if (!answered) wrong.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(routes.length).toBeGreaterThan(50);
      expect(routes.some((r) => r.path.startsWith('/v1/'))).toBe(true);
      expect(routes.some((r) => r.path.startsWith('/api/reports/'))).toBe(true);
    },
    120_000,
  );
});
