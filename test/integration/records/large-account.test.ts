/**
 * A large account's lists and writes cost a bounded number of DynamoDB calls and items read (issue 26
 * item 9): the api and public-api apps in process, over DynamoDB Local, with every call of their
 * client counted. 600 workers and 60 jobsites: a page, a search, a jobsite create and a `/v1` page
 * each read a page's worth of items, not the account's collection, and give the same answers as
 * paging the whole collection in memory (the way lists worked before).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiApp } from '../../../lambdas/api/app';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { tenantFromStore, type Caller, type TenantId } from '../../../lambdas/core/caller';
import { silentLogger } from '../../../lambdas/core/observability.ports';
import { listPage } from '../../../lambdas/core/records/list-page';
import { listWorkers } from '../../../lambdas/core/records/workers';
import { listCrews } from '../../../lambdas/core/records/crews';
import { workersForJobsite } from '../../../lambdas/core/records/jobsite-workers';
import { jobsitesHeardBy } from '../../../lambdas/core/email/unsubscribe';
import { workersOfJobsite } from '../../../shared/records/jobsite-people';
import { nameIndexed, SEARCH_BOUND, SEARCH_FIELDS } from '../../../lambdas/core/records/record-search';
import { EMAIL_SEARCH_GUARDS } from '../../../lambdas/adapters/dynamo/worker-orders';
import { createPublicApiApp } from '../../../lambdas/public-api/app';
import { testStack } from '../stack';
import { accountOnPlan, callApi, type TestAccount } from '../../support/accounts';
import {
  countDynamoCalls,
  jsonPost,
  measuredRequest,
  nameFor,
  seedLargeAccount,
  type InProcessApp,
  type SeededAccount,
} from '../../support/large-account';

const WORKERS = 600;
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const counter = countDynamoCalls(root.client);
let account: TestAccount;
let tenant: TenantId;
let seeded: SeededAccount;
let apiKey: string;
let apiApp: ReturnType<typeof createApiApp>;
let v1App: ReturnType<typeof createPublicApiApp>;

beforeAll(async () => {
  account = await accountOnPlan(stack, 'large-account', 'enterprise');
  const key = await callApi(stack, '/api/api-keys', {
    token: account.token,
    body: { name: 'Large account', scopes: ['read', 'write'] },
  });
  apiKey = key.body.secret as string;
  tenant = tenantFromStore(account.userId);
  seeded = await seedLargeAccount(root.records, tenant, {
    workers: WORKERS,
    jobsites: 60,
    crews: 5,
    prefix: 'large',
  });
  const caller: Caller = {
    userId: account.userId,
    email: account.email,
    groups: [],
    accountId: account.userId,
  };
  apiApp = createApiApp({ ...root, authenticate: async () => caller });
  v1App = createPublicApiApp({ ...root, log: silentLogger });
  // A tenant's first name page of a kind looks for records written before the index (once per
  // container); the counts below are those of every later request.
  for (const kind of ['workers', 'jobsites']) await apiApp.request(`/api/${kind}?limit=1`);
  // And the first email page looks for workers stored before email guards.
  await apiApp.request('/api/workers?limit=1&sort=email');
  // And the first crew page for workers stored before membership items.
  await apiApp.request('/api/crews?limit=1');
  // A worker changed since the seed: its update moves it in the updatedAt order.
  await apiApp.request(`/api/workers/${seeded.workerIds[7]}`, {
    ...jsonPost({ trade: 'Roofer' }),
    method: 'PUT',
  });
}, 180_000);

const measured = (app: InProcessApp, path: string, init: RequestInit = {}) =>
  measuredRequest(counter, app, path, init);

/** Every page of a list, following its cursors. */
async function allPages(
  path: string,
  key: 'items' | 'data' = 'items',
  app: InProcessApp = apiApp,
  init: RequestInit = {},
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await measured(
      app,
      cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path,
      init,
    );
    expect(page.status).toBe(200);
    ids.push(...(page.body[key] as { id: string }[]).map((r) => r.id));
    cursor = page.body.nextCursor;
  } while (cursor);
  return ids;
}

