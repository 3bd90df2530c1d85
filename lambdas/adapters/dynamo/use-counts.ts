import type { ReferencedKind } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { failedItems, writeGuarded } from './record-guards';
import { isConditionFailure } from './conditions';
import { crewMembersBackfill, membersOfCrew } from './crew-members';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];
export type TxItem = ReturnType<Tx['recordGuard']['put']>['commit'] extends () => infer I ? I : never;
type TxResult = { canceled: boolean; data: unknown };

/**
 * A client's or crew's use count, `useCount#<kind>#<id>` (ADR 0017): `count`, the jobsites naming
 * it, and for a crew `members`, the workers in it. It exists only while its record does (put in the
 * record's create, made for older records by `ensureUseCounts` in a transaction that checks the
 * record, deleted with the record), so a write that moves it on condition the attribute exists
 * also proves the record is there; the record's delete takes it only at 0 (both numbers), so a write
 * racing the delete either counts first (the delete is refused) or finds the count gone (the write is
 * refused, 400 naming its field).
 */
export type CountedKind = Exclude<ReferencedKind, 'worker'>;
export type CountedAttribute = 'count' | 'members';
export type CountRef = { kind: CountedKind; id: string };
export const usesHead = (kind: ReferencedKind, id: string) => `uses#${kind}#${id}#`;
const useCountKey = (kind: CountedKind, id: string) => `useCount#${kind}#${id}`;

/** ±`by` to a record's use count, on condition the counted attribute exists. */
export function countBy(
  tx: Tx,
  tenantId: string,
  ref: CountRef,
  by: number,
  attribute: CountedAttribute = 'count',
): TxItem {
  const key = { tenantId, guard: useCountKey(ref.kind, ref.id) };
  if (by === 0)
    return tx.recordGuard
      .check(key)
      .where((a, op) => op.exists(a[attribute]))
      .commit() as TxItem;
  const item = tx.recordGuard.update(key);
  const moved = by > 0 ? item.add({ [attribute]: by }) : item.subtract({ [attribute]: -by });
  return moved.where((a, op) => op.exists(a[attribute])).commit() as TxItem;
}

/** A new crew's use count, put in the transaction that creates the crew (`members` who join at once). */
export const newCrewCount = (tx: Tx, tenantId: string, crewId: string, members: number) =>
  tx.recordGuard.put({ tenantId, guard: useCountKey('crew', crewId), count: 0, members }).commit();

/** The record's count item deleted, without a condition (an import undoing the crews it made). */
export const dropCount = (tx: Tx, tenantId: string, ref: CountRef) =>
  tx.recordGuard.delete({ tenantId, guard: useCountKey(ref.kind, ref.id) }).commit();

/** What a failed condition of a transaction item means: a 400 to answer, and whether it moves a count. */
export interface ItemMeaning {
  refusal: Error | null;
  counted: boolean;
}
/** A write's counted items, built in a transaction, each with its meaning. */
export interface CountedWrites {
  build: (tx: Tx) => TxItem[];
  meaning: ItemMeaning[];
}

/** Collects a write's items and their meanings, in order. */
export function countedWrites() {
  const builds: ((tx: Tx) => TxItem)[] = [];
  const meaning: ItemMeaning[] = [];
  return {
    add(build: (tx: Tx) => TxItem, refusal: Error | null = null, counted = false) {
      builds.push(build);
      meaning.push({ refusal, counted });
    },
    writes: (): CountedWrites => ({ build: (tx) => builds.map((b) => b(tx)), meaning }),
  };
}

/**
 * Runs a transaction (`write`, given the counted items to place from position `at`) with its counts
 * made: first as it is (every count exists once the record was used before), and when a count's
 * condition failed, again once `ensureUseCounts` made the counts of `refs` (or found records gone:
 * `writes` then leaves their counts out). A failed item's refusal is thrown; otherwise the result.
 */
export async function withCountsMade(
  db: RaincheckService,
  tenantId: string,
  plan: { writes: (gone: ReadonlySet<string>) => CountedWrites; at: number; refs: readonly CountRef[] },
  write: (items: (tx: Tx) => TxItem[]) => Promise<TxResult>,
): Promise<TxResult> {
  let gone = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const counted = plan.writes(gone);
    const result = await write(counted.build);
    const failed = failedItems(result)
      .map((i) => i - plan.at)
      .filter((i) => i >= 0 && i < counted.meaning.length);
    if (attempt > 1 || !failed.some((i) => counted.meaning[i]!.counted)) {
      const refusal = failed.map((i) => counted.meaning[i]!.refusal).find(Boolean);
      if (refusal) throw refusal;
      return result;
    }
    gone = await ensureUseCounts(db, tenantId, plan.refs);
  }
}

/** A client's or crew's item checked (or deleted) in a transaction, on condition it exists. */
function whileRecordExists(tx: Tx, tenantId: string, ref: CountRef, action: 'check' | 'delete') {
  if (ref.kind === 'client') {
    const key = { tenantId, clientId: ref.id };
    const item = action === 'check' ? tx.client.check(key) : tx.client.delete(key);
    return item.where((a, op) => op.exists(a.clientId)).commit();
  }
  const key = { tenantId, crewId: ref.id };
  const item = action === 'check' ? tx.crew.check(key) : tx.crew.delete(key);
  return item.where((a, op) => op.exists(a.crewId)).commit();
}

