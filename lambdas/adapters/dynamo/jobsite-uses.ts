import type { Jobsite } from '../../../shared/records';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { ValidationError } from '../../core/errors';
import type { ReferencedKind } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { failedItems, writeGuarded } from './record-guards';
import { BACKFILL_CONCURRENCY, oncePerTenant } from './index-keys-backfill';
import { TRANSACTION_ITEMS } from './record-repo';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];
type TxItem = ReturnType<Tx['recordGuard']['put']>['commit'] extends () => infer I ? I : never;

/**
 * Who uses a client, crew or worker (issue 26 item 9), without reading the account's jobsites:
 * - a **back-reference** per (referenced record, jobsite) in the tenant's partition,
 *   `uses#<kind>#<id>#<jobsiteId>` (the foreman is a worker use), put and deleted in the jobsite's
 *   own transaction as its references change. One Query finds the jobsites naming a record.
 * - a **use count** per client and crew, `useCount#<kind>#<id>`, ADDed and decremented in the same
 *   transaction. It exists only while its record does (put at 0 in the record's create, made for
 *   older records by `ensureUseCounts` in a transaction that checks the record, deleted with the
 *   record), so the ADD's `attribute_exists` condition is
 *   the jobsite's check that the client or crew is still there. A client or crew delete deletes the
 *   count on condition it is 0: a jobsite write racing the delete either counts first (the delete
 *   is refused) or finds the count gone (the jobsite is refused). Workers have no count: their
 *   delete is never refused; it takes the worker off the jobsites the back-references name, and a
 *   jobsite adding a worker checks the worker item in its transaction.
 */
export type CountedKind = Exclude<ReferencedKind, 'worker'>;
export const usesHead = (kind: ReferencedKind, id: string) => `uses#${kind}#${id}#`;
const useCountKey = (kind: CountedKind, id: string) => `useCount#${kind}#${id}`;

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
  const builds: ((tx: Tx) => TxItem)[] = [];
  const meaning: { refusal: Error | null; counted: boolean }[] = [];
  const add = (build: (tx: Tx) => TxItem, refusal: Error | null = null, counted = false) => {
    builds.push(build);
    meaning.push({ refusal, counted });
  };
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
      else add((tx) => countBy(tx, tenantId, kind, id, 1), unknown, true);
      add((tx) =>
        tx.recordGuard.put({ tenantId, guard: usesHead(kind, id) + jobsiteId, ownerId: jobsiteId }).commit(),
      );
    }
    for (const id of left) {
      if (kind !== 'worker' && !gone.has(id)) add((tx) => countBy(tx, tenantId, kind, id, -1), null, true);
      add((tx) => tx.recordGuard.delete({ tenantId, guard: usesHead(kind, id) + jobsiteId }).commit());
    }
  }
  return { build: (tx: Tx) => builds.map((b) => b(tx)), meaning };
}

/**
 * Runs a jobsite's transaction (`write`, given its reference items to place from position `at`) with its references
 * counted: first as it is (every count needed exists once the record was used before), and when a
 * count's condition failed, again once `ensureUseCounts` made the counts (or found the record gone).
 * Answers the transaction's result and the reference items' meaning, for the caller's errors.
 */
export async function withUsesCounted(
  db: RaincheckService,
  tenantId: string,
  jobsiteId: string,
  change: { previous: JobsiteRefs; next: JobsiteRefs & { workerIds?: string[] }; at: number },
  write: (uses: (tx: Tx) => TxItem[]) => Promise<{ canceled: boolean; data: unknown }>,
) {
  let gone = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const uses = usesWrites(tenantId, jobsiteId, change.previous, change.next, gone);
    const result = await write(uses.build);
    const failed = failedItems(result)
      .map((i) => i - change.at)
      .filter((i) => i >= 0 && i < uses.meaning.length);
    if (attempt > 1 || !failed.some((i) => uses.meaning[i]!.counted)) {
      const refusal = failed.map((i) => uses.meaning[i]!.refusal).find(Boolean);
      if (refusal) throw refusal;
      return result;
    }
    gone = await ensureUseCounts(db, tenantId, countedChanges(change.previous, change.next));
  }
}

