import type { Jobsite } from '../../../shared/records';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { ValidationError } from '../../core/errors';
import type { ReferencedKind } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { failedItems, writeGuarded } from './record-guards';
import { BACKFILL_CONCURRENCY, oncePerTenant, perService } from './index-keys-backfill';
import { TRANSACTION_ITEMS } from './record-repo';
import {
  countBy,
  countedWrites,
  jobsiteCount,
  usesHead,
  withCountsMade,
  type CountedKind,
  type TxItem,
} from './use-counts';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];

/**
 * Who uses a client, crew or worker (issue 26 item 9), without reading the account's jobsites:
 * - a **back-reference** per (referenced record, jobsite) in the tenant's partition,
 *   `uses#<kind>#<id>#<jobsiteId>` (the foreman is a worker use), put and deleted in the jobsite's
 *   own transaction as its references change. One Query finds the jobsites naming a record.
 * - a **use count** per client and crew (use-counts.ts), its `count` ADDed and decremented in the
 *   same transaction: the ADD's `attribute_exists` condition is the jobsite's check that the client
 *   or crew is still there, and a jobsite write racing its delete either counts first (the delete
 *   is refused) or finds the count gone (the jobsite is refused). Workers have no count: their
 *   delete is never refused; it takes the worker off the jobsites the back-references name, and a
 *   jobsite adding a worker checks the worker item in its transaction.
 */
export { usesHead };

/** The records a jobsite names, each once: its client, its crews, its workers and its foreman. */
export interface JobsiteRefs {
  client: string[];
  crew: string[];
  worker: string[];
}
export const NO_REFS: JobsiteRefs = { client: [], crew: [], worker: [] };
export function refsOf(j: Pick<Jobsite, 'clientId' | 'recipients' | 'foremanWorkerId'>): JobsiteRefs {
  return {
    client: j.clientId ? [j.clientId] : [],
    crew: [...new Set(j.recipients.crewIds)],
    worker: [...new Set([...j.recipients.workerIds, ...(j.foremanWorkerId ? [j.foremanWorkerId] : [])])],
  };
}
const KINDS = ['client', 'crew', 'worker'] as const;

/** The body field a new reference came from, for the 400 when it is gone by the transaction. */
function fieldOf(kind: ReferencedKind, id: string, next: JobsiteRefs & { workerIds?: string[] }) {
  if (kind === 'client') return 'clientId';
  if (kind === 'crew') return 'recipients.crewIds';
  return next.workerIds && !next.workerIds.includes(id) ? 'foremanWorkerId' : 'recipients.workerIds';
}

/**
 * The transaction items of a jobsite's reference changes from `previous` to `next` (NO_REFS for a
 * create, or for a stored jobsite whose references were never counted), and beside each item what its
 * failed condition means: `refusal`, the 400 of a reference gone by the transaction (null: cannot
 * fail so), and `counted`, whether it moves a use count (which may not exist yet: `ensureUseCounts`).
 * `gone`: references to records already gone (only a legacy jobsite can hold one): their
 * back-reference leaves, no count moves.
 */
export function usesWrites(
  tenantId: string,
  jobsiteId: string,
  previous: JobsiteRefs,
  next: JobsiteRefs & { workerIds?: string[] },
  gone: ReadonlySet<string> = new Set(),
) {
  const { add, writes } = countedWrites();
  for (const kind of KINDS) {
    const { joined, left } = changeOf(previous, next, kind);
    for (const id of joined) {
      const unknown = new ValidationError(fieldOf(kind, id, next), `Unknown ${kind}: ${id}`);
      if (kind === 'worker')
        add(
          (tx) =>
            tx.worker
              .check({ tenantId, workerId: id })
              .where((a, op) => op.exists(a.workerId))
              .commit() as TxItem,
          unknown,
        );
      else add((tx) => countBy(tx, tenantId, { kind, id }, 1), unknown, true);
      add((tx) =>
        tx.recordGuard.put({ tenantId, guard: usesHead(kind, id) + jobsiteId, ownerId: jobsiteId }).commit(),
      );
    }
    for (const id of left) {
      if (kind !== 'worker' && !gone.has(id))
        add((tx) => countBy(tx, tenantId, { kind, id }, -1), null, true);
      add((tx) => tx.recordGuard.delete({ tenantId, guard: usesHead(kind, id) + jobsiteId }).commit());
    }
  }
  return writes();
}

/**
 * Runs a jobsite's transaction (`write`, given its reference items to place from position `at`) with its references
 * counted: first as it is (every count needed exists once the record was used before), and when a
 * count's condition failed, again once `ensureUseCounts` made the counts (or found the record gone).
 * Answers the transaction's result and the reference items' meaning, for the caller's errors.
 */