/** The answer of the whole collection paged in memory: how every list answered before. */
async function inMemory(sort: string, q?: string, kind: 'workers' | 'jobsites' = 'workers') {
  const all: { id: string }[] = await root.records[kind].list(tenant);
  const fields = SEARCH_FIELDS[kind === 'workers' ? 'worker' : 'jobsite'] as (r: object) => string[];
  return listPage(all, { sort, q, limit: WORKERS }, fields).items.map((w) => w.id);
}

/**
 * Workers in email order as the table keeps it: by the lower-cased email's code points ('@' after the
 * digits; `localeCompare`, which the in-memory paging uses, puts it before them).
 */
async function inEmailOrder(descending: boolean, q?: string) {
  const all = await root.records.workers.list(tenant);
  const found = listPage(all, { sort: 'email', q, limit: WORKERS }, SEARCH_FIELDS.worker).items;
  const sorted = found
    .map((w) => [w.email.toLowerCase(), w.id] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return (descending ? sorted.reverse() : sorted).map(([, id]) => id);
}

describe('records written before the name index', () => {
  it('should list and find them once the first name page has given them their index keys', async () => {
    const legacy = tenantFromStore(`legacy-${Date.now()}`);
    const at = new Date().toISOString();
    const tenantId = String(legacy);
    // As the table held workers before the name index (no nameKey, no searchText, only the email
    // index's keys), and one written before the stamp index (its name keys, not the stamp's).
    for (const [i, name] of ['Zed Old', 'Ann Old', 'Moe Old'].entries()) {
      const { Item } = root.db.entities.worker
        .put({
          tenantId,
          workerId: `legacy-${i}`,
          name,
          email: `old${i}@example.com`,
          crewIds: i === 1 ? ['legacy-crew'] : [],
          isManager: false,
          status: 'active',
          createdAt: at,
          updatedAt: new Date(Date.parse(at) - i * 60_000).toISOString(),
          ...(i === 2 && nameIndexed(name, `legacy-${i}`, [name])),
        })
        .params<{ Item: Record<string, unknown> }>();
      const { gsi3pk: _p3, gsi3sk: _s3, gsi2pk, gsi2sk, ...fields } = Item;
      const item = i === 2 ? { ...fields, gsi2pk, gsi2sk } : fields;
      await root.client.send(new PutCommand({ TableName: stack.lambdaConfig.TABLE_NAME, Item: item }));
    }
    const deps = { records: root.records, clock: root.clock, ids: root.ids };
    await root.records.crews.create(legacy, {
      id: 'legacy-crew',
      name: 'Old crew',
      notes: null,
      hourlyRateCents: null,
      createdAt: at,
      updatedAt: at,
    });

    const page = await listWorkers(legacy, { sort: 'name', limit: 50 }, deps);
    const found = await listWorkers(legacy, { sort: 'name', q: 'moe', limit: 50 }, deps);
    const changed = await listWorkers(legacy, { sort: '-updatedAt', limit: 50 }, deps);
    const byEmail = await listWorkers(legacy, { sort: '-email', limit: 50 }, deps);
    const byCreation = await listWorkers(legacy, { sort: 'createdAt', limit: 50 }, deps);
    const crews = await listCrews(legacy, { sort: 'name', limit: 50 }, deps);

    expect(page.items.map((w) => w.name)).toEqual(['Ann Old', 'Moe Old', 'Zed Old']);
    expect(found.items.map((w) => w.id)).toEqual(['legacy-2']);
    expect(changed.items.map((w) => w.id)).toEqual(['legacy-0', 'legacy-1', 'legacy-2']);
    expect(byEmail.items.map((w) => w.id)).toEqual(['legacy-2', 'legacy-1', 'legacy-0']);
    expect(byCreation.items.map((w) => w.id)).toEqual(['legacy-0', 'legacy-1', 'legacy-2']);
    expect(crews.items.map((c) => c.workerIds)).toEqual([['legacy-1']]);
  });
});

describe('a large account', () => {
  it('should read a page of workers in name order with one query of a page of items when the account has 600 workers', async () => {
    const page = await measured(apiApp, '/api/workers?limit=50');

    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(50);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect(page.calls).toBe(1);
    expect(page.itemsRead).toBe(51);
  });

  it('should give the same workers in the same order as paging the whole list in memory, both ways', async () => {
    expect(await allPages('/api/workers?limit=45')).toEqual(await inMemory('name'));
    expect(await allPages('/api/workers?limit=200&sort=-name')).toEqual(await inMemory('-name'));
  });

  // Through an index: one query of 21 items. Workers' creation order: a query of their 21 creation
  // items, then the 21 workers they name in one batched get.
  it.each([
    ['workers', '-updatedAt', 1, 21],
    ['workers', 'createdAt', 2, 42],
    ['workers', '-createdAt', 2, 42],
    ['jobsites', '-createdAt', 1, 21],
    ['jobsites', 'updatedAt', 1, 21],
  ] as const)(
    'should read a page of %s sorted by %s in %d calls reading %d items',
    async (kind, sort, calls, items) => {
      const page = await measured(apiApp, `/api/${kind}?limit=20&sort=${sort}`);

      expect(page.status).toBe(200);
      expect(page.body.items).toHaveLength(20);
      expect(page.calls).toBe(calls);
      expect(page.itemsRead).toBe(items);
      expect(await allPages(`/api/${kind}?limit=45&sort=${sort}`)).toEqual(
        await inMemory(sort, undefined, kind),
      );
    },
  );

  it('should read pages of clients in creation and change order from their indexes, as in memory', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const created = await apiApp.request('/api/clients', jsonPost({ name: `Client ${(i * 7) % 30}` }));
      ids.push(((await created.json()) as { id: string }).id);
    }
    // Every fourth changed since: the change order is not the creation order.
    for (const id of ids.filter((_, i) => i % 4 === 0))
      await apiApp.request(`/api/clients/${id}`, { ...jsonPost({ notes: 'Changed' }), method: 'PUT' });
    const all = await root.records.clients.list(tenant);
    const expected = (sort: string) =>
      listPage(all, { sort, limit: 100 }, SEARCH_FIELDS.client).items.map((c) => c.id);

    await apiApp.request('/api/clients?limit=1'); // the tenant's first client page checks for old items
    for (const sort of ['createdAt', '-createdAt', 'updatedAt', '-updatedAt']) {
      const page = await measured(apiApp, `/api/clients?limit=7&sort=${sort}`);
      expect(page.calls).toBe(1);
      expect(page.itemsRead).toBe(8);
      expect(await allPages(`/api/clients?limit=7&sort=${sort}`)).toEqual(expected(sort));
    }
  });

  it('should search in order of change within the bound and find the same matches as in memory', async () => {
    const first = await measured(apiApp, '/api/workers?q=oak%20street&limit=20&sort=-updatedAt');

    expect(first.calls).toBeLessThanOrEqual(SEARCH_BOUND.calls);
    expect(first.itemsRead).toBeLessThanOrEqual(SEARCH_BOUND.calls * SEARCH_BOUND.recordsPerCall);
    const found = await allPages('/api/workers?q=oak%20street&limit=20&sort=-updatedAt');
    expect(found).toEqual(await inMemory('-updatedAt', 'oak street'));
  });

  it('should read a page in email order through the email guards: one query and one batched get', async () => {
    const page = await measured(apiApp, '/api/workers?limit=20&sort=email');

    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(20);
    expect(page.byCommand).toEqual({ QueryCommand: 1, BatchGetItemCommand: 1 });
    // 21 guards (the last tells whether a next page follows) and the 21 workers they name.
    expect(page.itemsRead).toBe(2 * 21);
    expect(await allPages('/api/workers?limit=45&sort=email')).toEqual(await inEmailOrder(false));
    expect(await allPages('/api/workers?limit=200&sort=-email')).toEqual(await inEmailOrder(true));
  });

  it('should search in email order within its bound and find the same matches', async () => {
    const first = await measured(apiApp, '/api/workers?q=oak%20street&limit=20&sort=-email');

    expect(first.calls).toBeLessThanOrEqual(2 * SEARCH_BOUND.calls);
    expect(first.itemsRead).toBeLessThanOrEqual(2 * SEARCH_BOUND.calls * EMAIL_SEARCH_GUARDS);
    const found = await allPages('/api/workers?q=oak%20street&limit=20&sort=-email');
    expect(found.length).toBeGreaterThan(20);
    expect(found).toEqual(await inEmailOrder(true, 'oak street'));
  });

  it('should search within its documented bound and find every match across pages', async () => {
    const first = await measured(apiApp, '/api/workers?q=oak%20street&limit=20');

    expect(first.status).toBe(200);
    expect(first.calls).toBeLessThanOrEqual(SEARCH_BOUND.calls);
    expect(first.itemsRead).toBeLessThanOrEqual(SEARCH_BOUND.calls * SEARCH_BOUND.recordsPerCall);
    const found = await allPages('/api/workers?q=oak%20street&limit=20');
    expect(found.length).toBeGreaterThan(20);
    expect(found).toEqual(await inMemory('name', 'oak street'));
  });

  it("should check a jobsite create's references by key, reading only the records it names", async () => {
    const workerIds = seeded.workerIds.slice(100, 105);
    const created = await measured(
      apiApp,
      '/api/jobsites',
      jsonPost({
        name: 'Large account tower',
        latitude: 41.88,
        longitude: -87.63,
        foremanWorkerId: workerIds[0],
        recipients: { workerIds, crewIds: [seeded.crewIds[0]], notifyClient: false },
      }),
    );

    expect(created.status).toBe(201);
    // The caller's plan and the jobsite counter, the write itself, the caller's own profile (the
    // jobsite keeps who changed it, issue 22), plus three batched gets (5, 1, 1 keys).
    expect(created.byCommand.BatchGetItemCommand).toBe(3);
    expect(created.calls).toBeLessThanOrEqual(9);
    expect(created.itemsRead).toBeLessThanOrEqual(13);
  });

  it('should create a worker checking its crews by key and its email through the email index', async () => {
    const created = await measured(
      apiApp,
      '/api/workers',
      jsonPost({ name: 'New Hire', email: 'new.hire@example.com', crewIds: [seeded.crewIds[1]] }),
    );
    const taken = await measured(
      apiApp,
      '/api/workers',
      jsonPost({ name: 'Again', email: 'NEW.hire@example.com' }),
    );

    expect(created.status).toBe(201);
    // The crew by key, the email index, the write (the worker and its email guard).
    expect(created.calls).toBeLessThanOrEqual(4);
    expect(created.itemsRead).toBeLessThanOrEqual(2);
    expect(taken.status).toBe(400);
    expect(taken.body.field).toBe('email');
  });

  it("should match an import's rows to workers by key, reading the file's workers, not the account's", async () => {
    const csv = [
      'name,email,trade',
      // Worker 301 as seeded (unchanged), 302 in capitals with a new trade (updated), and a new one.
      `${nameFor(301)},large.worker301@example.com,Carpenter`,
      `${nameFor(302)},LARGE.WORKER302@example.com,Roofer`,
      'Import Newcomer,import.newcomer@example.com,Laborer',
    ].join('\n');
    const post = { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv };
    const preview = await measured(apiApp, '/api/workers/import?dryRun=true', post);
    const imported = await measured(apiApp, '/api/workers/import', post);

    const counts = { new: 1, updated: 1, unchanged: 1, error: 0 };
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual(counts);
    expect(imported.status).toBe(201);
    expect(imported.body.counts).toEqual(counts);
    expect((await root.records.workers.get(tenant, seeded.workerIds[302]!))?.trade).toBe('Roofer');
    // The plan, the account's 5 crews (matched by name), the 3 emails' guards and their 2 workers by
    // key: a few dozen items where reading the workers would be 600.
    for (const run of [preview, imported]) {
      expect(run.byCommand.BatchGetItemCommand).toBe(2);
      expect(run.itemsRead).toBeLessThanOrEqual(20);
    }
  });

  it("should read a jobsite's workers by key for its notice page and escalations, the same as from the whole list", async () => {
    const jobsite = {
      recipients: {
        workerIds: [seeded.workerIds[1]!, seeded.workerIds[2]!],
        crewIds: [seeded.crewIds[0]!, seeded.crewIds[2]!],
        notifyClient: false,
      },
      foremanWorkerId: seeded.workerIds[4]!,
    };
    const all = await root.records.workers.list(tenant);
    counter.reset();
    const found = await workersForJobsite(tenant, jobsite, root.records.workers);

    const expected = workersOfJobsite(jobsite, all).map((w) => w.id);
    expect(found.map((w) => w.id)).toEqual([...expected].sort());
    expect(expected.length).toBeGreaterThan(40);
    // One query per crew for its members, then the workers by key: ~90 items, not the account's 600.
    expect(counter.byCommand.QueryCommand).toBe(2);
    expect(counter.byCommand.BatchGetItemCommand).toBe(1);
    expect(counter.itemsRead).toBeLessThanOrEqual(2 * expected.length);
  });

  it("should name an unsubscribing worker's jobsites from their back-references, the same as from the whole list", async () => {
    // Seeded jobsite 5 names worker 5; it also joins a crew that jobsite 20 notifies, and is jobsite 30's foreman.
    const worker = (await root.records.workers.get(tenant, seeded.workerIds[5]!))!;
    const crewId = seeded.crewIds[3]!;
    const put = (path: string, body: unknown) => apiApp.request(path, { ...jsonPost(body), method: 'PUT' });
    const changes = [
      await put(`/api/workers/${worker.id}`, { crewIds: [crewId] }),
      await put(`/api/jobsites/${seeded.jobsiteIds[20]}`, {
        recipients: { workerIds: [], crewIds: [crewId], notifyClient: false },
      }),
      await put(`/api/jobsites/${seeded.jobsiteIds[30]}`, { foremanWorkerId: worker.id }),
    ];
    expect(changes.map((r) => r.status)).toEqual([200, 200, 200]);
    const joined = (await root.records.workers.get(tenant, worker.id))!;
    const all = await root.records.jobsites.list(tenant);
    counter.reset();
    const heard = await jobsitesHeardBy(tenant, joined, root.records.jobsites);

    const expected = all.filter((j) => workersOfJobsite(j, [joined]).length > 0).map((j) => j.id);
    expect(heard.map((j) => j.id).sort()).toEqual(expected.sort());
    expect(expected).toEqual(
      expect.arrayContaining([seeded.jobsiteIds[5], seeded.jobsiteIds[20], seeded.jobsiteIds[30]]),
    );
    // Two back-reference queries (the worker, its crew), then the jobsites by key: not the 60 jobsites.
    expect(counter.byCommand.BatchGetItemCommand).toBe(1);
    expect(counter.itemsRead).toBeLessThan(all.length);
  });

  it('should put a new worker first in reverse creation order and take it out when it is deleted', async () => {
    const created = await apiApp.request(
      '/api/workers',
      jsonPost({ name: 'Newest Hire', email: 'newest.hire@example.com' }),
    );
    const { id } = (await created.json()) as { id: string };
    const newest = await measured(apiApp, '/api/workers?limit=1&sort=-createdAt');
    const removed = await apiApp.request(`/api/workers/${id}`, { method: 'DELETE' });
    const after = await measured(apiApp, '/api/workers?limit=1&sort=-createdAt');

    expect(newest.body.items.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(removed.status).toBe(204);
    expect(after.body.items.map((w: { id: string }) => w.id)).not.toContain(id);
    const { data: items } = await root.db.entities.recordGuard.query
      .byTenant({ tenantId: String(tenant) })
      .begins({ guard: 'workerCreated#' })
      .go({ pages: 'all' });
    expect(items.filter((item) => item.ownerId === id)).toEqual([]);
    expect(items).toHaveLength((await root.records.workers.list(tenant)).length);
  });

  it("should read a crew page's members per crew, not the account's workers, and follow a worker's crew changes", async () => {
    const [first, second] = seeded.crewIds;
    const mover = seeded.workerIds[3]!; // every third worker is in a crew
    const moved = await apiApp.request(`/api/workers/${mover}`, {
      ...jsonPost({ crewIds: [first, second] }),
      method: 'PUT',
    });
    expect(moved.status).toBe(200);

    const page = await measured(apiApp, '/api/crews?limit=5');

    expect(page.status).toBe(200);
    const crews = page.body.items as { id: string; workerIds: string[] }[];
    expect(crews).toHaveLength(5);
    const workers = await root.records.workers.list(tenant);
    for (const crew of crews)
      expect(crew.workerIds).toEqual(workers.filter((w) => w.crewIds.includes(crew.id)).map((w) => w.id));
    expect(crews.find((c) => c.id === second)!.workerIds).toContain(mover);
    // The crews themselves, then one query per crew on the page.
    expect(page.calls).toBe(1 + 5);
    const members = crews.reduce((n, c) => n + c.workerIds.length, 0);
    expect(page.itemsRead).toBe(5 + members);
    expect(members).toBeLessThan(WORKERS / 2);
  });

  it('should refuse a jobsite naming a worker the account does not have, naming the field', async () => {
    const refused = await measured(
      apiApp,
      '/api/jobsites',
      jsonPost({
        name: 'Unknown recipient',
        latitude: 41.88,
        longitude: -87.63,
        recipients: { workerIds: [seeded.workerIds[0], 'no-such-worker'], crewIds: [], notifyClient: false },
      }),
    );

    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('recipients.workerIds');
    expect(refused.body.error).toContain('no-such-worker');
  });

  it('should read a /v1 cursor page of jobsites with the key check and one query, whatever the account holds', async () => {
    const auth = { headers: { authorization: `Bearer ${apiKey}` } };
    const page = await measured(v1App, '/v1/jobsites?limit=20', auth);

    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(20);
    // The key's lookup and its token bucket, then the page itself.
    expect(page.calls).toBeLessThanOrEqual(4);
    expect(page.itemsRead).toBeLessThanOrEqual(24);
    const ids = await allPages('/v1/jobsites?limit=25', 'data', v1App, auth);
    expect(ids).toHaveLength(61);
    expect(new Set(ids).size).toBe(61);
    const changed = await measured(v1App, '/v1/jobsites?limit=20&sort=-updatedAt', auth);
    expect(changed.calls).toBeLessThanOrEqual(4);
    expect(changed.itemsRead).toBeLessThanOrEqual(24);
    const byChange = await allPages('/v1/jobsites?limit=25&sort=-updatedAt', 'data', v1App, auth);
    expect(byChange).toEqual(await inMemory('-updatedAt', undefined, 'jobsites'));
  });
});

