import { randomUUID } from 'node:crypto';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { tenantFromStore, type TenantId } from '../../../lambdas/core/caller';
import { WorkerRosters, suppressionsOf } from '../../../lambdas/core/dispatch/account-rosters';
import { GuardRefusedError, type WorkerRepo } from '../../../lambdas/core/records/records.ports';
import { DynamoAccountRosters } from '../../../lambdas/adapters/dynamo/account-rosters.repo';
import { DynamoSuppressionList } from '../../../lambdas/adapters/dynamo/suppression-list.repo';
import { DynamoWorkerStatusRepo } from '../../../lambdas/adapters/dynamo/worker-status.repo';
import type { Worker } from '../../../shared/records';
import { testStack } from '../stack';
import { testWorker } from '../../unit/dispatch/records.fixtures';

/**
 * Each account's roster state over DynamoDB Local (issue 26): every write of a worker item bumps the
 * account's roster version in its own transaction, so a process that kept the account's workers
 * lists them again; the suppressions state is 'some' before an address is stored, and a dispatch's
 * 'none' never hides one. Table-driven over every write method of the workers repository: a write
 * path added without the bump fails here.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const rosters = new DynamoAccountRosters(root.db);
const workerStatus = new DynamoWorkerStatusRepo(root.db);
const suppressions = new DynamoSuppressionList(root.db);
const repo = root.records.workers;
const AT = '2026-12-01T12:00:00.000Z';
const PARALLEL = 20;

const newTenant = (): TenantId => tenantFromStore(`roster-${randomUUID()}`);
const worker = (id: string, fields: Partial<Worker> = {}): Worker =>
  testWorker({ id, name: `Worker ${id}`, email: `${id}@example.com`, smsOptIn: false, ...fields }, AT);
const versionOf = async (tenant: TenantId) => (await rosters.statesOf([tenant])).get(tenant)?.workers ?? 0;
const stateOf = async (tenant: TenantId) => (await rosters.statesOf([tenant])).get(tenant);
const idsOf = (workers: readonly Worker[]) =>
  workers.map((w) => `${w.id}:${w.name}:${w.status}:${w.crewIds.join('+')}`).sort();

/** One write of the repository: `given` stores what it needs first, `write` is the write measured. */
interface WriteCase {
  name: string;
  given: (tenant: TenantId) => Promise<void>;
  write: (tenant: TenantId) => Promise<unknown>;
}

const stored =
  (...workers: Worker[]) =>
  async (tenant: TenantId) => {
    for (const w of workers) await repo.create(tenant, w);
  };
const crew = (tenant: TenantId, id: string) =>
  root.records.crews.create(tenant, {
    id,
    name: `Crew ${id}`,
    notes: null,
    hourlyRateCents: null,
    createdAt: AT,
    updatedAt: AT,
  });

/** The methods of the workers repository that only read; every other one is a write. */
const READS = [
  'list',
  'get',
  'existing',
  'sortedPage',
  'idsWithEmail',
  'withEmails',
  'getMany',
  'crewMembers',
] as const satisfies readonly (keyof WorkerRepo)[];
type WriteMethod = Exclude<keyof WorkerRepo, (typeof READS)[number] | 'indexedSorts'>;

const LATER = '2026-12-01T13:00:00.000Z';
const WRITES: Record<WriteMethod, WriteCase[]> = {
  create: [
    { name: 'a new worker', given: async () => undefined, write: (t) => repo.create(t, worker('w1')) },
  ],
  replace: [
    {
      name: 'a renamed worker',
      given: stored(worker('w1')),
      write: (t) => repo.replace(t, worker('w1', { name: 'Renamed', updatedAt: LATER }), AT),
    },
    {
      name: 'a worker joining a crew',
      given: async (t) => {
        await crew(t, 'c1');
        await stored(worker('w1'))(t);
      },
      write: (t) => repo.replace(t, worker('w1', { crewIds: ['c1'], updatedAt: LATER }), AT),
    },
  ],
  remove: [{ name: 'a deleted worker', given: stored(worker('w1')), write: (t) => repo.remove(t, 'w1') }],
  importMany: [
    {
      name: 'imported workers',
      given: async () => undefined,
      write: (t) => repo.importMany(t, { created: [worker('w1'), worker('w2')], updated: [], crews: [] }),
    },
    {
      name: 'an import updating a worker',
      given: stored(worker('w1')),
      write: (t) =>
        repo.importMany(t, {
          created: [],
          updated: [{ previous: worker('w1'), next: worker('w1', { name: 'Renamed', updatedAt: LATER }) }],
          crews: [],
        }),
    },
  ],
};

