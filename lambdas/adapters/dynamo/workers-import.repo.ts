import type { Worker } from '../../../shared/records';
import type { TenantId } from '../../core/caller';
import { GuardRefusedError, type StoredCrew, type WorkerUpdate } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { TRANSACTION_ITEMS } from './record-repo';
import { crewItem } from './record-items';
import { rosterBump } from './account-rosters.repo';
import { crewChanges, membershipItems, type CrewChanges } from './crew-members';
import { crewRefs, membershipWrites, netMembers } from './crew-memberships';
import { countBy, dropCount, ensureUseCounts, newCrewCount, type TxItem } from './use-counts';
import { emailGuard, workerItem, workerOwnItems } from './worker-items';
import { createdOrderKey } from './worker-orders';
import { failedItems, writeGuarded } from './record-guards';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];
type TxResult = { canceled: boolean; data: unknown };

/** What a failed item of an import's transaction means. */
type Failure = 'changed' | 'unique' | 'crewGone';

/** One record an import writes: its own items (and what each one's failure means), and its undo. */
interface Unit {
  items: (tx: Tx) => unknown[];
  /** How many items `items` gives. */
  size: number;
  /** What a failure of each of its first items means (the others cannot fail on a condition). */
  failures: Failure[];
  /** A worker's crew changes (their counts are the transaction's, once per crew). */
  changes?: CrewChanges;
  /** A crew the import makes (its count is put in its transaction, with the members who join there). */
  newCrew?: string;
  undo: () => Promise<unknown>;
}

/**
 * All or nothing, in transactions of at most 100 items: a worker and its guards always share one;
 * each transaction moves each crew's count of members once, by the net of its workers' changes (a
 * transaction names an item at most once), and bumps the account's roster version once.
 * Crews the import joins or leaves get their counts first (`ensureUseCounts`); a crew gone by then,
 * or deleted before its transaction, answers 'crewsChanged'. When a later transaction fails, the
 * earlier ones are undone (created items deleted, updated workers put back) before the failure is
 * reported.
 */
export async function importMany(
  db: RaincheckService,
  tenant: TenantId,
  batch: { created: Worker[]; updated: WorkerUpdate[]; crews: StoredCrew[] },
): Promise<'written' | 'changed' | 'crewsChanged'> {
  const { tenantId } = tenantKey(tenant);
  const made = new Set(batch.crews.map((c) => c.id));
  const changes = [
    ...batch.created.map((w) => crewChanges([], w.crewIds)),
    ...batch.updated.map((u) => crewChanges(u.previous.crewIds, u.next.crewIds)),
  ];
  const existing = new Set(
    changes.flatMap((c) => crewRefs(c).map((r) => r.id)).filter((id) => !made.has(id)),
  );
  const gone = await ensureUseCounts(
    db,
    tenantId,
    [...existing].map((id) => ({ kind: 'crew' as const, id })),
  );
  if (changes.some((c) => c.joined.some((id) => gone.has(id)))) return 'crewsChanged';
  const units = importUnits(db, tenantId, batch, gone);

  const done: Unit[] = [];
  const undoAll = async () => {
    for (const unit of done.reverse()) await unit.undo();
  };
  for (const chunk of chunked(units, gone)) {
    let result: TxResult;
    try {
      result = await writeGuarded(db, ((tx: Tx) => chunkItems(tx, tenantId, chunk, gone)) as never);
    } catch (err) {
      await undoAll();
      throw err;
    }
    if (result.canceled) {
      await undoAll();
      return whyCanceled(result, chunk, gone);
    }
    done.push(...chunk);
  }
  return 'written';
}

