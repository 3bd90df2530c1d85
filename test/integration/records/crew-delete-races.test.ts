/**
 * A crew delete racing workers who join the crew (ADR 0017): the crew's count of members is in the
 * delete's transaction and in each join's, so afterwards no worker names a crew that is gone, and
 * every request got a clear answer (the join's 400 naming `crewIds`, the delete's 409 naming the
 * members). Through the real path (the local server, the API Lambda's Hono app, ElectroDB,
 * DynamoDB Local transactions), and the repository alone for a check passed just before a delete.
 */
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { workerItem } from '../../../lambdas/adapters/dynamo/workers.repo';
import { crewMemberKey } from '../../../lambdas/adapters/dynamo/crew-members';
import type { Worker } from '../../../shared/records';
import { testStack } from '../stack';
import { accountCalls, uniqueName } from '../../support/account-calls';
import { accountOnPlan, apiFor, type TestAccount } from '../../support/accounts';
import { afterAnswers, atOnce } from '../../support/at-once';

const stack = testStack();
const api = apiFor(stack);
const root = createAppRoot(stack.lambdaConfig);
const PARALLEL = 20;
/** Each round starts the delete later among the joins' answers. */
const DELETE_AFTER = [0, 0, 1, 1, 2, 3, 5, 8, 12, 16];

let account: TestAccount;
beforeAll(async () => {
  account = await accountOnPlan(stack, 'crewrace', 'enterprise');
});

const { post, put, del, get, allOf } = accountCalls(api, () => account);
const allWorkers = () => allOf<Worker>('/api/workers');
const unique = uniqueName;
const emailOf = (name: string) => `${unique(name).replace(/ /g, '.')}@example.com`.toLowerCase();
const importCsv = (rows: string[]) =>
  api('/api/workers/import', {
    token: account.token,
    rawBody: ['name,email,trade,crews,manager', ...rows].join('\n'),
    headers: { 'content-type': 'text/csv' },
  });

/** Every crew a worker of the account names exists, and lists exactly the workers naming it. */
async function expectNoWorkerInAMissingCrew() {
  const workers = await allWorkers();
  const crewIds = [...new Set(workers.flatMap((w) => w.crewIds))];
  for (const crewId of crewIds) {
    const crew = await get(`/api/crews/${crewId}`);
    expect({ crewId, status: crew.status }).toEqual({ crewId, status: 200 });
    const naming = workers.filter((w) => w.crewIds.includes(crewId)).map((w) => w.id);
    expect([...crew.body.workerIds].sort()).toEqual(naming.sort());
  }
}

/** A delete refused for its members, in today's words. */
const membersRefusal = (crewName: string) =>
  new RegExp(`^Crew "${crewName}" is used by \\d+ workers? \\(.+\\)\\. Remove it from them first\\.$`);

/** The crew freed of its members deletes: its count of members went back to exactly 0. */
async function freeAndDelete(crewId: string) {
  const members: string[] = (await get(`/api/crews/${crewId}`)).body.workerIds;
  for (const id of members) expect((await put(`/api/workers/${id}`, { crewIds: [] })).status).toBe(200);
  expect((await del(`/api/crews/${crewId}`)).status).toBe(204);
}