describe("a large account's weather outlook", () => {
  it('should judge a page of jobsites per /api/weather request, not every jobsite of the account', async () => {
    const page = await measured(apiApp, '/api/weather?days=2&limit=10');

    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(10);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    // One query of a page of jobsites and the account's profile and holidays: not the 61 jobsites
    // (and their forecasts) that one answer of every jobsite read.
    expect(page.calls).toBeLessThanOrEqual(4);
    expect(page.itemsRead).toBeLessThanOrEqual(15);
  });

  it("should give every active jobsite once, in the jobsites list's name order, across its pages", async () => {
    const ids: string[] = [];
    let next: string | null = null;
    do {
      const res = await measured(apiApp, `/api/weather?days=1&limit=25${next ? `&cursor=${next}` : ''}`);
      ids.push(...res.body.items.map((i: { jobsite: { id: string } }) => i.jobsite.id));
      next = res.body.nextCursor;
    } while (next);
    const listed: { id: string; active: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const res = await measured(apiApp, `/api/jobsites?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      listed.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);

    expect(ids.length).toBeGreaterThan(25);
    expect(ids).toEqual(listed.filter((j) => j.active).map((j) => j.id));
  });

  it('should find jobsites by name through the same search as the jobsites list', async () => {
    const found = await measured(apiApp, `/api/weather?days=1&q=${encodeURIComponent(nameFor(7))}`);

    expect(found.status).toBe(200);
    expect(found.body.items.map((i: { jobsite: { id: string } }) => i.jobsite.id)).toEqual([
      seeded.jobsiteIds[7],
    ]);
  });

  it('should answer 400 naming the field for a limit over 100 or a cursor of another query', async () => {
    const tooMany = await measured(apiApp, '/api/weather?limit=101');
    const first = await measured(apiApp, '/api/weather?days=1&limit=5');
    const otherQuery = await measured(
      apiApp,
      `/api/weather?days=1&limit=5&q=oak&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );

    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ field: 'limit', error: 'Limit must be at most 100' });
    expect(otherQuery.status).toBe(400);
    expect(otherQuery.body.field).toBe('cursor');
  });

  it("should read one jobsite's forecast for its /v1 verdicts, whatever the account holds", async () => {
    const auth = { headers: { authorization: `Bearer ${apiKey}` } };
    const verdicts = await measured(v1App, `/v1/jobsites/${seeded.jobsiteIds[3]}/verdicts`, auth);

    expect(verdicts.status).toBe(200);
    expect(verdicts.body.data.length).toBeGreaterThan(0);
    // The key's lookup and token bucket, the jobsite, the account's profile and holidays.
    expect(verdicts.itemsRead).toBeLessThanOrEqual(5);
  });
});

