import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiApp } from '../../../lambdas/api/app';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { joinTeam } from '../../support/team';
import { testStack } from '../stack';
import { WALKED_BODIES } from './walked-bodies';

/**
 * Tenancy walked over every route the api Lambda serves, read from the app itself: a route added
 * later is walked too, or this test fails naming it. Account A (Enterprise, so no plan gate answers
 * first) and a manager of A send each route with account B's ids and must get exactly what an unknown id gets (404);
 * B's data is unchanged afterwards. Admin routes must refuse A (403); signed-token routes are
 * listed apart (their tokens are not ids; their own suites tamper with them).
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

/** Routes whose parameter is a signed token, not a record id. */
const TOKEN_ROUTES = new Set([
  'GET /api/notices/:token',
  'GET /api/confirmations/:token',
  'POST /api/confirmations/:token',
  'POST /api/invites/:token/accept',
]);

const DAY = '2026-11-30';

/**
 * The api Lambda's routes with a path parameter, as its Hono app lists them: built `at-load`, since the
 * Lambda registers its rarely used groups on their first request (route-groups-on-first-request.test.ts
 * holds the two to the same answers); the walk itself goes through the stack's app as the Lambda's.
 */
function parameterRoutes(): string[] {
  const root = createAppRoot(stack.lambdaConfig, {
    unsubscribeSecret: 'route-walk-secret-0123456789abcdefghij',
  });
  const app = createApiApp({ ...root, authenticate: async () => null }, 'at-load');
  const routes = new Set<string>();
  for (const r of app.routes)
    if (r.method !== 'ALL' && r.path.includes('/:')) routes.add(`${r.method} ${r.path}`);
  return [...routes].sort();
}

let a: TestAccount;
let b: TestAccount;
/** A manager of account A: acts in A through its membership. */
let member: TestAccount;
let receiver: http.Server;
const ids: Record<string, string> = {};

/** B's id for each parameter of a route, chosen by the route's resource. */
function fill(route: string): string | null {
  const [, path] = route.split(' ') as [string, string];
  const resource = path.split('/')[2]!;
  const byResource: Record<string, string | undefined> = {
    clients: ids.client,
    crews: ids.crew,
    workers: ids.worker,
    jobsites: ids.jobsite,
    'email-templates': ids.template,
    webhooks: ids.webhook,
    'api-keys': ids.apiKey,
    support: ids.supportRequest,
  };
  let missing = false;
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value =
      name === 'date'
        ? DAY
        : name === 'deliveryId'
          ? ids.delivery
          : name === 'userId'
            ? b.userId
            : path.startsWith('/api/account/invites/')
              ? ids.invite
              : byResource[resource];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

function bodyFor(route: string): unknown {
  const [method, path] = route.split(' ') as [string, string];
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (path.endsWith('/ledger/:date')) return { worked: true };
  if (path.endsWith('/replies')) return { body: 'A reply from another account' };
  if (path.startsWith('/api/account/members/')) return { role: 'viewer' };
  return WALKED_BODIES[path.split('/')[2]!] ?? {};
}

async function snapshotOf(account: TestAccount) {
  const paths = [
    '/api/clients?limit=200',
    '/api/crews?limit=200',
    '/api/workers?limit=200',
    '/api/jobsites?limit=200',
    '/api/email-templates',
    '/api/webhooks',
    '/api/api-keys',
    '/api/account/members',
    '/api/support/requests',
    `/api/jobsites/${ids.jobsite}/ledger?from=${DAY}&to=${DAY}`,
  ];
  return Promise.all(paths.map(async (p) => [p, (await api(p, { token: account.token })).body]));
}

beforeAll(async () => {
  receiver = http.createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  [a, b, member] = await Promise.all([
    newAccount(stack, 'walk-a'),
    newAccount(stack, 'walk-b'),
    newAccount(stack, 'walk-member'),
  ]);
  await Promise.all([subscribe(stack, a, 'enterprise'), subscribe(stack, b, 'enterprise')]);
  await joinTeam(stack, a, member, 'manager');
  const made = async (path: string, body: unknown) => {
    const res = await api(path, { token: b.token, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  ids.client = await made('/api/clients', { name: 'B client' });
  ids.crew = await made('/api/crews', { name: 'B crew' });
  ids.worker = await made('/api/workers', { name: 'B worker', email: `b-worker-${Date.now()}@example.com` });
  ids.jobsite = await made('/api/jobsites', { name: 'B site', latitude: 30.27, longitude: -97.74 });
  ids.template = await made('/api/email-templates', WALKED_BODIES['email-templates']);
  ids.webhook = await made('/api/webhooks', { url: hookUrl, events: ['jobsite.updated'] });
  ids.apiKey = await made('/api/api-keys', { name: 'B key', scopes: ['read'] });
  ids.supportRequest = await made('/api/support/requests', {
    subject: 'B asks',
    body: 'Something B saw',
    page: '/dashboard',
  });
  ids.invite = await made('/api/account/invites', {
    email: `b-invitee-${Date.now()}@example.com`,
    role: 'viewer',
  });
  expect((await api(`/api/webhooks/${ids.webhook}/test`, { method: 'POST', token: b.token })).status).toBe(
    202,
  );
  for (let i = 0; i < 40 && !ids.delivery; i++) {
    const deliveries = await api(`/api/webhooks/${ids.webhook}/deliveries`, { token: b.token });
    ids.delivery = deliveries.body.items?.[0]?.id;
    if (!ids.delivery) await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('every route with a path parameter', () => {
  it("should answer another account's ids as unknown ones (404), refuse admin routes (403) and leave the other account unchanged", async () => {
    const before = await snapshotOf(b);
    const answers: string[] = [];
    const unwalked: string[] = [];
    for (const route of parameterRoutes()) {
      if (TOKEN_ROUTES.has(route)) continue;
      const [method, path] = route.split(' ') as [string, string];
      const admin = path.startsWith('/api/admin/');
      const url = admin ? path.replace(/:([A-Za-z]+)/g, 'x') : fill(route);
      if (!url) {
        unwalked.push(route);
        continue;
      }
      const body = bodyFor(route);
      const res = await api(url, { method, token: a.token, ...(body === undefined ? {} : { body }) });
      answers.push(`${route} → ${res.status}`);
      expect(`${route} → ${res.status}`).toBe(`${route} → ${admin ? 403 : 404}`);
      if (method === 'GET' && !admin) {
        // A member reads in A's account, never B's, whatever id it sends.
        const asMember = await api(url, { token: member.token });
        expect(`member: ${route} → ${asMember.status}`).toBe(`member: ${route} → 404`);
      }
    }
    // A new route whose resource this walk does not know fails here, by name: give it B's id above.
    expect(unwalked).toEqual([]);
    expect(answers.length).toBeGreaterThan(30);
    expect(await snapshotOf(b)).toEqual(before);
  }, 120_000);
});