function countBy(tx: Tx, tenantId: string, kind: CountedKind, id: string, by: 1 | -1) {
  const item = tx.recordGuard.update({ tenantId, guard: useCountKey(kind, id) });
  return (by > 0 ? item.add({ count: 1 }) : item.subtract({ count: 1 }))
    .where((a, op) => op.exists(a.count))
    .commit();
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

/** A client's or crew's item checked (or deleted) in a transaction, on condition it exists. */
function whileRecordExists(
  tx: Tx,
  tenantId: string,
  kind: CountedKind,
  id: string,
  action: 'check' | 'delete',
) {
  if (kind === 'client') {
    const key = { tenantId, clientId: id };
    const item = action === 'check' ? tx.client.check(key) : tx.client.delete(key);
    return item.where((a, op) => op.exists(a.clientId)).commit();
  }
  const key = { tenantId, crewId: id };
  const item = action === 'check' ? tx.crew.check(key) : tx.crew.delete(key);
  return item.where((a, op) => op.exists(a.crewId)).commit();
}

/**
 * Makes the use counts of `refs` that do not exist yet (records from before counts, or never used):
 * the back-references counted (they are all written once the tenant's backfill ran, and none moves
 * while the count is absent: each jobsite write that moves one needs the count to exist), put only
 * while the record exists and the count is still absent (a parallel ensure put the same number).
 * One BatchGetItem when every count exists. Answers the ids whose record is gone.
 */
export async function ensureUseCounts(
  db: RaincheckService,
  tenantId: string,
  refs: readonly { kind: CountedKind; id: string }[],
): Promise<Set<string>> {
  const gone = new Set<string>();
  if (refs.length === 0) return gone;
  const g = db.entities.recordGuard;
  const { data } = await g
    .get(refs.map((r) => ({ tenantId, guard: useCountKey(r.kind, r.id) })))
    .go({ consistent: true });
  const present = new Set(data.filter((d) => d.count !== undefined).map((d) => d.guard));
  const missing = refs.filter((r) => !present.has(useCountKey(r.kind, r.id)));
  await Promise.all(
    missing.map(async ({ kind, id }) => {
      const { data: uses } = await g.query
        .byTenant({ tenantId })
        .begins({ guard: usesHead(kind, id) })
        .go({ pages: 'all', consistent: true, attributes: ['guard'] });
      const result = await writeGuarded(db, (tx) => [
        whileRecordExists(tx, tenantId, kind, id, 'check'),
        tx.recordGuard
          .put({ tenantId, guard: useCountKey(kind, id), count: uses.length })
          .where((a, op) => op.notExists(a.count))
          .commit(),
      ]);
      if (failedItems(result).includes(0)) gone.add(id);
      else if (result.canceled && failedItems(result).length === 0)
        throw new Error('The use count could not be made');
    }),
  );
  return gone;
}

/**
 * A new client or crew and its use count (0) in one transaction, so a jobsite naming it finds the
 * count there (records from before counts, and crews an import brings, get theirs on first need).
 */
export async function createWithUseCount(
  db: RaincheckService,
  tenantId: string,
  kind: CountedKind,
  id: string,
  create: (tx: Tx) => TxItem,
): Promise<void> {
  const result = await writeGuarded(db, (tx) => [
    create(tx),
    tx.recordGuard.put({ tenantId, guard: useCountKey(kind, id), count: 0 }).commit(),
  ]);
  if (!result.canceled) return;
  const codes = (result.data as { code?: string }[]).map((d) => d?.code ?? '').join(',');
  throw Object.assign(new Error(`The ${kind} create was canceled: ${codes}`), {
    name: failedItems(result).length ? 'ConditionalCheckFailedException' : 'TransactionCanceled',
  });
}

/**
 * A client's or crew's delete, refused while a jobsite uses it: the record and its count (only at 0)
 * leave in one transaction. 'gone' when the record was not there (a parallel delete).
 */
export async function removeUnused(
  db: RaincheckService,
  tenantId: string,
  kind: CountedKind,
  id: string,
): Promise<'removed' | 'used' | 'gone'> {
  if ((await ensureUseCounts(db, tenantId, [{ kind, id }])).has(id)) return 'gone';
  const result = await writeGuarded(db, (tx) => [
    whileRecordExists(tx, tenantId, kind, id, 'delete'),
    tx.recordGuard
      .delete({ tenantId, guard: useCountKey(kind, id) })
      .where((a, op) => op.eq(a.count, 0))
      .commit(),
  ]);
  const failed = failedItems(result);
  if (failed.includes(0)) return 'gone';
  if (failed.includes(1)) return 'used';
  if (result.canceled) throw new Error(`The ${kind} delete was canceled`);
  return 'removed';
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
  const [{ data: counted }, { data }] = await Promise.all([
    g.get({ tenantId, guard: useCountKey(kind, id) }).go({ consistent: true }),
    query.go({ limit: first, consistent: true }),
  ]);
  const jobsiteIds = data.map((d) => d.ownerId ?? '');
  return { count: Math.max(counted?.count ?? 0, jobsiteIds.length), jobsiteIds };
}

/**
 * Jobsites stored before back-references have none, and no marker (`usesCounted`). Before a tenant's
 * first write or delete that relies on them (once per container; the guard item `backRefs#jobsite`
 * records it), each unmarked jobsite takes its back-references and the marker in one transaction
 * that checks it is still the version read (a newer write counted its own references). Counts are
 * made afterwards, on first need (`ensureUseCounts`), from these back-references.
 */
export function usesBackfill(db: RaincheckService): (tenantId: string) => Promise<void> {
  let once = backfills.get(db);
  if (!once) backfills.set(db, (once = backRefsOnce(db)));
  return once;
}
/** One per service: the jobsites and the client and crew deletes share what each tenant has done. */
const backfills = new WeakMap<RaincheckService, (tenantId: string) => Promise<void>>();

function backRefsOnce(db: RaincheckService) {
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