describe("a large account's advanced analytics", () => {
  it("should count a jobsite's crew members from its crews' members by key, not from the account's workers", async () => {
    const crews = [seeded.crewIds[0]!, seeded.crewIds[1]!];
    const created = await measured(
      apiApp,
      '/api/jobsites',
      jsonPost({
        name: 'Crewed tower',
        latitude: 41.9,
        longitude: -87.6,
        recipients: { workerIds: [], crewIds: crews, notifyClient: false },
      }),
    );
    expect(created.status).toBe(201);

    const answer = await measured(apiApp, '/api/analytics/advanced');

    expect(answer.status).toBe(200);
    const all = await root.records.workers.list(tenant);
    const expected = new Set(all.filter((w) => w.crewIds.some((c) => crews.includes(c))).map((w) => w.email));
    const site = answer.body.jobsites.find((j: { id: string }) => j.id === created.body.id);
    expect(expected.size).toBeGreaterThan(0);
    expect(site.crewWorkers).toBe(expected.size);
    // The account's 600 workers are not read; its jobsites, crews and the named crews' members are.
    expect(answer.itemsRead).toBeLessThan(WORKERS);
  });
});

describe("a large account's crews", () => {
  it('should read a page of crews from the name index with a cursor, in the order and with the matches of the whole list', async () => {
    const at = Date.now();
    for (let i = 0; i < 30; i++)
      await root.records.crews.create(tenant, {
        id: `many-crew-${String(i).padStart(2, '0')}`,
        name: `${nameFor(i + 3)} crew`,
        notes: i % 4 ? null : 'Night shift',
        hourlyRateCents: null,
        createdAt: new Date(at - i * 1000).toISOString(),
        updatedAt: new Date(at + ((i * 7) % 30) * 1000).toISOString(),
      });
    const all = await root.records.crews.list(tenant);
    const inMemoryCrews = (sort: string, q?: string) =>
      listPage(all, { sort, q, limit: 1000 }, SEARCH_FIELDS.crew).items.map((c) => c.id);

    const page = await measured(apiApp, '/api/crews?limit=10');

    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(10);
    // One query of the page's crews (and the next one's key), then one query of members per crew.
    expect(page.byCommand.QueryCommand).toBe(1 + 10);
    const members = page.body.items.reduce(
      (n: number, c: { workerIds: string[] }) => n + c.workerIds.length,
      0,
    );
    expect(page.itemsRead).toBeLessThanOrEqual(11 + members);
    expect(await allPages('/api/crews?limit=7')).toEqual(inMemoryCrews('name'));
    expect(await allPages('/api/crews?limit=9&sort=-createdAt')).toEqual(inMemoryCrews('-createdAt'));
    expect(await allPages('/api/crews?limit=9&sort=-updatedAt')).toEqual(inMemoryCrews('-updatedAt'));
    expect(await allPages('/api/crews?limit=4&q=night%20shift')).toEqual(
      inMemoryCrews('name', 'night shift'),
    );
  });
});
