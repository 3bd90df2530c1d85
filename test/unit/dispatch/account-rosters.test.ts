import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { tenantFromStore, type TenantId } from '../../../lambdas/core/caller';
import {
  suppressionsOf,
  WorkerRosters,
  type AccountRosterState,
  type AccountRosterStore,
} from '../../../lambdas/core/dispatch/account-rosters';
import { loadBatch } from '../../../lambdas/core/dispatch/load-batch';
import type { NotifyDeps } from '../../../lambdas/core/dispatch/notify-jobsites';
import type { Worker } from '../../../shared/records';
import { FakeSuppressionList } from '../email/fakes';
import { MemoryHolidayCalendars } from '../../support/memory-holidays';
import { fixedRecords, PREMIUM_ACCOUNT, testJobsite, testWorker } from './records.fixtures';

/** In-memory fakes: the unit level only. The DynamoDB store is covered by the integration tests. */
const T0 = '2026-12-02T11:00:00.000Z';
const worker = (id: string): Worker =>
  testWorker({ id, name: `Worker ${id}`, email: `${id}@example.com` }, T0);
const tenant = (id: string): TenantId => tenantFromStore(id);

/** A roster store in memory that counts its reads, holding each account's workers and state. */
class MemoryRosterStore implements AccountRosterStore {
  readonly workers = new Map<string, Worker[]>();
  readonly states = new Map<string, AccountRosterState>();
  reads: string[] = [];
  recorded: string[] = [];

  async statesOf(tenants: readonly TenantId[]) {
    return new Map(tenants.flatMap((t) => (this.states.has(t) ? [[t as string, this.states.get(t)!]] : [])));
  }

  async recordNoSuppressions(t: TenantId) {
    this.recorded.push(t);
    const state = this.states.get(t) ?? { workers: 0, suppressions: null };
    if (state.suppressions === null) this.states.set(t, { ...state, suppressions: 'none' });
  }

  async workersOf(t: TenantId) {
    this.reads.push(t);
    return [...(this.workers.get(t) ?? [])];
  }

  /** A worker write: the roster version moves with it. */
  write(t: string, workers: Worker[]) {
    this.workers.set(t, workers);
    const state = this.states.get(t) ?? { workers: 0, suppressions: null };
    this.states.set(t, { ...state, workers: state.workers + 1 });
  }
}