describe('a crew delete racing workers who join the crew', () => {
  it('should leave no worker in a deleted crew when 20 creates and updates naming it race its delete', async () => {
    for (const after of DELETE_AFTER) {
      const crew = (await post('/api/crews', { name: unique('Race crew') })).body;
      const standing = await atOnce(PARALLEL / 2, (i) =>
        post('/api/workers', { name: `Stander ${i}`, email: emailOf('stander') }),
      );
      const joins = [
        ...standing.map((w) => put(`/api/workers/${w.body.id}`, { crewIds: [crew.id] })),
        ...Array.from({ length: PARALLEL / 2 }, (_, i) =>
          post('/api/workers', { name: `Joiner ${i}`, email: emailOf('joiner'), crewIds: [crew.id] }),
        ),
      ];
      const deleted = await afterAnswers(joins, after).then(() => del(`/api/crews/${crew.id}`));
      const answers = await Promise.all(joins);

      const joined = answers.filter((a) => a.status === 200 || a.status === 201);
      for (const refused of answers.filter((a) => !joined.includes(a))) {
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ field: 'crewIds', error: `Unknown crew: ${crew.id}` });
      }
      if (deleted.status === 204) {
        // Nobody leaves the crew here, so a delete that passed saw no member: every join came after.
        expect(joined).toHaveLength(0);
        expect((await get(`/api/crews/${crew.id}`)).status).toBe(404);
      } else {
        expect(deleted.status).toBe(409);
        expect(deleted.body.error).toMatch(membersRefusal(crew.name));
        expect((await get(`/api/crews/${crew.id}`)).body.workerIds).toHaveLength(joined.length);
      }
      await expectNoWorkerInAMissingCrew();
      if (deleted.status === 409) await freeAndDelete(crew.id);
    }
  }, 180_000);

  it('should leave no worker in a deleted crew when a workers import naming it races its delete', async () => {
    // Each round sends one first and the other after a few round trips, to land at another point.
    const rounds = [
      ['delete', 0],
      ['delete', 1],
      ['import', 0],
      ['import', 1],
      ['import', 3],
    ] as const;
    for (const [first, reads] of rounds) {
      const crew = (await post('/api/crews', { name: unique('Import race') })).body;
      const emails = Array.from({ length: PARALLEL }, () => emailOf('imported'));
      const send = {
        import: () => importCsv(emails.map((email, i) => `Imported ${i},${email},,${crew.name},no`)),
        delete: () => del(`/api/crews/${crew.id}`),
      };
      const sentFirst = send[first]();
      for (let i = 0; i < reads; i++) await get(`/api/crews/${crew.id}`);
      const sentSecond = send[first === 'import' ? 'delete' : 'import']();
      const [result, deleted] =
        first === 'import' ? [await sentFirst, await sentSecond] : [await sentSecond, await sentFirst];
      expect([201, 409]).toContain(result.status);
      expect([204, 409]).toContain(deleted.status);
      if (deleted.status === 409) expect(deleted.body.error).toMatch(membersRefusal(crew.name));
      const stored = (await allWorkers()).filter((w) => emails.includes(w.email));
      if (result.status === 409) {
        expect(result.body.error).toBe(
          'A crew in the file was deleted while importing; nothing was imported. Try again.',
        );
        expect(stored).toHaveLength(0);
      } else {
        expect(stored).toHaveLength(PARALLEL);
        // Planned after the delete, the import made the crew again by its name.
        if (deleted.status === 204)
          expect(result.body.createdCrews.map((c: any) => c.name)).toEqual([crew.name]);
      }
      await expectNoWorkerInAMissingCrew();
      for (const c of new Set(stored.flatMap((w) => w.crewIds))) await freeAndDelete(c);
    }
  }, 180_000);
});

describe("the worker's transaction", () => {
  it('should refuse a worker create, update or import joining a crew deleted after the check passed', async () => {
    // The repository alone: as a write whose crew check ran just before the crew's delete.
    const tenant = tenantFromStore(account.userId);
    const { workers } = root.records;
    const crew = (await post('/api/crews', { name: unique('Gone crew') })).body;
    const worker = (await post('/api/workers', { name: 'Late Joiner', email: emailOf('late') })).body;
    expect((await del(`/api/crews/${crew.id}`)).status).toBe(204);
    const stored = (await workers.get(tenant, worker.id))!;
    const later = new Date(Date.parse(stored.updatedAt) + 1000).toISOString();
    const joining = { ...stored, crewIds: [crew.id], updatedAt: later };
    const fresh = { ...joining, id: unique('new').replace(' ', '-'), email: emailOf('fresh') };

    await expect(workers.replace(tenant, joining, stored.updatedAt)).rejects.toMatchObject({
      field: 'crewIds',
      message: `Unknown crew: ${crew.id}`,
    });
    await expect(workers.create(tenant, fresh)).rejects.toMatchObject({ field: 'crewIds' });
    await expect(
      workers.importMany(tenant, {
        created: [fresh],
        updated: [{ previous: stored, next: joining }],
        crews: [],
      }),
    ).resolves.toBe('crewsChanged');
    expect((await workers.get(tenant, worker.id))!.crewIds).toEqual([]);
    expect(await workers.get(tenant, fresh.id)).toBeNull();
  });
});

