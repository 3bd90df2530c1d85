import type { Worker } from '../../../shared/records';
import type { TenantId } from '../../core/caller';
import {
  GuardRefusedError,
  type StoredCrew,
  type WorkerRepo,
  type WorkerUpdate,
} from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { nameIndexed, SEARCH_FIELDS } from '../../core/records/record-search';
import { TABLE_KEYS } from './entities/table';
import { indexesOf, opt, recordRepo, tenantRecordReads, TRANSACTION_ITEMS } from './record-repo';
import { crewItem } from './record-items';
import { WORKER_FIELDS, workerFromItem } from './worker-fields';
import { rosterBump } from './account-rosters.repo';
import { crewChanges, crewMemberKey, crewMembersReader, membershipItems } from './crew-members';
import {
  createdOrderKey,
  WORKER_ORDER_ITEMS,
  workerItemOrder,
  workerOrderItemsBackfill,
  type WorkerOrderField,
} from './worker-orders';
import {
  claimUnique,
  failedItems,
  releaseUnique,
  uniqueHolder,
  uniqueKey,
  writeGuarded,
} from './record-guards';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];

/** The stored item of a worker (the benchmarks seed with it in batches). */
export const workerItem = (tenantId: string, w: Worker) => ({
  tenantId,
  ...nameIndexed(w.name, w.id, SEARCH_FIELDS.worker(w)),
  workerId: w.id,
  name: w.name,
  email: w.email,
  phone: opt(w.phone),
  trade: opt(w.trade),
  crewIds: w.crewIds,
  isManager: w.isManager,
  smsOptIn: w.smsOptIn,
  status: w.status,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
});

const emailGuard = (email: string) => uniqueKey('workerEmail', email.toLowerCase());

/**
 * Workers, each holding its email's guard item in the same transaction as the worker itself, so
 * two requests cannot give one account two workers with one address. Workers stored before the
 * guards existed get theirs on their next write; the use-case's read check covers them until then.
 */
