/**
 * Deleting a client, crew or worker (issue 26 item 9): refused while a jobsite uses it, whatever
 * races it, and bounded in DynamoDB calls whatever the account's size. Through the real path (the
 * local server, the API Lambda's Hono app, ElectroDB, DynamoDB Local transactions), and in process
 * with every DynamoDB call counted for the bounds.
 */
import { createApiApp } from '../../../lambdas/api/app';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { tenantFromStore, type Caller } from '../../../lambdas/core/caller';
import { testStack } from '../stack';
import { accountCalls, uniqueName } from '../../support/account-calls';
import { accountOnPlan, apiFor, type TestAccount } from '../../support/accounts';
import { countDynamoCalls, measuredRequest, seedLargeAccount } from '../../support/large-account';
import { afterAnswers } from '../../support/at-once';

const stack = testStack();
const api = apiFor(stack);
const root = createAppRoot(stack.lambdaConfig);
const DENVER = { latitude: 39.7392, longitude: -104.9903 };
const PARALLEL = 20;

let account: TestAccount;
beforeAll(async () => {
  account = await accountOnPlan(stack, 'deletes', 'enterprise');
});

const { post, put, del, get, allOf } = accountCalls(api, () => account);
const unique = uniqueName;
const newWorker = (name: string) =>
  post('/api/workers', { name, email: `${unique('w').replace(' ', '.')}@example.com` });