/** The crews first, then the new workers, then the updated ones. */
function importUnits(
  db: RaincheckService,
  tenantId: string,
  batch: { created: Worker[]; updated: WorkerUpdate[]; crews: StoredCrew[] },
  gone: ReadonlySet<string>,
): Unit[] {
  // Retried while another write holds the roster item (writeGuarded), like every worker write.
  const undoWith = (items: (tx: Tx) => unknown[]) =>
    writeGuarded(db, ((tx: Tx) => [...items(tx), rosterBump(tx, tenantId)]) as never);
  const counted = (workerId: string, crews: CrewChanges) => (tx: Tx) =>
    membershipWrites(tenantId, workerId, crews, gone).build(tx);
  const crewUnits = batch.crews.map((c): Unit => ({
    items: (tx: Tx) => [tx.crew.create(crewItem(tenantId, c)).commit()],
    size: 1,
    failures: ['changed'],
    newCrew: c.id,
    undo: () =>
      writeGuarded(db, (tx) => [
        tx.crew.delete({ tenantId, crewId: c.id }).commit(),
        dropCount(tx, tenantId, { kind: 'crew', id: c.id }),
      ]),
  }));
  const createdUnits = batch.created.map((w): Unit => {
    const crews = crewChanges([], w.crewIds);
    return {
      items: (tx: Tx) => [
        ...workerOwnItems(tx, tenantId, w, null, null),
        ...membershipItems(tx, tenantId, w.id, crews),
      ],
      size: 3 + crews.joined.length,
      failures: ['changed', 'unique'],
      changes: crews,
      undo: () =>
        undoWith((tx) => [
          tx.worker.delete({ tenantId, workerId: w.id }).commit(),
          tx.recordGuard.delete({ tenantId, guard: emailGuard(w.email) }).commit(),
          tx.recordGuard.delete({ tenantId, guard: createdOrderKey(w) }).commit(),
          ...counted(w.id, { joined: [], left: crews.joined })(tx),
        ]),
    };
  });
  // An import matches workers by email, so an updated worker keeps its email (and its guard).
  const updatedUnits = batch.updated.map((u): Unit => {
    const crews = crewChanges(u.previous.crewIds, u.next.crewIds);
    // Put back: the crews it left joined again (but a deleted one), the ones it joined left.
    const back = { joined: crews.left.filter((id) => !gone.has(id)), left: crews.joined };
    return {
      items: (tx: Tx) => [
        ...workerOwnItems(tx, tenantId, u.next, u.previous.updatedAt, null),
        ...membershipItems(tx, tenantId, u.next.id, crews),
      ],
      size: 2 + crews.joined.length + crews.left.length,
      failures: ['changed', 'unique'],
      changes: crews,
      undo: () =>
        undoWith((tx) => [
          tx.worker.put(workerItem(tenantId, u.previous)).commit(),
          ...counted(u.next.id, back)(tx),
        ]),
    };
  });
  return [...crewUnits, ...createdUnits, ...updatedUnits];
}

/** The crews whose counts a transaction of `chunk` moves: each once, by its workers' net change. */
function chunkCounts(chunk: readonly Unit[], gone: ReadonlySet<string>) {
  const made = new Set(chunk.flatMap((u) => (u.newCrew ? [u.newCrew] : [])));
  const net = netMembers(
    chunk.flatMap((u) => (u.changes ? [u.changes] : [])),
    gone,
  );
  const members = new Map(net.filter((n) => made.has(n.crewId)).map((n) => [n.crewId, n.by]));
  return {
    made: [...made].map((crewId) => ({ crewId, members: members.get(crewId) ?? 0 })),
    moved: net.filter((n) => !made.has(n.crewId)),
  };
}

/** The items of one transaction: the units' own, then each crew's count, then the roster bump. */
function chunkItems(tx: Tx, tenantId: string, chunk: readonly Unit[], gone: ReadonlySet<string>) {
  const counts = chunkCounts(chunk, gone);
  return [
    ...chunk.flatMap((u) => u.items(tx)),
    ...counts.made.map((c) => newCrewCount(tx, tenantId, c.crewId, c.members)),
    ...counts.moved.map((c): TxItem =>
      countBy(tx, tenantId, { kind: 'crew', id: c.crewId }, c.by, 'members'),
    ),
    rosterBump(tx, tenantId),
  ];
}

/** How many items a transaction of `chunk` writes. */
function chunkSize(chunk: readonly Unit[], gone: ReadonlySet<string>): number {
  const counts = chunkCounts(chunk, gone);
  const own = chunk.reduce((n, u) => n + u.size, 0);
  return own + counts.made.length + counts.moved.length + 1;
}

/** The units in transactions of at most 100 items, in order. */
function chunked(units: readonly Unit[], gone: ReadonlySet<string>): Unit[][] {
  const chunks: Unit[][] = [];
  let chunk: Unit[] = [];
  for (const unit of units) {
    if (chunk.length && chunkSize([...chunk, unit], gone) > TRANSACTION_ITEMS) {
      chunks.push(chunk);
      chunk = [];
    }
    if (chunkSize([unit], gone) > TRANSACTION_ITEMS)
      throw new Error('An imported worker changes more crews than one transaction holds');
    chunk.push(unit);
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * 'changed' when a worker's version check failed; 'crewsChanged' when a crew's count was gone (the
 * crew deleted meanwhile); GuardRefusedError('unique') when an email guard failed.
 */
function whyCanceled(
  result: TxResult,
  chunk: readonly Unit[],
  gone: ReadonlySet<string>,
): 'changed' | 'crewsChanged' {
  const failed = failedItems(result);
  const meaning: (Failure | null)[] = chunk.flatMap((u) =>
    Array.from({ length: u.size }, (_, i) => u.failures[i] ?? null),
  );
  const counts = chunkCounts(chunk, gone);
  meaning.push(...counts.made.map(() => null), ...counts.moved.map(() => 'crewGone' as const));
  const reasons = new Set(failed.map((i) => meaning[i]));
  if (reasons.has('unique')) throw new GuardRefusedError('unique');
  if (reasons.has('crewGone')) return 'crewsChanged';
  if (failed.length) return 'changed';
  throw new Error('The import transaction was canceled');
}