export function createWorkerRepo(db: RaincheckService): WorkerRepo {
  const e = db.entities;

  /**
   * The transaction items that write `w` (new, or replacing the version read at `expected`); the
   * transaction adds the account's roster bump once (`rosterBump`), after them.
   */
  const writeItems = (
    tx: Tx,
    tenantId: string,
    w: Worker,
    expected: string | null,
    releaseEmail: string | null,
    previousCrews: readonly string[],
  ) => [
    expected === null
      ? tx.worker.create(workerItem(tenantId, w)).commit()
      : tx.worker
          .put(workerItem(tenantId, w))
          .where((a, op) => op.eq(a.updatedAt, expected))
          .commit(),
    claimUnique(tx.recordGuard, tenantId, emailGuard(w.email), w.id),
    ...(releaseEmail ? [releaseUnique(tx.recordGuard, tenantId, emailGuard(releaseEmail), w.id)] : []),
    // A new worker's creation item (worker-orders.ts); createdAt never changes after.
    ...(expected === null
      ? [tx.recordGuard.put({ tenantId, guard: createdOrderKey(w), ownerId: w.id }).commit()]
      : []),
    // Its crew memberships (crew-members.ts), after the items whose failures `write` tells apart.
    ...membershipItems(tx, tenantId, w.id, crewChanges(previousCrews, w.crewIds)),
  ];

  /**
   * Of the stored version: the old email's guard to give up when the email changes (if this worker
   * holds it), and the crews it was in.
   */
  const storedState = async (tenantId: string, w: Worker) => {
    const stored = await e.worker.get({ tenantId, workerId: w.id }).go({ consistent: true });
    const old = stored.data?.email;
    const crews = stored.data?.crewIds ?? [];
    if (!old || old === w.email) return { release: null, crews };
    return { release: (await uniqueHolder(db, tenantId, emailGuard(old))) === w.id ? old : null, crews };
  };

  /** Writes; 'changed' when the worker changed meanwhile; throws when the email is taken. */
  const write = async (tenantId: string, w: Worker, expected: string | null) => {
    const { release, crews } =
      expected === null ? { release: null, crews: [] } : await storedState(tenantId, w);
    const result = await writeGuarded(db, (tx) => [
      ...writeItems(tx, tenantId, w, expected, release, crews),
      rosterBump(tx, tenantId),
    ]);
    const failed = failedItems(result);
    if (failed.includes(1)) throw new GuardRefusedError('unique');
    if (failed.length && expected === null) throw new Error('A worker with this id exists');
    if (failed.length) return 'changed' as const;
    if (result.canceled) throw new Error('The worker write was canceled');
    return 'written' as const;
  };

  const base = recordRepo<Worker>({
    ...tenantRecordReads(
      e.worker,
      'workerId',
      workerFromItem,
      indexesOf(db, {
        kind: 'worker',
        entity: e.worker,
        idAttribute: 'workerId',
        gsis: { name: TABLE_KEYS.gsi2, updatedAt: TABLE_KEYS.gsi3 },
        fromItem: workerFromItem,
        toItem: workerItem,
      }),
      WORKER_FIELDS,
    ),
    create: (tenantId, w) => write(tenantId, w, null),
    putIfUnchanged: async (tenantId, w, expected) => {
      if ((await write(tenantId, w, expected)) === 'changed')
        throw Object.assign(new Error('Worker changed'), { name: 'ConditionalCheckFailedException' });
    },
    remove: async (tenantId, workerId) => {
      const { data } = await e.worker.get({ tenantId, workerId }).go({ consistent: true });
      const holds = data && (await uniqueHolder(db, tenantId, emailGuard(data.email))) === workerId;
      await writeGuarded(db, (tx) => [
        tx.worker.delete({ tenantId, workerId }).commit(),
        ...(data && holds ? [releaseUnique(tx.recordGuard, tenantId, emailGuard(data.email), workerId)] : []),
        ...(data
          ? [tx.recordGuard.delete({ tenantId, guard: createdOrderKey({ ...data, id: workerId }) }).commit()]
          : []),
        ...(data ? (data.crewIds ?? []) : []).map((crewId) =>
          tx.recordGuard.delete({ tenantId, guard: crewMemberKey(crewId, workerId) }).commit(),
        ),
        rosterBump(tx, tenantId),
      ]);
    },
  });

  const itemOrderPage = workerItemOrder(db, workerFromItem);
  const crewMembers = crewMembersReader(db);
  const orderItems = workerOrderItemsBackfill(db);
  const byItems = (field: string): field is WorkerOrderField => field in WORKER_ORDER_ITEMS;
  return {
    ...base,
    // Email and creation order through the workers' own order items (worker-orders.ts), the others by index.
    indexedSorts: [...(base.indexedSorts ?? []), ...Object.keys(WORKER_ORDER_ITEMS)],
    sortedPage: async (tenant, page) => {
      if (!byItems(page.field)) return base.sortedPage!(tenant, page);
      const { tenantId } = tenantKey(tenant);
      await orderItems(tenantId);
      return itemOrderPage(tenantId, { ...page, field: page.field });
    },
    importMany: (tenant, batch) => importMany(db, tenant, batch, writeItems),
    crewMembers: (tenant, crewIds) => crewMembers(tenantKey(tenant).tenantId, crewIds),
    idsWithEmail: async (tenant, email) => {
      const { tenantId } = tenantKey(tenant);
      const { data } = await e.worker.query
        .byEmail({ email: email.toLowerCase(), tenantId })
        .go({ pages: 'all', attributes: ['workerId'] });
      return data.map((w) => w.workerId);
    },
  };
}

type WriteItems = (
  tx: Tx,
  tenantId: string,
  w: Worker,
  expected: string | null,
  release: string | null,
  previousCrews: readonly string[],
) => unknown[];