export function withUsesCounted(
  db: RaincheckService,
  tenantId: string,
  jobsiteId: string,
  change: { previous: JobsiteRefs; next: JobsiteRefs & { workerIds?: string[] }; at: number },
  write: (uses: (tx: Tx) => TxItem[]) => Promise<{ canceled: boolean; data: unknown }>,
) {
  const { previous, next, at } = change;
  const writes = (gone: ReadonlySet<string>) => usesWrites(tenantId, jobsiteId, previous, next, gone);
  return withCountsMade(db, tenantId, { writes, at, refs: countedChanges(previous, next) }, write);
}

/** The references of one kind that `next` adds to `previous`, and those it drops. */
function changeOf(previous: JobsiteRefs, next: JobsiteRefs, kind: ReferencedKind) {
  return {
    joined: next[kind].filter((id) => !previous[kind].includes(id)),
    left: previous[kind].filter((id) => !next[kind].includes(id)),
  };
}

/** The client and crew references whose count moves from `previous` to `next`. */
export function countedChanges(previous: JobsiteRefs, next: JobsiteRefs) {
  const changed = (kind: CountedKind) => {
    const { joined, left } = changeOf(previous, next, kind);
    return [...joined, ...left].map((id) => ({ kind, id }));
  };
  return [...changed('client'), ...changed('crew')];
}

/**
 * How many jobsites use a record and the first `first` of them (in id order, as the lists were):
 * a client's or crew's count read by key and one Query of `first` back-references; a worker's
 * back-references all read (its delete updates every one of those jobsites anyway).
 */
export async function usesOf(
  db: RaincheckService,
  tenantId: string,
  kind: ReferencedKind,
  id: string,
  first?: number,
): Promise<{ count: number; jobsiteIds: string[] }> {
  const g = db.entities.recordGuard;
  const query = g.query.byTenant({ tenantId }).begins({ guard: usesHead(kind, id) });
  if (kind === 'worker' || first === undefined) {
    const { data } = await query.go({ pages: 'all', consistent: true });
    const ids = data.map((d) => d.ownerId ?? '');
    return { count: ids.length, jobsiteIds: ids.slice(0, first) };
  }
  const [counted, { data }] = await Promise.all([
    jobsiteCount(db, tenantId, { kind, id }),
    query.go({ limit: first, consistent: true }),
  ]);
  const jobsiteIds = data.map((d) => d.ownerId ?? '');
  return { count: Math.max(counted, jobsiteIds.length), jobsiteIds };
}

/**
 * Jobsites stored before back-references have none, and no marker (`usesCounted`). Before a tenant's
 * first write or delete that relies on them (once per container; the guard item `backRefs#jobsite`
 * records it), each unmarked jobsite takes its back-references and the marker in one transaction
 * that checks it is still the version read (a newer write counted its own references). Counts are
 * made afterwards, on first need (`ensureUseCounts`), from these back-references. One per service:
 * the jobsites and the client and crew deletes share what each tenant has done.
 */
export const usesBackfill = perService(backRefsOnce);

function backRefsOnce(db: RaincheckService): (tenantId: string) => Promise<void> {
  const e = db.entities;
  return oncePerTenant(db, 'backRefs#jobsite', async (tenantId) => {
    const { data } = await e.jobsite.query.byTenant({ tenantId }).go({ pages: 'all' });
    const unmarked = data.filter((j) => !j.usesCounted);
    await mapWithConcurrency(unmarked, BACKFILL_CONCURRENCY, async (j) => {
      const refs = refsOf({
        clientId: j.clientId ?? null,
        foremanWorkerId: j.foremanWorkerId ?? null,
        recipients: {
          workerIds: j.recipients?.workerIds ?? [],
          crewIds: j.recipients?.crewIds ?? [],
          notifyClient: false,
        },
      });
      const puts = KINDS.flatMap((kind) =>
        refs[kind].map((id) => ({ guard: usesHead(kind, id) + j.jobsiteId })),
      );
      // A legacy jobsite naming more than a transaction holds (possible only before
      // MAX_JOBSITE_RECIPIENTS) takes the rest first, outside it: should the jobsite change in
      // between, those may name a record it no longer uses (its delete refused), never the reverse.
      const inTx = puts.slice(0, TRANSACTION_ITEMS - 1);
      for (const extra of chunks(puts.slice(TRANSACTION_ITEMS - 1), TRANSACTION_ITEMS))
        await db.transaction
          .write((tx) =>
            extra.map((p) => tx.recordGuard.put({ tenantId, ...p, ownerId: j.jobsiteId }).commit()),
          )
          .go();
      const result = await writeGuarded(db, (tx) => [
        tx.jobsite
          .patch({ tenantId, jobsiteId: j.jobsiteId })
          .set({ usesCounted: true })
          .where((a, op) => `${op.eq(a.updatedAt, j.updatedAt ?? '')} AND ${op.notExists(a.usesCounted)}`)
          .commit(),
        ...inTx.map((p) => tx.recordGuard.put({ tenantId, ...p, ownerId: j.jobsiteId }).commit()),
      ]);
      // Changed or deleted since the read: its own write counted (or took away) its references.
      if (result.canceled && failedItems(result).length === 0)
        throw new Error('The back-references backfill was canceled');
    });
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