describe('deleting a client or crew a jobsite uses', () => {
  it('should refuse a client delete word for word while a jobsite uses it and delete it after the jobsite moves', async () => {
    const client = await post('/api/clients', { name: 'Harbor Holdings' });
    const other = await post('/api/clients', { name: 'Other Owner' });
    const site = await post('/api/jobsites', { name: 'Harbor Pier 4', ...DENVER, clientId: client.body.id });
    expect(site.status).toBe(201);

    const refused = await del(`/api/clients/${client.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Client "Harbor Holdings" is used by 1 jobsite: "Harbor Pier 4". Move or delete them first.',
    );
    expect((await get(`/api/clients/${client.body.id}`)).status).toBe(200);

    expect((await put(`/api/jobsites/${site.body.id}`, { clientId: other.body.id })).status).toBe(200);
    expect((await del(`/api/clients/${client.body.id}`)).status).toBe(204);
    expect((await get(`/api/clients/${client.body.id}`)).status).toBe(404);
    // The other client is used now.
    expect((await del(`/api/clients/${other.body.id}`)).status).toBe(409);
  });

  it('should count every jobsite and name the first three in a refusal', async () => {
    const client = await post('/api/clients', { name: 'Five Sites Inc' });
    const names = ['Alpha Yard', 'Bravo Yard', 'Charlie Yard', 'Delta Yard', 'Echo Yard'];
    const sites = await Promise.all(
      names.map((name) => post('/api/jobsites', { name, ...DENVER, clientId: client.body.id })),
    );
    const byId = [...sites].sort((a, b) => (a.body.id < b.body.id ? -1 : 1)).map((s) => s.body.name);
    const refused = await del(`/api/clients/${client.body.id}`);
    expect(refused.body.error).toBe(
      `Client "Five Sites Inc" is used by 5 jobsites: "${byId[0]}", "${byId[1]}", "${byId[2]}" and 2 more. Move or delete them first.`,
    );
    await Promise.all(sites.map((s) => del(`/api/jobsites/${s.body.id}`)));
    expect((await del(`/api/clients/${client.body.id}`)).status).toBe(204);
  });

  it('should refuse a crew delete word for word while a jobsite notifies it and delete it once none does', async () => {
    const crew = await post('/api/crews', { name: 'Night Pour' });
    const site = await post('/api/jobsites', {
      name: 'Dam Spillway',
      ...DENVER,
      recipients: { crewIds: [crew.body.id], workerIds: [] },
    });
    const refused = await del(`/api/crews/${crew.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Crew "Night Pour" is used by 1 jobsite ("Dam Spillway"). Remove it from them first.',
    );
    expect(
      (await put(`/api/jobsites/${site.body.id}`, { recipients: { crewIds: [], workerIds: [] } })).status,
    ).toBe(200);
    expect((await del(`/api/crews/${crew.body.id}`)).status).toBe(204);
    // A jobsite cannot name the deleted crew.
    const late = await put(`/api/jobsites/${site.body.id}`, { recipients: { crewIds: [crew.body.id] } });
    expect(late.status).toBe(400);
    expect(late.body.field).toBe('recipients.crewIds');
  });

  it('should refuse a jobsite naming more than 40 workers and crews, and a save changing more than 40', async () => {
    const crews = await Promise.all(
      Array.from({ length: 41 }, (_, i) => post('/api/crews', { name: `Cap ${i}` })),
    );
    const ids = crews.map((c) => c.body.id as string);
    const tooMany = await post('/api/jobsites', {
      name: 'Too many',
      ...DENVER,
      recipients: { crewIds: ids },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('recipients');
    const site = await post('/api/jobsites', {
      name: 'Forty',
      ...DENVER,
      recipients: { crewIds: ids.slice(0, 40) },
    });
    expect(site.status).toBe(201);
    const others = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/crews', { name: `Swap ${i}` })),
    );
    const swap = await put(`/api/jobsites/${site.body.id}`, {
      recipients: { crewIds: others.map((c) => c.body.id) },
    });
    expect(swap.status).toBe(400);
    expect(swap.body.field).toBe('recipients');
    // In two steps it goes, and a delete takes all 40 back-references in its one transaction.
    const half = [...ids.slice(20, 40), ...others.slice(0, 20).map((c) => c.body.id)];
    expect((await put(`/api/jobsites/${site.body.id}`, { recipients: { crewIds: half } })).status).toBe(200);
    expect((await del(`/api/crews/${ids[0]}`)).status).toBe(204);
    expect((await del(`/api/crews/${ids[30]}`)).status).toBe(409);
    expect((await del(`/api/jobsites/${site.body.id}`)).status).toBe(204);
    expect((await del(`/api/crews/${ids[30]}`)).status).toBe(204);
  });
});

describe('deletes racing jobsite writes (20 parallel requests)', () => {
  it('should never leave a jobsite naming a deleted client', async () => {
    // The delete sent with the first create, and once 1 and 5 creates have answered (the rest still
    // in flight), so it meets creates before, during and after their transactions.
    for (const [round, after] of [0, 1, 5].entries()) {
      const client = await post('/api/clients', { name: unique('Racing Client') });
      const creates = Array.from({ length: PARALLEL - 1 }, (_, i) =>
        post('/api/jobsites', { name: unique(`Race ${round}.${i}`), ...DENVER, clientId: client.body.id }),
      );
      const deleted = await afterAnswers(creates, after).then(() => del(`/api/clients/${client.body.id}`));
      const results = await Promise.all(creates);
      if (after > 0) expect(deleted.status).toBe(409);
      for (const c of results) {
        expect([201, 400]).toContain(c.status);
        if (c.status === 400) expect(c.body.field).toBe('clientId');
      }
      const created = results.filter((c) => c.status === 201);
      const naming = (await allOf('/api/jobsites')).filter((j) => j.clientId === client.body.id);
      expect(naming.map((j) => j.id).sort()).toEqual(created.map((c) => c.body.id).sort());
      if (deleted.status === 204) {
        expect(created).toHaveLength(0);
        expect((await get(`/api/clients/${client.body.id}`)).status).toBe(404);
      } else {
        expect(deleted.status).toBe(409);
        expect(created.length).toBeGreaterThan(0);
        expect(deleted.body.error).toMatch(/^Client ".*" is used by \d+ jobsites?: /);
        expect((await get(`/api/clients/${client.body.id}`)).status).toBe(200);
      }
    }
  });

  it('should never leave a jobsite naming a deleted worker when the delete races jobsite updates adding them', async () => {
    const sites = await Promise.all(
      Array.from({ length: PARALLEL - 1 }, (_, i) =>
        post('/api/jobsites', { name: unique(`Worker race ${i}`), ...DENVER }),
      ),
    );
    const worker = await newWorker('Racing Worker');
    // Some sites name the worker already (the delete must take them off), the rest add them now.
    for (const s of sites.slice(0, 5))
      await put(`/api/jobsites/${s.body.id}`, { recipients: { workerIds: [worker.body.id] } });
    // The delete sent once 3 updates have answered, the other 16 still in flight.
    const updates = sites.map((s, i) =>
      put(`/api/jobsites/${s.body.id}`, {
        name: unique('Renamed'),
        foremanWorkerId: i % 2 ? worker.body.id : null,
        recipients: { workerIds: [worker.body.id] },
      }),
    );
    const deleted = await afterAnswers(updates, 3).then(() => del(`/api/workers/${worker.body.id}`));
    expect(deleted.status).toBe(204);
    for (const r of await Promise.all(updates)) {
      expect([200, 400, 409]).toContain(r.status);
      if (r.status === 400) expect(['recipients.workerIds', 'foremanWorkerId']).toContain(r.body.field);
    }
    for (const s of sites) {
      const now = (await get(`/api/jobsites/${s.body.id}`)).body;
      expect(now.recipients.workerIds).not.toContain(worker.body.id);
      expect(now.foremanWorkerId).not.toBe(worker.body.id);
    }
  });
});

describe("the jobsite's transaction", () => {
  it('should refuse a client, crew or worker deleted after the reference check passed', async () => {
    // The repository alone: as a write whose reference check ran just before the record's delete.
    const tenant = tenantFromStore(account.userId);
    const { records } = root;
    const [client, crew, worker] = await Promise.all([
      post('/api/clients', { name: unique('Gone client') }),
      post('/api/crews', { name: unique('Gone crew') }),
      newWorker('Gone worker'),
    ]);
    const site = await post('/api/jobsites', { name: unique('Checked site'), ...DENVER });
    for (const path of [
      `/api/clients/${client.body.id}`,
      `/api/crews/${crew.body.id}`,
      `/api/workers/${worker.body.id}`,
    ])
      expect((await del(path)).status).toBe(204);
    const stored = (await records.jobsites.get(tenant, site.body.id))!;
    const naming = [
      { field: 'clientId', change: { clientId: client.body.id } },
      {
        field: 'recipients.crewIds',
        change: { recipients: { ...stored.recipients, crewIds: [crew.body.id] } },
      },
      {
        field: 'recipients.workerIds',
        change: { recipients: { ...stored.recipients, workerIds: [worker.body.id] } },
      },
      { field: 'foremanWorkerId', change: { foremanWorkerId: worker.body.id } },
    ];
    for (const { field, change } of naming) {
      const next = { ...stored, ...change, updatedAt: new Date().toISOString() };
      await expect(records.jobsites.replace(tenant, next, stored.updatedAt)).rejects.toMatchObject({ field });
      await expect(
        records.jobsites.createWithin(tenant, { ...next, id: unique('new').replace(' ', '-') }, null),
      ).rejects.toMatchObject({ field });
    }
    expect((await get(`/api/jobsites/${site.body.id}`)).body.updatedAt).toBe(stored.updatedAt);
  });
});

describe('crews a workers import brings', () => {
  it('should count a jobsite naming an imported crew and refuse its delete until the jobsite leaves it', async () => {
    const crewName = unique('Imported crew');
    const csv = [
      'name,email,trade,crews,manager',
      `Imported Hand,${unique('imp').replace(' ', '.')}@example.com,,${crewName},no`,
    ];
    const imported = await api('/api/workers/import', {
      token: account.token,
      rawBody: csv.join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(201);
    const crewId = imported.body.createdCrews[0].id as string;
    const member = (await get(`/api/crews/${crewId}`)).body.workerIds[0] as string;
    const site = await post('/api/jobsites', {
      name: 'Imported Crew Yard',
      ...DENVER,
      recipients: { crewIds: [crewId] },
    });
    expect(site.status).toBe(201);
    // Out of the crew, so only the jobsite holds it.
    expect((await put(`/api/workers/${member}`, { crewIds: [] })).status).toBe(200);
    expect((await del(`/api/crews/${crewId}`)).body.error).toBe(
      `Crew "${crewName}" is used by 1 jobsite ("Imported Crew Yard"). Remove it from them first.`,
    );
    expect((await put(`/api/jobsites/${site.body.id}`, { recipients: { crewIds: [] } })).status).toBe(200);
    expect((await del(`/api/crews/${crewId}`)).status).toBe(204);
  });
});

describe('records stored before back-references', () => {
  it('should refuse, cascade and delete correctly for jobsites written without back-references', async () => {
    const legacy = await accountOnPlan(stack, 'deletes-legacy', 'enterprise');
    const as = (path: string, init: { method?: string; body?: object } = {}) =>
      api(path, { token: legacy.token, ...init });
    const worker = await as('/api/workers', {
      body: { name: 'Old Hand', email: `${unique('old').replace(' ', '.')}@example.com` },
    });
    const now = new Date().toISOString();
    // Written as an older release did: the client and crew without use counts, the jobsites
    // without back-references or the marker.
    const tenantId = legacy.userId;
    const client = { body: { id: 'legacy-client' } };
    const crew = { body: { id: 'legacy-crew' } };
    const stamps = { createdAt: now, updatedAt: now };
    await root.db.entities.client
      .create({ tenantId, clientId: client.body.id, name: 'Old Client', notifyNoWork: false, ...stamps })
      .go();
    await root.db.entities.crew.create({ tenantId, crewId: crew.body.id, name: 'Old Crew', ...stamps }).go();
    for (const [i, foreman] of [
      [0, worker.body.id],
      [1, null],
    ] as const)
      await root.db.entities.jobsite
        .create({
          tenantId: legacy.userId,
          jobsiteId: `legacy-site-${i}`,
          name: `Old Site ${i}`,
          timezone: 'America/Denver',
          active: true,
          latitude: DENVER.latitude,
          longitude: DENVER.longitude,
          clientId: client.body.id,
          recipients: { workerIds: [worker.body.id], crewIds: [crew.body.id], notifyClient: false },
          foremanWorkerId: foreman ?? undefined,
          ...stamps,
        })
        .go();
    const refusedClient = await as(`/api/clients/${client.body.id}`, { method: 'DELETE' });
    expect(refusedClient.status).toBe(409);
    expect(refusedClient.body.error).toBe(
      'Client "Old Client" is used by 2 jobsites: "Old Site 0" and "Old Site 1". Move or delete them first.',
    );
    const refusedCrew = await as(`/api/crews/${crew.body.id}`, { method: 'DELETE' });
    expect(refusedCrew.body.error).toBe(
      'Crew "Old Crew" is used by 2 jobsites ("Old Site 0" and "Old Site 1"). Remove it from them first.',
    );
    expect((await as(`/api/workers/${worker.body.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const i of [0, 1]) {
      const site = (await as(`/api/jobsites/legacy-site-${i}`)).body;
      expect(site.recipients.workerIds).toEqual([]);
      expect(site.foremanWorkerId).toBeNull();
    }
    // An old jobsite's update counts its references once: moving one leaves the other's use.
    await as('/api/jobsites/legacy-site-0', {
      method: 'PUT',
      body: { clientId: null, recipients: { crewIds: [] } },
    });
    expect((await as(`/api/clients/${client.body.id}`, { method: 'DELETE' })).body.error).toBe(
      'Client "Old Client" is used by 1 jobsite: "Old Site 1". Move or delete them first.',
    );
    // A new jobsite naming the old client counts from the back-references once, then moves on.
    const fresh = await as('/api/jobsites', {
      body: { name: 'New Site', ...DENVER, clientId: client.body.id },
    });
    expect(fresh.status).toBe(201);
    expect((await as(`/api/clients/${client.body.id}`, { method: 'DELETE' })).body.error).toMatch(
      /^Client "Old Client" is used by 2 jobsites: /,
    );
    expect((await as(`/api/jobsites/${fresh.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as('/api/jobsites/legacy-site-1', { method: 'DELETE' })).status).toBe(204);
    expect((await as(`/api/clients/${client.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(`/api/crews/${crew.body.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('the calls a delete costs', () => {
  it('should delete a client, a crew and a worker in a bounded number of calls whatever the account holds', async () => {
    const big = await accountOnPlan(stack, 'deletes-calls', 'enterprise');
    const tenant = tenantFromStore(big.userId);
    const seeded = await seedLargeAccount(root.records, tenant, {
      workers: 120,
      jobsites: 80,
      crews: 2,
      prefix: 'del',
    });
    const caller: Caller = { userId: big.userId, email: big.email, groups: [], accountId: big.userId };
    const app = createApiApp({ ...root, authenticate: async () => caller });
    const counter = countDynamoCalls(root.client);
    const call = (path: string, init: RequestInit = {}) => measuredRequest(counter, app, path, init);
    const json = (method: string, body: object): RequestInit => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // A tenant's first crew read gives workers stored before membership items theirs (once).
    await call('/api/crews?limit=1');
    const client = (await call('/api/clients', json('POST', { name: 'Counted Client' }))).body;
    const unused = (await call('/api/clients', json('POST', { name: 'Unused Client' }))).body;
    const site = (
      await call('/api/jobsites', json('POST', { name: 'Counted Site', ...DENVER, clientId: client.id }))
    ).body;
    const crew = (await call('/api/crews', json('POST', { name: 'Counted Crew' }))).body;

    const refused = await call(`/api/clients/${client.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    const allowed = await call(`/api/clients/${unused.id}`, { method: 'DELETE' });
    expect(allowed.status).toBe(204);
    const crewDeleted = await call(`/api/crews/${crew.id}`, { method: 'DELETE' });
    expect(crewDeleted.status).toBe(204);
    // The seed's worker 3 is named by jobsites 3 and 123 % 80... (each jobsite names worker i % 120).
    const workerId = seeded.workerIds[5]!;
    const namedBy = seeded.jobsiteIds.filter((_, i) => i % 120 === 5).length;
    const workerDeleted = await call(`/api/workers/${workerId}`, { method: 'DELETE' });
    expect(workerDeleted.status).toBe(204);

    // Gets of the record and its use count, the transaction; a refusal adds one Query of 3
    // back-references and one BatchGetItem of their jobsites. Never the account's 80 jobsites.
    expect({ calls: allowed.calls, items: allowed.itemsRead }).toEqual({ calls: 3, items: 2 });
    expect(refused.calls).toBeLessThanOrEqual(6);
    expect(refused.itemsRead).toBeLessThanOrEqual(6);
    expect(crewDeleted.calls).toBeLessThanOrEqual(4);
    expect(crewDeleted.itemsRead).toBeLessThanOrEqual(3);
    // The worker's delete: its own, then per jobsite naming it a read and its write.
    expect(workerDeleted.itemsRead).toBeLessThanOrEqual(4 + 4 * namedBy);
    for (const j of seeded.jobsiteIds.filter((_, i) => i % 120 === 5))
      expect((await call(`/api/jobsites/${j}`)).body.recipients.workerIds).toEqual([]);
    expect(site.clientId).toBe(client.id);
  }, 120_000);
});
