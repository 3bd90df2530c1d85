import type { Worker } from '../../../shared/records';
import { GuardRefusedError, type WorkerRepo } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { TABLE_KEYS } from './entities/table';
import { indexesOf, recordRepo, tenantRecordReads } from './record-repo';
import { WORKER_FIELDS, workerFromItem } from './worker-fields';
import { rosterBump } from './account-rosters.repo';
import { crewChanges, crewMembersReader } from './crew-members';
import { crewRefs, membershipWrites } from './crew-memberships';
import { withCountsMade } from './use-counts';
import { emailGuard, ownItemCount, workerItem, workerOwnItems } from './worker-items';
import { importMany } from './workers-import.repo';
import {
  createdOrderKey,
  WORKER_ORDER_ITEMS,
  workerItemOrder,
  workerOrderItemsBackfill,
  workersByIdReader,
  workersWithEmailsReader,
  type WorkerOrderField,
} from './worker-orders';
import { assertGoneOrDeleted, failedItems, releaseUnique, uniqueHolder, writeGuarded } from './record-guards';

/** Reads of a worker being deleted while it keeps changing (each change re-reads its crews). */
const REMOVE_ATTEMPTS = 5;

export { workerItem };

/**
 * Workers, each holding its email's guard item in the same transaction as the worker itself, so
 * two requests cannot give one account two workers with one address. Workers stored before the
 * guards existed get theirs on their next write; the use-case's read check covers them until then.
 */
export function createWorkerRepo(db: RaincheckService): WorkerRepo {
  const e = db.entities;

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

  /**
   * Writes, with its crew memberships and their counts (crew-memberships.ts) after its own items, and
   * the roster bump last; 'changed' when the worker changed meanwhile; throws when the email is
   * taken, and the 400 of a crew deleted since the use-case checked it.
   */
  const write = async (tenantId: string, w: Worker, expected: string | null) => {
    const { release, crews } =
      expected === null ? { release: null, crews: [] } : await storedState(tenantId, w);
    const changes = crewChanges(crews, w.crewIds);
    const at = ownItemCount(expected, release);
    const result = await withCountsMade(
      db,
      tenantId,
      { writes: (gone) => membershipWrites(tenantId, w.id, changes, gone), at, refs: crewRefs(changes) },
      (memberships) =>
        writeGuarded(db, (tx) => [
          ...workerOwnItems(tx, tenantId, w, expected, release),
          ...memberships(tx),
          rosterBump(tx, tenantId),
        ]),
    );
    const failed = failedItems(result);
    if (failed.includes(1)) throw new GuardRefusedError('unique');
    if (failed.length && expected === null) throw new Error('A worker with this id exists');
    if (failed.length) return 'changed' as const;
    if (result.canceled) throw new Error('The worker write was canceled');
    return 'written' as const;
  };

  /**
   * Deletes the version read with its guards, its memberships and their counts; read again when it
   * changed in between (so the memberships left are the ones it held).
   */
  const removeWorker = async (tenantId: string, workerId: string) => {
    for (let attempt = 1; attempt <= REMOVE_ATTEMPTS; attempt++) {
      const { data } = await e.worker.get({ tenantId, workerId }).go({ consistent: true });
      if (!data) return;
      const holds = (await uniqueHolder(db, tenantId, emailGuard(data.email))) === workerId;
      const changes = crewChanges(data.crewIds ?? [], []);
      const result = await withCountsMade(
        db,
        tenantId,
        {
          writes: (gone) => membershipWrites(tenantId, workerId, changes, gone),
          at: 1,
          refs: crewRefs(changes),
        },
        (memberships) =>
          writeGuarded(db, (tx) => [
            tx.worker
              .delete({ tenantId, workerId })
              .where((a, op) => op.eq(a.updatedAt, data.updatedAt))
              .commit(),
            ...memberships(tx),
            ...(holds ? [releaseUnique(tx.recordGuard, tenantId, emailGuard(data.email), workerId)] : []),
            tx.recordGuard.delete({ tenantId, guard: createdOrderKey({ ...data, id: workerId }) }).commit(),
            rosterBump(tx, tenantId),
          ]),
      );
      if (!failedItems(result).includes(0)) return assertGoneOrDeleted(result);
    }
    throw new Error('The worker kept changing while it was being deleted');
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
    remove: removeWorker,
  });

  const itemOrderPage = workerItemOrder(db, workerFromItem);
  const crewMembers = crewMembersReader(db);
  const orderItems = workerOrderItemsBackfill(db);
  const withEmails = workersWithEmailsReader(db, workerFromItem);
  const byIds = workersByIdReader(db, workerFromItem);
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
    importMany: (tenant, batch) => importMany(db, tenant, batch),
    getMany: (tenant, ids) => byIds(tenantKey(tenant).tenantId, ids),
    withEmails: async (tenant, emails) => {
      const { tenantId } = tenantKey(tenant);
      await orderItems(tenantId);
      return withEmails(tenantId, emails);
    },
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
