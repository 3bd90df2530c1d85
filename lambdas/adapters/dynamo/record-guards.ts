import type { RaincheckService } from './service';
import { isConditionFailure } from './conditions';

/**
 * Limits and uniqueness rules as conditional writes in the record's own transaction (see
 * record-guard.entity.ts). Each builder returns one transaction item for `db.transaction.write`.
 *
 * Counters of records that existed before counters did are made lazily: `ensureCounter` counts the
 * records and puts the counter only if it is still absent. That is race-safe because every write
 * that changes the number of records (create and delete) has the counter's existence in its
 * condition: while the counter is absent nothing changes the count, so whichever first put wins
 * wrote a number that was true, and every later put fails and is ignored.
 */
type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];
type GuardTx = Tx['recordGuard'];

export type CountedKind = 'jobsite' | 'emailTemplate' | 'webhookEndpoint';

const counterKey = (tenantId: string, kind: CountedKind) => ({ tenantId, guard: `count#${kind}` });

/** +1 to the account's count of `kind`, only while it is below `max` (null: no limit, counter must exist). */
export function countUp(g: GuardTx, tenantId: string, kind: CountedKind, max: number | null) {
  return g
    .update(counterKey(tenantId, kind))
    .add({ count: 1 })
    .where((a, op) => (max === null ? op.exists(a.count) : op.lt(a.count, max)))
    .commit();
}

/** −1, for a delete (the counter exists: `ensureCounter` ran first). */
export function countDown(g: GuardTx, tenantId: string, kind: CountedKind) {
  return g
    .update(counterKey(tenantId, kind))
    .subtract({ count: 1 })
    .where((a, op) => op.exists(a.count))
    .commit();
}

/** Puts the counter from a fresh count when the account has none yet (see the note above). */
export async function ensureCounter(
  db: RaincheckService,
  tenantId: string,
  kind: CountedKind,
  countNow: () => Promise<number>,
): Promise<void> {
  const g = db.entities.recordGuard;
  const { data } = await g.get(counterKey(tenantId, kind)).go({ consistent: true });
  if (data?.count !== undefined) return;
  const count = await countNow();
  try {
    await g
      .put({ ...counterKey(tenantId, kind), count })
      .where((a, op) => op.notExists(a.count))
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The guard of a unique value, e.g. `uniqueKey('workerEmail', 'ann@example.com')`. */
export const uniqueKey = (rule: 'workerEmail' | 'templatePair', value: string) => `${rule}#${value}`;

/** Takes `guard` for `ownerId`: fails when another record holds it. */
export function claimUnique(g: GuardTx, tenantId: string, guard: string, ownerId: string) {
  return g
    .put({ tenantId, guard, ownerId })
    .where((a, op) => `${op.notExists(a.ownerId)} OR ${op.eq(a.ownerId, ownerId)}`)
    .commit();
}

/** Gives `guard` up; only its holder may (the condition keeps another holder's guard). */
export function releaseUnique(g: GuardTx, tenantId: string, guard: string, ownerId: string) {
  return g
    .delete({ tenantId, guard })
    .where((a, op) => op.eq(a.ownerId, ownerId))
    .commit();
}

/** Who holds `guard` now (null when nobody does). */
export async function uniqueHolder(
  db: RaincheckService,
  tenantId: string,
  guard: string,
): Promise<string | null> {
  const { data } = await db.entities.recordGuard.get({ tenantId, guard }).go({ consistent: true });
  return data?.ownerId ?? null;
}

/** The positions of the items whose condition failed in a canceled transaction. */
export function failedItems(result: { canceled: boolean; data: unknown }): number[] {
  if (!result.canceled) return [];
  return (result.data as { code?: string }[])
    .map((d, i) => (d?.code === 'ConditionalCheckFailed' ? i : -1))
    .filter((i) => i >= 0);
}

/**
 * After a delete's transaction: fine when it ran, or when its condition failed because the record
 * was already gone (a parallel delete); anything else (conflicts that outlasted the retries) throws.
 */
export function assertGoneOrDeleted(result: { canceled: boolean; data: unknown }): void {
  if (result.canceled && failedItems(result).length === 0) throw new Error('The delete was canceled');
}

type WriteFn = Parameters<RaincheckService['transaction']['write']>[0];
const CONFLICT_ATTEMPTS = 8;

/**
 * Runs a transaction, again after a short random wait when DynamoDB cancelled it only because
 * another transaction touched the same item at once (`TransactionConflict`, which parallel creates
 * sharing a counter cause): the SDK does not retry those. A failed condition is final and returned.
 */
export async function writeGuarded(
  db: RaincheckService,
  build: WriteFn,
): Promise<{ canceled: boolean; data: unknown }> {
  for (let attempt = 1; ; attempt++) {
    const result = (await db.transaction.write(build).go()) as { canceled: boolean; data: unknown };
    const codes = result.canceled ? (result.data as { code?: string }[]).map((d) => d?.code ?? 'None') : [];
    const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
    if (!conflictOnly || attempt >= CONFLICT_ATTEMPTS) return result;
    await new Promise((r) => setTimeout(r, Math.random() * 25 * attempt));
  }
}

/** A counted kind's counter, and how to count its records when the counter must be made (see the note above). */
export interface Counted {
  tenantId: string;
  kind: CountedKind;
  countNow: () => Promise<number>;
}

/**
 * A counted record's create: `writes` (the record's own items) and, last, +1 within `max`, in one
 * transaction, once the counter exists. Answers the transaction's result (the count's item is last).
 */
export async function createCounted(
  db: RaincheckService,
  counted: Counted,
  max: number | null,
  writes: (tx: Tx) => ReturnType<WriteFn>,
): Promise<{ canceled: boolean; data: unknown }> {
  const { tenantId, kind } = counted;
  await ensureCounter(db, tenantId, kind, counted.countNow);
  return writeGuarded(db, (tx) => [...writes(tx), countUp(tx.recordGuard, tenantId, kind, max)]);
}

/**
 * A counted record's delete: `writes` (first the record's delete, conditioned on its existence) and,
 * last, −1, in one transaction. A record already gone (a parallel delete took it) is left as it is.
 * Answers whether this call deleted it.
 */
export async function deleteCounted(
  db: RaincheckService,
  counted: Counted,
  writes: (tx: Tx) => ReturnType<WriteFn>,
): Promise<boolean> {
  const result = await deleteCountedResult(db, counted, writes);
  assertGoneOrDeleted(result);
  return !failedItems(result).includes(0);
}

/** `deleteCounted`'s transaction, answering its result (a caller with conditions of its own reads it). */
export async function deleteCountedResult(
  db: RaincheckService,
  counted: Counted,
  writes: (tx: Tx) => ReturnType<WriteFn>,
): Promise<{ canceled: boolean; data: unknown }> {
  const { tenantId, kind } = counted;
  await ensureCounter(db, tenantId, kind, counted.countNow);
  return writeGuarded(db, (tx) => [...writes(tx), countDown(tx.recordGuard, tenantId, kind)]);
}