describe('crews and workers stored before members were counted', () => {
  it('should refuse deleting a crew an older release filled and delete it once its workers left', async () => {
    const legacy = await accountOnPlan(stack, 'crewrace-legacy', 'enterprise');
    const tenantId = legacy.userId;
    const as = (path: string, init: { method?: string; body?: object } = {}) =>
      api(path, { token: legacy.token, ...init });
    const e = root.db.entities;
    const now = new Date().toISOString();
    const stamps = { createdAt: now, updatedAt: now };
    const worker = (id: string, name: string, crewIds: string[]): Worker => ({
      id,
      name,
      email: emailOf(id),
      phone: null,
      trade: null,
      crewIds,
      isManager: false,
      smsOptIn: false,
      status: 'active',
      ...stamps,
    });
    // A crew from before use counts, whose worker predates membership items.
    await e.crew.create({ tenantId, crewId: 'old-crew', name: 'Old Crew', ...stamps }).go();
    await e.worker.create(workerItem(tenantId, worker('old-hand', 'Old Hand', ['old-crew']))).go();
    // A crew whose count predates members: counted for jobsites only; its worker has its item.
    const counted = (await as('/api/crews', { body: { name: 'Counted Crew' } })).body;
    const countKey = { tenantId, guard: `useCount#crew#${counted.id}` };
    await e.recordGuard.put({ ...countKey, count: 0 }).go();
    await e.worker.create(workerItem(tenantId, worker('mid-hand', 'Mid Hand', [counted.id]))).go();
    await e.recordGuard
      .put({ tenantId, guard: crewMemberKey(counted.id, 'mid-hand'), ownerId: 'mid-hand' })
      .go();

    const refusedOld = await as('/api/crews/old-crew', { method: 'DELETE' });
    expect(refusedOld.status).toBe(409);
    expect(refusedOld.body.error).toBe(
      'Crew "Old Crew" is used by 1 worker ("Old Hand"). Remove it from them first.',
    );
    expect((await as(`/api/crews/${counted.id}`, { method: 'DELETE' })).body.error).toBe(
      'Crew "Counted Crew" is used by 1 worker ("Mid Hand"). Remove it from them first.',
    );
    // Counted now: a new member moves the count, and leaving moves it back.
    const joiner = await as('/api/workers', {
      body: { name: 'New Hand', email: emailOf('new'), crewIds: ['old-crew'] },
    });
    expect(joiner.status).toBe(201);
    for (const id of ['old-hand', 'mid-hand', joiner.body.id])
      expect((await as(`/api/workers/${id}`, { method: 'PUT', body: { crewIds: [] } })).status).toBe(200);
    expect((await as('/api/crews/old-crew', { method: 'DELETE' })).status).toBe(204);
    expect((await as(`/api/crews/${counted.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await e.recordGuard.get(countKey).go()).data).toBeNull();
  });

  it('should take a deleted worker out of its crews so the crew then deletes', async () => {
    const crew = (await post('/api/crews', { name: unique('Leaving crew') })).body;
    const worker = (
      await post('/api/workers', { name: 'Leaving Hand', email: emailOf('leaving'), crewIds: [crew.id] })
    ).body;
    expect((await del(`/api/crews/${crew.id}`)).status).toBe(409);
    expect((await del(`/api/workers/${worker.id}`)).status).toBe(204);
    expect((await del(`/api/crews/${crew.id}`)).status).toBe(204);
  });
});

describe('imports and saves as large as a transaction holds', () => {
  it('should count every member of an import that takes several transactions, and an import that takes them out', async () => {
    const standing = (await post('/api/crews', { name: unique('Standing crew') })).body;
    const madeName = unique('Made crew');
    const emails = Array.from({ length: 70 }, () => emailOf('bulk'));
    const rows = (crews: string) => emails.map((email, i) => `Bulk ${i},${email},,${crews},no`);
    const imported = await importCsv(rows(`${standing.name};${madeName}`));
    expect(imported.status).toBe(201);
    const made = imported.body.createdCrews[0].id as string;
    for (const crew of [
      { id: standing.id, name: standing.name },
      { id: made, name: madeName },
    ])
      expect((await del(`/api/crews/${crew.id}`)).body.error).toMatch(
        new RegExp(`^Crew "${crew.name}" is used by 70 workers \\(`),
      );
    const emptied = await importCsv(rows(''));
    expect(emptied.status).toBe(201);
    expect(emptied.body.counts.updated).toBe(70);
    expect((await del(`/api/crews/${standing.id}`)).status).toBe(204);
    expect((await del(`/api/crews/${made}`)).status).toBe(204);
  }, 60_000);

  it('should save a worker in 45 crews, refuse swapping them all in one save, and delete the worker from them', async () => {
    const crews = await atOnce(90, (i) => post('/api/crews', { name: unique(`Wide ${i}`) }));
    const ids = crews.map((c) => c.body.id as string);
    const worker = await post('/api/workers', {
      name: 'Wide Hand',
      email: emailOf('wide'),
      crewIds: ids.slice(0, 45),
    });
    expect(worker.status).toBe(201);
    const swap = await put(`/api/workers/${worker.body.id}`, { crewIds: ids.slice(45) });
    expect(swap.status).toBe(400);
    expect(swap.body).toMatchObject({
      field: 'crewIds',
      error: 'A save can join and leave at most 45 crews together; save the change in two steps',
    });
    expect((await put(`/api/workers/${worker.body.id}`, { crewIds: ids.slice(20, 65) })).status).toBe(200);
    expect((await del(`/api/crews/${ids[40]}`)).status).toBe(409);
    expect((await del(`/api/workers/${worker.body.id}`)).status).toBe(204);
    const deleted = await atOnce(90, (i) => del(`/api/crews/${ids[i]}`));
    expect(deleted.map((d) => d.status)).toEqual(ids.map(() => 204));
  }, 60_000);
});
