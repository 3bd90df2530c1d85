import type { Worker } from '../../../shared/records';
import type { RaincheckService } from './service';
import { nameIndexed, SEARCH_FIELDS } from '../../core/records/record-search';
import { opt } from './record-repo';
import { createdOrderKey } from './worker-orders';
import { claimUnique, releaseUnique, uniqueKey } from './record-guards';

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

/** The guard that keeps a worker's email unique in its account. */
export const emailGuard = (email: string) => uniqueKey('workerEmail', email.toLowerCase());

/**
 * The transaction items that write `w` itself, new or replacing the version read at `expected`: the
 * worker first, its email's guard second (a write tells a taken email by that position), the old
 * email's guard given up when `releaseEmail`, and a new worker's creation item (worker-orders.ts;
 * createdAt never changes after). Its crew memberships and the roster bump follow in the caller's
 * transaction.
 */
export function workerOwnItems(
  tx: Tx,
  tenantId: string,
  w: Worker,
  expected: string | null,
  releaseEmail: string | null,
) {
  return [
    expected === null
      ? tx.worker.create(workerItem(tenantId, w)).commit()
      : tx.worker
          .put(workerItem(tenantId, w))
          .where((a, op) => op.eq(a.updatedAt, expected))
          .commit(),
    claimUnique(tx.recordGuard, tenantId, emailGuard(w.email), w.id),
    ...(releaseEmail ? [releaseUnique(tx.recordGuard, tenantId, emailGuard(releaseEmail), w.id)] : []),
    ...(expected === null
      ? [tx.recordGuard.put({ tenantId, guard: createdOrderKey(w), ownerId: w.id }).commit()]
      : []),
  ];
}

/** How many items `workerOwnItems` gives. */
export const ownItemCount = (expected: string | null, releaseEmail: string | null) =>
  2 + (releaseEmail ? 1 : 0) + (expected === null ? 1 : 0);