describe('the roster version', () => {
  it('should be classified for every method of the workers repository (reads, or writes tested below)', () => {
    const methods = Object.keys(repo).filter((k) => typeof repo[k as keyof WorkerRepo] === 'function');
    const reads: readonly string[] = READS;
    expect(methods.filter((m) => !reads.includes(m)).sort()).toEqual(Object.keys(WRITES).sort());
  });

  const cases = Object.entries(WRITES).flatMap(([method, list]) => list.map((c) => ({ method, ...c })));
  it.each(cases)('should move with $method ($name), so the workers kept before are read again', async (c) => {
    const tenant = newTenant();
    await c.given(tenant);
    // A process keeps the account's workers at the version before the write.
    const kept = new WorkerRosters(rosters);
    const before = await versionOf(tenant);
    const seen = idsOf(await kept.workersOf(tenant, before));
    await c.write(tenant);
    const after = await versionOf(tenant);
    expect(after).toBeGreaterThan(before);
    const now = idsOf(await kept.workersOf(tenant, after));
    expect(now).toEqual(idsOf(await repo.list(tenant)));
    expect(now).not.toEqual(seen);
  });

  it('should move with an import undone after a later transaction failed', async () => {
    const tenant = newTenant();
    await stored(worker('taken'))(tenant);
    const before = await versionOf(tenant);
    // 40 workers take two transactions; the last one's email is another's, so the first is undone.
    const created = Array.from({ length: 40 }, (_, i) => worker(`w${i}`));
    created[39] = worker('w39', { email: 'taken@example.com' });
    await expect(repo.importMany(tenant, { created, updated: [], crews: [] })).rejects.toThrow(
      GuardRefusedError,
    );
    expect((await repo.list(tenant)).map((w) => w.id)).toEqual(['taken']);
    // The first transaction's bump, then each undo's: more than the first alone.
    expect((await versionOf(tenant)) - before).toBeGreaterThan(1);
  });

  it('should move with a worker marked for a suppressed address, and not when the mark changes nothing', async () => {
    const tenant = newTenant();
    await stored(worker('w1'))(tenant);
    const before = await versionOf(tenant);
    expect(await workerStatus.markIfActive(tenant, 'w1', 'W1@example.com', 'bounced', LATER)).toBe(true);
    expect(await versionOf(tenant)).toBe(before + 1);
    expect((await repo.get(tenant, 'w1'))?.status).toBe('bounced');
    expect(await workerStatus.markIfActive(tenant, 'w1', 'w1@example.com', 'unsubscribed', LATER)).toBe(
      false,
    );
    expect(await workerStatus.markIfActive(tenant, 'gone', 'gone@example.com', 'bounced', LATER)).toBe(false);
    expect(await versionOf(tenant)).toBe(before + 1);
  });

  it(`should count every one of ${PARALLEL} worker writes made at once`, async () => {
    const tenant = newTenant();
    const workers = Array.from({ length: PARALLEL }, (_, i) => worker(`p${i}`));
    await Promise.all(workers.map((w) => repo.create(tenant, w)));
    expect(await versionOf(tenant)).toBe(PARALLEL);
    // Renames and marks at once: each its own bump.
    await Promise.all(
      workers.map((w, i) =>
        i % 2
          ? repo.replace(tenant, { ...w, name: `Renamed ${i}`, updatedAt: LATER }, AT)
          : workerStatus.markIfActive(tenant, w.id, w.email, 'unsubscribed', LATER),
      ),
    );
    expect(await versionOf(tenant)).toBe(2 * PARALLEL);
    expect((await repo.list(tenant)).filter((w) => w.status === 'unsubscribed')).toHaveLength(PARALLEL / 2);
  });
});

describe("the account's suppressions state", () => {
  it("should be 'some' once an address is stored, whatever a dispatch recorded before or at the same time", async () => {
    const tenant = newTenant();
    expect(await stateOf(tenant)).toBeUndefined();
    // A dispatch finds none and records it; then an address is suppressed.
    expect((await suppressionsOf(tenant, undefined, { rosters, suppressions })).size).toBe(0);
    expect((await stateOf(tenant))?.suppressions).toBe('none');
    await suppressions.add(tenant, 'Gone@example.com', 'bounced', AT);
    expect((await stateOf(tenant))?.suppressions).toBe('some');
    // A dispatch that read the list before the add cannot record 'none' over it.
    await rosters.recordNoSuppressions(tenant);
    const state = await stateOf(tenant);
    expect(state?.suppressions).toBe('some');
    expect([...(await suppressionsOf(tenant, state, { rosters, suppressions }))]).toEqual([
      ['gone@example.com', 'bounced'],
    ]);
  });

  it(`should end 'some' when ${PARALLEL} adds and records of none race`, async () => {
    const tenant = newTenant();
    await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2
          ? suppressions.add(tenant, `a${i}@example.com`, 'unsubscribed', AT)
          : rosters.recordNoSuppressions(tenant),
      ),
    );
    expect((await stateOf(tenant))?.suppressions).toBe('some');
    expect((await suppressions.reasonsOf(tenant)).size).toBe(PARALLEL / 2);
  });

  it('should not hide the addresses of an account stored before the state', async () => {
    const tenant = newTenant();
    // Written as an older release did: the address alone.
    await root.db.entities.suppressedAddress
      .create({ tenantId: tenant, email: 'old@example.com', reason: 'complained', at: AT })
      .go();
    const state = (await rosters.statesOf([tenant])).get(tenant);
    expect(state).toBeUndefined();
    expect((await suppressionsOf(tenant, state, { rosters, suppressions })).get('old@example.com')).toBe(
      'complained',
    );
    expect(await stateOf(tenant)).toBeUndefined();
  });

  it('should keep the roster version and the suppressions state apart in the one item', async () => {
    const tenant = newTenant();
    await suppressions.add(tenant, 'x@example.com', 'bounced', AT);
    await stored(worker('w1'), worker('w2'))(tenant);
    expect(await stateOf(tenant)).toEqual({ workers: 2, suppressions: 'some' });
  });
});