describe('WorkerRosters', () => {
  it('should read an account once per roster version and again when the version moves', async () => {
    const store = new MemoryRosterStore();
    store.workers.set('a', [worker('w1')]);
    const rosters = new WorkerRosters(store);
    expect((await rosters.workersOf(tenant('a'), 3)).map((w) => w.id)).toEqual(['w1']);
    expect((await rosters.workersOf(tenant('a'), 3)).map((w) => w.id)).toEqual(['w1']);
    expect(store.reads).toEqual(['a']);
    store.workers.set('a', [worker('w1'), worker('w2')]);
    expect((await rosters.workersOf(tenant('a'), 4)).map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(store.reads).toEqual(['a', 'a']);
  });

  it('should share one read between batches that miss the same account at the same version', async () => {
    const store = new MemoryRosterStore();
    store.workers.set('a', [worker('w1')]);
    const rosters = new WorkerRosters(store);
    await Promise.all([rosters.workersOf(tenant('a'), 1), rosters.workersOf(tenant('a'), 1)]);
    expect(store.reads).toEqual(['a']);
  });

  it('should keep at most its bound of workers, the least recently used accounts going first', async () => {
    const store = new MemoryRosterStore();
    for (const t of ['a', 'b', 'c']) store.workers.set(t, [worker(`${t}1`), worker(`${t}2`)]);
    const rosters = new WorkerRosters(store, 4);
    await rosters.workersOf(tenant('a'), 1);
    await rosters.workersOf(tenant('b'), 1);
    await rosters.workersOf(tenant('a'), 1); // a is now the most recently used
    await rosters.workersOf(tenant('c'), 1); // b goes
    expect(rosters.size()).toEqual({ accounts: 2, workers: 4 });
    store.reads = [];
    await rosters.workersOf(tenant('a'), 1);
    await rosters.workersOf(tenant('c'), 1);
    expect(store.reads).toEqual([]);
    await rosters.workersOf(tenant('b'), 1);
    expect(store.reads).toEqual(['b']);
  });

  it('should not keep an account larger than the bound, nor let an older read replace a newer one', async () => {
    const store = new MemoryRosterStore();
    store.workers.set('big', [worker('w1'), worker('w2'), worker('w3')]);
    const rosters = new WorkerRosters(store, 2);
    await rosters.workersOf(tenant('big'), 1);
    expect(rosters.size()).toEqual({ accounts: 0, workers: 0 });

    // Version 2's read answers after version 3's: 3 stays kept.
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const gated = new WorkerRosters(
      {
        workersOf: async () => {
          const first = store.reads.length === 0;
          store.reads.push('a');
          if (first) await slow;
          return [worker(first ? 'old' : 'new')];
        },
      },
      10,
    );
    store.reads = [];
    const older = gated.workersOf(tenant('a'), 2);
    await gated.workersOf(tenant('a'), 3);
    release();
    await older;
    expect((await gated.workersOf(tenant('a'), 3)).map((w) => w.id)).toEqual(['new']);
    expect(store.reads).toEqual(['a', 'a']);
  });
});

describe('suppressionsOf', () => {
  const read = (state: AccountRosterState | undefined, list = new FakeSuppressionList()) => {
    const store = new MemoryRosterStore();
    const reasonsOf = jest.spyOn(list, 'reasonsOf');
    const out = suppressionsOf(tenant('a'), state, { rosters: store, suppressions: list });
    return { out, store, reasonsOf };
  };

  it('should not read the list of an account known to have none, and read it where it has some', async () => {
    const none = read({ workers: 0, suppressions: 'none' });
    expect((await none.out).size).toBe(0);
    expect(none.reasonsOf).not.toHaveBeenCalled();

    const list = new FakeSuppressionList();
    await list.add(tenant('a'), 'gone@example.com', 'bounced');
    const some = read({ workers: 0, suppressions: 'some' }, list);
    expect([...(await some.out)]).toEqual([['gone@example.com', 'bounced']]);
    expect(some.store.recorded).toEqual([]);
  });

  it('should read the list of an account stored before the state, and record none only when it found none', async () => {
    const empty = read(undefined);
    expect((await empty.out).size).toBe(0);
    expect(empty.reasonsOf).toHaveBeenCalledTimes(1);
    expect(empty.store.recorded).toEqual(['a']);

    const list = new FakeSuppressionList();
    await list.add(tenant('a'), 'gone@example.com', 'unsubscribed');
    const older = read({ workers: 4, suppressions: null }, list);
    expect((await older.out).get('gone@example.com')).toBe('unsubscribed');
    expect(older.store.recorded).toEqual([]);
  });
});

describe('loadBatch with rosters', () => {
  const site = testJobsite(
    {
      id: 'site-1',
      name: 'Harbor Crane Pad',
      latitude: 41.88,
      longitude: -87.63,
      recipients: { workerIds: ['w1', 'w2'], crewIds: [], notifyClient: false },
    },
    T0,
  );
  const due = [{ tenantId: 'a', jobsiteId: site.id, workDate: '2026-12-02', noticeTime: '05:00' }];

  function deps(store: MemoryRosterStore, suppressions = new FakeSuppressionList()) {
    const records = fixedRecords([site], []);
    const list = jest.spyOn(records.workers, 'list');
    const d: NotifyDeps = {
      records,
      accounts: PREMIUM_ACCOUNT,
      weather: {} as NotifyDeps['weather'],
      decisions: {} as NotifyDeps['decisions'],
      claims: {} as NotifyDeps['claims'],
      sender: {} as NotifyDeps['sender'],
      suppressions,
      holidays: new MemoryHolidayCalendars(),
      clock: { now: () => new Date(T0) },
      rosters: { store, kept: new WorkerRosters(store) },
    };
    return { d, list, reasonsOf: jest.spyOn(suppressions, 'reasonsOf') };
  }

  it("should read an account's workers and suppressions in the first batch only, until a worker write", async () => {
    const store = new MemoryRosterStore();
    store.write('a', [worker('w1')]);
    const { d, list, reasonsOf } = deps(store);
    const now = new Date(T0);
    const first = await loadBatch(due, d, now, 4);
    expect(first[0]!.workers.map((w) => w.id)).toEqual(['w1']);
    await loadBatch(due, d, now, 4);
    expect(store.reads).toEqual(['a']);
    // The suppressions were read once, found empty and recorded so.
    expect(reasonsOf).toHaveBeenCalledTimes(1);
    expect(store.states.get('a')?.suppressions).toBe('none');
    expect(list).not.toHaveBeenCalled();

    store.write('a', [worker('w1'), worker('w2')]);
    const after = await loadBatch(due, d, now, 4);
    expect(after[0]!.workers.map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(store.reads).toEqual(['a', 'a']);
    expect(reasonsOf).toHaveBeenCalledTimes(1);
  });

  it('should read the suppressions of an account that has some in every batch', async () => {
    const store = new MemoryRosterStore();
    store.write('a', [worker('w1'), worker('w2')]);
    store.states.set('a', { workers: 1, suppressions: 'some' });
    const suppressions = new FakeSuppressionList();
    await suppressions.add(tenant('a'), 'w2@example.com', 'bounced');
    const { d, reasonsOf } = deps(store, suppressions);
    for (const _ of [1, 2]) {
      const [item] = await loadBatch(due, d, new Date(T0), 4);
      expect(item!.suppressed.get('w2@example.com')).toBe('bounced');
    }
    expect(reasonsOf).toHaveBeenCalledTimes(2);
  });
});

describe('the writers of worker items', () => {
  /** Where a worker item is written (each of its writes bumps the roster: test/integration/records/roster-version). */
  const WRITERS = [
    'lambdas/adapters/dynamo/workers.repo.ts',
    // The worker repository's own items and its import's transactions (create, replace, importMany).
    'lambdas/adapters/dynamo/worker-items.ts',
    'lambdas/adapters/dynamo/workers-import.repo.ts',
    'lambdas/adapters/dynamo/worker-status.repo.ts',
  ];

  it('should all be in the repositories whose writes the roster version test covers', () => {
    const root = join(__dirname, '../../..');
    const sources = readdirSync(join(root, 'lambdas'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `lambdas/${f.split(sep).join('/')}`);
    // An ElectroDB write on the worker entity, however the chain is broken over lines.
    const write = /\bworker\s*\.\s*(put|create|update|patch|upsert|delete|remove)\s*\(/;
    const writers = sources.filter((f) => write.test(readFileSync(join(root, f), 'utf8')));
    expect(writers.sort()).toEqual([...WRITERS].sort());
  });
});