/**
 * Makes the use counts of `refs` that do not exist yet (records from before counts, or never used),
 * and a crew's `members` where its count lacks them (counts from before members were counted): the
 * back-references (or membership items) counted — none moves while the number is absent, since each
 * write that moves one needs it — put only while the record exists and the number is still absent
 * (a parallel ensure put the same number). One BatchGetItem when every count exists. Answers the
 * ids whose record is gone.
 */
export async function ensureUseCounts(
  db: RaincheckService,
  tenantId: string,
  refs: readonly CountRef[],
): Promise<Set<string>> {
  const gone = new Set<string>();
  if (refs.length === 0) return gone;
  const g = db.entities.recordGuard;
  const { data } = await g
    .get(refs.map((r) => ({ tenantId, guard: useCountKey(r.kind, r.id) })))
    .go({ consistent: true });
  const stored = new Map(data.filter((d) => d.count !== undefined).map((d) => [d.guard, d]));
  const complete = (r: CountRef) => {
    const item = stored.get(useCountKey(r.kind, r.id));
    return item !== undefined && (r.kind === 'client' || item.members !== undefined);
  };
  const missing = refs.filter((r) => !complete(r));
  // Members are counted from their items, so the items of workers from before them come first.
  if (missing.some((r) => r.kind === 'crew')) await crewMembersBackfill(db)(tenantId);
  await Promise.all(
    missing.map(async (ref) => {
      const key = useCountKey(ref.kind, ref.id);
      const members = ref.kind === 'crew' ? (await membersOfCrew(db, tenantId, ref.id)).length : undefined;
      if (stored.has(key)) {
        // Counted for jobsites already (the count proves the crew): its members added once.
        try {
          await g
            .patch({ tenantId, guard: key })
            .set({ members })
            .where((a, op) => `${op.exists(a.count)} AND ${op.notExists(a.members)}`)
            .go();
        } catch (err) {
          // Added meanwhile by a parallel ensure (the same number), or the crew deleted since.
          if (!isConditionFailure(err)) throw err;
          if (!(await g.get({ tenantId, guard: key }).go({ consistent: true })).data) gone.add(ref.id);
        }
        return;
      }
      const { data: uses } = await g.query
        .byTenant({ tenantId })
        .begins({ guard: usesHead(ref.kind, ref.id) })
        .go({ pages: 'all', consistent: true, attributes: ['guard'] });
      const result = await writeGuarded(db, (tx) => [
        whileRecordExists(tx, tenantId, ref, 'check'),
        tx.recordGuard
          .put({ tenantId, guard: key, count: uses.length, members })
          .where((a, op) => op.notExists(a.count))
          .commit(),
      ]);
      if (failedItems(result).includes(0)) gone.add(ref.id);
      else if (result.canceled && failedItems(result).length === 0)
        throw new Error('The use count could not be made');
    }),
  );
  return gone;
}

/**
 * A new client or crew and its use count (0; a crew's members 0) in one transaction, so a jobsite
 * naming it or a worker joining it finds the count there.
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
    kind === 'crew'
      ? newCrewCount(tx, tenantId, id, 0)
      : tx.recordGuard.put({ tenantId, guard: useCountKey(kind, id), count: 0 }).commit(),
  ]);
  if (!result.canceled) return;
  const codes = (result.data as { code?: string }[]).map((d) => d?.code ?? '').join(',');
  throw Object.assign(new Error(`The ${kind} create was canceled: ${codes}`), {
    name: failedItems(result).length ? 'ConditionalCheckFailedException' : 'TransactionCanceled',
  });
}

/**
 * A client's or crew's delete, refused while a jobsite uses it or a worker is in it: the record and
 * its count (only at 0, a crew's members too) leave in one transaction. 'gone' when the record was
 * not there (a parallel delete).
 */
export async function removeUnused(
  db: RaincheckService,
  tenantId: string,
  kind: CountedKind,
  id: string,
): Promise<'removed' | 'used' | 'gone'> {
  const ref = { kind, id };
  if ((await ensureUseCounts(db, tenantId, [ref])).has(id)) return 'gone';
  const result = await writeGuarded(db, (tx) => [
    whileRecordExists(tx, tenantId, ref, 'delete'),
    tx.recordGuard
      .delete({ tenantId, guard: useCountKey(kind, id) })
      .where((a, op) =>
        kind === 'crew' ? `${op.eq(a.count, 0)} AND ${op.eq(a.members, 0)}` : op.eq(a.count, 0),
      )
      .commit(),
  ]);
  const failed = failedItems(result);
  if (failed.includes(0)) return 'gone';
  if (failed.includes(1)) return 'used';
  if (result.canceled) throw new Error(`The ${kind} delete was canceled`);
  return 'removed';
}

/** A client's or crew's count of jobsites read by key (0 when it has none yet). */
export async function jobsiteCount(db: RaincheckService, tenantId: string, ref: CountRef) {
  const { data } = await db.entities.recordGuard
    .get({ tenantId, guard: useCountKey(ref.kind, ref.id) })
    .go({ consistent: true });
  return data?.count ?? 0;
}
