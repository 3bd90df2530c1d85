import fc from 'fast-check';
import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';

/**
 * Tenant isolation and malformed input, walked over every record route: the tenant comes only from
 * the verified token, and an id of another account answers exactly like an id that does not exist.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

const RESOURCES = ['clients', 'crews', 'workers', 'jobsites'] as const;
type Resource = (typeof RESOURCES)[number];

let alice: TestAccount;
let bob: TestAccount;
const bobIds = {} as Record<Resource, string>;

const validBody = (resource: Resource, n = Date.now()): Record<string, unknown> =>
  ({
    clients: { name: `Client ${n}` },
    crews: { name: `Crew ${n}` },
    workers: { name: `Worker ${n}`, email: `worker-${n}-${Math.random().toString(36).slice(2)}@example.com` },
    jobsites: { name: `Site ${n}`, latitude: 30.27, longitude: -97.74 },
  })[resource];

async function snapshot(account: TestAccount) {
  const lists = await Promise.all(RESOURCES.map((r) => api(`/api/${r}?limit=200`, { token: account.token })));
  return Object.fromEntries(RESOURCES.map((r, i) => [r, lists[i]!.body.items])) as Record<Resource, any[]>;
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([newAccount(stack, 'iso-alice'), newAccount(stack, 'iso-bob')]);
  await Promise.all([subscribe(stack, alice, 'premium'), subscribe(stack, bob, 'premium')]);
  for (const r of RESOURCES) {
    const created = await api(`/api/${r}`, { token: bob.token, body: validBody(r) });
    expect(created.status).toBe(201);
    bobIds[r] = created.body.id;
  }
  const crewWorker = await api('/api/workers', {
    token: bob.token,
    body: { ...validBody('workers'), crewIds: [bobIds.crews] },
  });
  expect(crewWorker.status).toBe(201);
  for (const r of RESOURCES) {
    expect((await api(`/api/${r}`, { token: alice.token, body: validBody(r) })).status).toBe(201);
  }
});

describe('tenant isolation', () => {
  it("should answer 404 to every route and method on another account's ids and leave its data unchanged", async () => {
    const before = await snapshot(bob);
    for (const r of RESOURCES) {
      const path = `/api/${r}/${bobIds[r]}`;
      const get = await api(path, { token: alice.token });
      const put = await api(path, { method: 'PUT', token: alice.token, body: validBody(r) });
      const del = await api(path, { method: 'DELETE', token: alice.token });
      expect([r, get.status, put.status, del.status]).toEqual([r, 404, 404, 404]);
      const unknown = await api(`/api/${r}/does-not-exist`, { token: alice.token });
      expect(get.body).toEqual({ error: unknown.body.error });
    }
    expect(await snapshot(bob)).toEqual(before);
  });

  it("should never list another account's records, and refuse them as references", async () => {
    const aliceLists = await snapshot(alice);
    const bobAll = new Set(Object.values(await snapshot(bob)).flatMap((items) => items.map((i) => i.id)));
    for (const r of RESOURCES) {
      expect(aliceLists[r].length).toBeGreaterThan(0);
      for (const item of aliceLists[r]) expect(bobAll.has(item.id)).toBe(false);
    }
    const worker = await api('/api/workers', {
      token: alice.token,
      body: { ...validBody('workers'), crewIds: [bobIds.crews] },
    });
    expect(worker.status).toBe(400);
    expect(worker.body.field).toBe('crewIds');
    const site = await api('/api/jobsites', {
      token: alice.token,
      body: {
        ...validBody('jobsites'),
        clientId: bobIds.clients,
        recipients: { workerIds: [bobIds.workers] },
      },
    });
    expect(site.status).toBe(400);
    const crew = await api(`/api/crews/${bobIds.crews}`, { token: bob.token });
    expect(crew.body.workerIds).toHaveLength(1);
  });

  it('should answer 401 on every record route without a token', async () => {
    for (const r of RESOURCES) {
      expect((await api(`/api/${r}`)).status).toBe(401);
      expect((await api(`/api/${r}`, { body: validBody(r) })).status).toBe(401);
      expect((await api(`/api/${r}/${bobIds[r]}`, { method: 'DELETE' })).status).toBe(401);
    }
  });
});

/** Values that are never valid where a field of the given kind is expected. */
const wrongFor = {
  text: fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.array(fc.string(), { minLength: 1, maxLength: 2 }),
    fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
  ),
  longText: fc.string({ minLength: 2100, maxLength: 2200 }),
  controlText: fc.string({ maxLength: 8 }).map((s) => `a\u0000${s}\u0007`),
  number: fc.oneof(fc.string(), fc.boolean(), fc.double({ min: 181, max: 1e9, noNaN: true })),
  bool: fc.oneof(fc.string(), fc.integer(), fc.constant([] as unknown[])),
  idList: fc.oneof(fc.string(), fc.integer(), fc.array(fc.integer(), { minLength: 1, maxLength: 3 })),
};

const CORRUPTIONS: Record<Resource, [string, fc.Arbitrary<unknown>][]> = {
  clients: [
    ['name', fc.oneof(wrongFor.text, wrongFor.controlText, fc.constant('   '))],
    ['notes', fc.oneof(wrongFor.text, wrongFor.longText)],
    ['notifyNoWork', wrongFor.bool],
  ],
  crews: [['name', fc.oneof(wrongFor.text, wrongFor.controlText)]],
  workers: [
    [
      'email',
      fc.oneof(
        wrongFor.text,
        fc.string({ maxLength: 20 }).filter((s) => !s.includes('@')),
      ),
    ],
    ['crewIds', wrongFor.idList],
    ['isManager', wrongFor.bool],
  ],
  jobsites: [
    ['latitude', wrongFor.number],
    [
      'workingDays',
      fc.oneof(wrongFor.text, fc.array(fc.integer({ min: 8, max: 99 }), { minLength: 1, maxLength: 3 })),
    ],
    [
      'workingHours',
      fc.oneof(wrongFor.text, fc.record({ start: fc.constant('25:00'), end: fc.constant('26:00') })),
    ],
    [
      'rules',
      fc.oneof(
        wrongFor.text,
        fc.array(fc.record({ metric: fc.constant('mood'), op: fc.constant('=') }), {
          minLength: 1,
          maxLength: 2,
        }),
      ),
    ],
  ],
};

describe('malformed bodies', () => {
  it('should answer 400 naming a field, never a 5xx, and store nothing, for any malformed create or update body', async () => {
    const before = await snapshot(alice);
    const targets = Object.fromEntries(RESOURCES.map((r) => [r, before[r][0].id])) as Record<
      Resource,
      string
    >;
    const cases = fc.oneof(
      ...RESOURCES.flatMap((r) =>
        CORRUPTIONS[r].map(([field, bad]) =>
          fc.record({ resource: fc.constant(r), field: fc.constant(field), bad, update: fc.boolean() }),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ resource, field, bad, update }) => {
        const body = { ...validBody(resource), [field]: bad };
        const res = update
          ? await api(`/api/${resource}/${targets[resource]}`, { method: 'PUT', token: alice.token, body })
          : await api(`/api/${resource}`, { token: alice.token, body });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields).some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
      }),
      { numRuns: 60 },
    );
    const junk = fc.oneof(
      fc
        .jsonValue()
        .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
        .map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 40 }).map((s) => `{${s}`),
    );
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom(...RESOURCES), async (raw, resource) => {
        const res = await api(`/api/${resource}`, {
          token: alice.token,
          rawBody: raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual(expect.any(Object));
      }),
      { numRuns: 30 },
    );
    expect(await snapshot(alice)).toEqual(before);
  });
});
