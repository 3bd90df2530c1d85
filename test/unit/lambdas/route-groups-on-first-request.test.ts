/**
 * Issue 26 item 8: the api Lambda registers its rarely used route groups on the first request to them.
 * Behaviour must not change: every route the app registered at load before (its `at-load` build, the
 * reference) answers the same status, headers and body through the app that
 * builds groups on first request — and so do unknown paths and methods under each group's paths —
 * with the same verified caller, middlewares, validation and error JSON.
 */
import type { Hono } from 'hono';
import { createApiApp, ROUTE_GROUPS_ON_FIRST_REQUEST, type ApiDeps } from '../../../lambdas/api/app';
import type { Caller } from '../../../lambdas/core/caller';
import type { RouteGroups } from '../../../lambdas/http/routes-on-first-request';

// ESM only, which Jest's CommonJS runtime cannot load; nothing here sends a webhook.
jest.mock('request-filtering-agent', () => ({
  RequestFilteringHttpAgent: class {},
  RequestFilteringHttpsAgent: class {},
}));

/**
 * A dependency of any shape whose every call fails (a fake for the unit level only): each route runs
 * its middlewares and validation, then answers the error its use-case's first call gives.
 */
function failingDeps(name: string): unknown {
  const call = () => {
    throw new Error(`${name} is not reachable in this test`);
  };
  return new Proxy(call, {
    get: (_, key) =>
      key === 'then' || typeof key === 'symbol'
        ? undefined
        : key === 'appOrigin'
          ? 'https://app.example'
          : failingDeps(`${name}.${String(key)}`),
  });
}

const RECORD_ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const now = { now: () => new Date('2026-11-25T15:00:00Z') };

/** One request per registered route (its params filled in), plus strays under each group's paths. */
function requestsFor(reference: Hono<never>, strays: string[]): [string, string][] {
  const routes = reference.routes
    .filter((r) => r.method !== 'ALL')
    .map((r): [string, string] => [r.method, r.path.replace(/:(\w+)(\{[^}]*\})?/g, RECORD_ID)]);
  const extra = strays.flatMap((p): [string, string][] => [
    ['GET', p],
    ['PATCH', p],
    ['POST', `${p}/`],
    ['GET', `${p}/${RECORD_ID}/nothing-here`],
    ['HEAD', p],
  ]);
  return [...new Map([...routes, ...extra].map((r) => [r.join(' '), r])).values()];
}

async function answerOf(app: Hono<never>, method: string, path: string, body?: string) {
  const res = await app.request(path, {
    method,
    headers: {
      authorization: 'Bearer rck_live_0123456789abcdefghijklmnopqrstuv',
      'content-type': 'application/json',
    },
    ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
  });
  return { status: res.status, headers: [...res.headers].sort(), body: await res.text() };
}

async function expectSameAnswers(
  build: (groups: RouteGroups) => Hono<never>,
  strays: string[],
  minimumRoutes: number,
): Promise<void> {
  const reference = build('at-load');
  const lazy = build('on-first-request');
  const requests = requestsFor(reference, strays);
  expect(requests.length).toBeGreaterThanOrEqual(minimumRoutes);
  // Each twice (the first builds the group), with no body, an invalid one and an empty object.
  for (const body of [undefined, '{"name":', '{}']) {
    for (const [method, path] of requests) {
      const expected = await answerOf(reference, method, path, body);
      for (let round = 0; round < 2; round++)
        expect({ method, path, body, answer: await answerOf(lazy, method, path, body) }).toEqual({
          method,
          path,
          body,
          answer: expected,
        });
    }
  }
}

describe('route groups registered on their first request', () => {
  // Every use-case fails here, and each 500 is logged: the same lines from both apps.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('should answer every /api route as the app built at load does', async () => {
    const caller: Caller = {
      userId: 'owner-1',
      accountId: 'owner-1',
      email: 'owner@example.com',
      groups: ['admins'],
      role: 'owner',
      totpEnabled: true,
    };
    const deps = new Proxy({} as ApiDeps, {
      get: (_, key) =>
        key === 'authenticate'
          ? async () => caller
          : key === 'clock'
            ? now
            : key === 'emailEvents'
              ? undefined
              : key === 'email'
                ? {
                    ...Object.fromEntries(
                      ['templates', 'accounts', 'ids', 'idempotency', 'mailer', 'rateWindows'].map((k) => [
                        k,
                        failingDeps(`email.${k}`),
                      ]),
                    ),
                    clock: now,
                    appOrigin: 'https://app.example',
                  }
                : failingDeps(String(key)),
    });
    const strays = Object.values(ROUTE_GROUPS_ON_FIRST_REQUEST)
      .flat()
      .map((p) => p.replace(/\/\*$/, ''));
    await expectSameAnswers((groups) => createApiApp(deps, groups) as never, strays, 150);
  });
});