/**
 * All or nothing, in transactions of at most 100 items: a worker and its guards always share one,
 * and each bumps the account's roster version once.
 * When a later transaction fails, the earlier ones are undone (created items deleted, updated
 * workers put back) before the failure is reported.
 */
async function importMany(
  db: RaincheckService,
  tenant: TenantId,
  batch: { created: Worker[]; updated: WorkerUpdate[]; crews: StoredCrew[] },
  writeItems: WriteItems,
): Promise<'written' | 'changed'> {
  const { tenantId } = tenantKey(tenant);
  const e = db.entities;
  type Unit = { size: number; build: (tx: Tx) => unknown[]; undo: () => Promise<unknown> };
  const units: Unit[] = [
    ...batch.crews.map((c) => ({
      size: 1,
      build: (tx: Tx) => [tx.crew.create(crewItem(tenantId, c)).commit()],
      undo: () => e.crew.delete({ tenantId, crewId: c.id }).go(),
    })),
    ...batch.created.map((w) => ({
      size: 3 + w.crewIds.length,
      build: (tx: Tx) => writeItems(tx, tenantId, w, null, null, []),
      // Retried while another write holds the roster item (writeGuarded), like every worker write.
      undo: () =>
        writeGuarded(db, (tx) => [
          tx.worker.delete({ tenantId, workerId: w.id }).commit(),
          tx.recordGuard.delete({ tenantId, guard: emailGuard(w.email) }).commit(),
          tx.recordGuard.delete({ tenantId, guard: createdOrderKey(w) }).commit(),
          ...membershipItems(tx, tenantId, w.id, { joined: [], left: w.crewIds }),
          rosterBump(tx, tenantId),
        ]),
    })),
  ];
  // An import matches workers by email, so an updated worker keeps its email (and its guard).
  for (const u of batch.updated) {
    const crews = crewChanges(u.previous.crewIds, u.next.crewIds);
    units.push({
      size: 2 + crews.joined.length + crews.left.length,
      build: (tx: Tx) => writeItems(tx, tenantId, u.next, u.previous.updatedAt, null, u.previous.crewIds),
      undo: () =>
        writeGuarded(db, (tx) => [
          tx.worker.put(workerItem(tenantId, u.previous)).commit(),
          ...membershipItems(tx, tenantId, u.next.id, { joined: crews.left, left: crews.joined }),
          rosterBump(tx, tenantId),
        ]),
    });
  }
  const done: Unit[] = [];
  const undoAll = async () => {
    for (const unit of done.reverse()) await unit.undo();
  };
  for (let i = 0; i < units.length;) {
    const chunk: Unit[] = [];
    let size = 0;
    // One item of each transaction is the account's roster bump, after the units' items.
    while (i < units.length && size + units[i]!.size < TRANSACTION_ITEMS) {
      size += units[i]!.size;
      chunk.push(units[i++]!);
    }
    let result: { canceled: boolean; data: unknown };
    try {
      const build = (tx: Tx) => [...chunk.flatMap((u) => u.build(tx)), rosterBump(tx, tenantId)];
      result = await writeGuarded(db, build as never);
    } catch (err) {
      await undoAll();
      throw err;
    }
    if (result.canceled) {
      await undoAll();
      return whyCanceled(result, chunk);
    }
    done.push(...chunk);
  }
  return 'written';
}

/** 'changed' when a worker's version check failed; GuardRefusedError('unique') when an email guard did. */
function whyCanceled(result: { canceled: boolean; data: unknown }, chunk: { size: number }[]): 'changed' {
  const failed = new Set(failedItems(result));
  let at = 0;
  for (const unit of chunk) {
    // A worker unit is [worker, email guard]: a failed guard means another worker took the email.
    if (unit.size > 1 && failed.has(at + 1)) throw new GuardRefusedError('unique');
    at += unit.size;
  }
  if (failed.size) return 'changed';
  throw new Error('The import transaction was canceled');
}
