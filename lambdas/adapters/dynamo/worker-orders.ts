import type { Worker } from '../../../shared/records';
import type { SortedPageQuery } from '../../core/records/records.ports';
import { SEARCH_BOUND, SEARCH_FIELDS } from '../../core/records/record-search';
import type { RaincheckService } from './service';
import { claimUnique, failedItems, uniqueKey, writeGuarded } from './record-guards';
import type { Db } from './record-repo';
import type { EntityItem } from 'electrodb';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { BACKFILL_CONCURRENCY, oncePerTenant } from './index-keys-backfill';

type WorkerItem = EntityItem<Db['worker']>;

/**
 * The orders of a tenant's workers kept by items of their own in the tenant's partition, each written
 * in the worker's own transactions and naming it (`ownerId`): the email guard (`workerEmail#<email>`,
 * record-guards.ts) and the creation item (`workerCreated#<createdAt>#<id>`, written with the worker
 * and deleted with it; createdAt never changes). The sort key after the head is the order's value.
 */
export const WORKER_ORDER_ITEMS = {
  email: { head: uniqueKey('workerEmail', ''), valueOf: (w: { email: string }) => w.email.toLowerCase() },
  createdAt: {
    head: 'workerCreated#',
    valueOf: (w: { createdAt: string; id: string }) => `${w.createdAt}#${w.id}`,
  },
} as const;
export type WorkerOrderField = keyof typeof WORKER_ORDER_ITEMS;

/** The creation item of a worker (see WORKER_ORDER_ITEMS). */
export const createdOrderKey = (w: { createdAt: string; id: string }) =>
  WORKER_ORDER_ITEMS.createdAt.head + WORKER_ORDER_ITEMS.createdAt.valueOf(w);

/** Above any character of an email or a stamp, to close an order's key range. */
const RANGE_END = '\uffff';
/** Guards a search reads per call (then their workers by key, in one BatchGetItem). */
export const EMAIL_SEARCH_GUARDS = 100;

/** Whether a worker matches a search as the in-memory list does (any searchable field contains it). */
const matches = (w: Worker, needle: string) =>
  SEARCH_FIELDS.worker(w).some((value) => value?.toLowerCase().includes(needle));

/**
 * Workers in email or creation order (issue 26 item 9) without an index of their own, through their
 * order items (WORKER_ORDER_ITEMS), which sit in the tenant's partition sorted by the order's value.
 * A page is one Query of the items after the cursor's value, then the workers they name by key
 * (BatchGetItem). A search reads at most SEARCH_BOUND.calls rounds of EMAIL_SEARCH_GUARDS items and
 * their workers, and answers a short page with a cursor where it stopped when that runs out first.
 * An item whose worker is gone or no longer has its value (a release that lost a race) is passed over.
 */
export function workerItemOrder(db: RaincheckService, fromItem: (item: WorkerItem) => Worker) {
  const e = db.entities;

  /** Guards after `after` (exclusive) in the page's direction: their emails and holders, and whether more follow. */
  const guardsAfter = async (
    tenantId: string,
    head: string,
    after: string | null,
    want: number,
    descending: boolean,
  ) => {
    const from = head + (descending ? '' : (after ?? ''));
    const to = descending && after !== null ? head + after : head + RANGE_END;
    const skip = after === null ? 0 : 1;
    const { data, cursor } = await e.recordGuard.query
      .byTenant({ tenantId })
      .between({ guard: from }, { guard: to })
      .go({ limit: want + skip, order: descending ? 'desc' : 'asc', pages: 1 });
    const guards = data
      .map((g) => ({ value: g.guard.slice(head.length), ownerId: g.ownerId ?? '' }))
      .filter((g) => g.value !== after);
    return { guards: guards.slice(0, want), more: cursor !== null || guards.length > want };
  };

  const workersById = workersByIdReader(db, fromItem);

  return async (
    tenantId: string,
    page: SortedPageQuery & { field: WorkerOrderField },
  ): Promise<{ items: Worker[]; next: string | null }> => {
    const { head, valueOf } = WORKER_ORDER_ITEMS[page.field];
    const found: Worker[] = [];
    let after = page.after;
    const rounds = page.needle ? SEARCH_BOUND.calls : Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round++) {
      const want = page.needle ? EMAIL_SEARCH_GUARDS : page.limit + 1 - found.length;
      const { guards, more } = await guardsAfter(tenantId, head, after, want, page.descending);
      const workers = await workersById(
        tenantId,
        guards.map((g) => g.ownerId),
      );
      for (const guard of guards) {
        const worker = workers.get(guard.ownerId);
        if (!worker || valueOf(worker) !== guard.value || (page.needle && !matches(worker, page.needle)))
          continue;
        found.push(worker);
        if (found.length > page.limit) {
          const items = found.slice(0, page.limit);
          return { items, next: valueOf(items.at(-1)!) };
        }
      }
      after = guards.at(-1)?.value ?? after;
      if (!more) return { items: found, next: null };
    }
    // The search's bound ran out first: a short page, resumed where the reading stopped.
    return { items: found, next: after };
  };
}

/** The workers of these ids the tenant has, by key (BatchGetItem, 100 keys a call). */
export function workersByIdReader(db: RaincheckService, fromItem: (item: WorkerItem) => Worker) {
  return async (tenantId: string, ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, Worker>();
    const keys = [...new Set(ids)].map((workerId) => ({ tenantId, workerId }));
    const { data, unprocessed } = await db.entities.worker.get(keys).go();
    if (unprocessed.length) throw new Error('DynamoDB left keys of a batched read unprocessed');
    return new Map(data.map((item) => [item.workerId, fromItem(item)]));
  };
}

/**
 * The tenant's workers holding these emails, by their email guards (WORKER_ORDER_ITEMS.email): the
 * guards by key, then their workers by key, so a workers import costs calls in proportion to its
 * file, not to the account. Keys are lowercased emails; an email nobody holds is absent, and so is a
 * guard whose worker is gone or has another email now (a release that lost a race).
 */
export function workersWithEmailsReader(db: RaincheckService, fromItem: (item: WorkerItem) => Worker) {
  const workersById = workersByIdReader(db, fromItem);
  return async (tenantId: string, emails: readonly string[]): Promise<Map<string, Worker>> => {
    const wanted = [...new Set(emails.map((email) => WORKER_ORDER_ITEMS.email.valueOf({ email })))];
    if (wanted.length === 0) return new Map();
    const { data: guards, unprocessed } = await db.entities.recordGuard
      .get(wanted.map((email) => ({ tenantId, guard: uniqueKey('workerEmail', email) })))
      .go({ attributes: ['guard', 'ownerId'] });
    if (unprocessed.length) throw new Error('DynamoDB left keys of a batched read unprocessed');
    const head = uniqueKey('workerEmail', '');
    const holders = guards.flatMap((g) =>
      g.ownerId ? [[g.guard.slice(head.length), g.ownerId] as const] : [],
    );
    const workers = await workersById(
      tenantId,
      holders.map(([, ownerId]) => ownerId),
    );
    const found = new Map<string, Worker>();
    for (const [email, ownerId] of holders) {
      const worker = workers.get(ownerId);
      if (worker && WORKER_ORDER_ITEMS.email.valueOf(worker) === email) found.set(email, worker);
    }
    return found;
  };
}

/**
 * Workers stored before email guards hold none, and workers stored before creation items have none,
 * so those orders would miss them. Before a tenant's first page in either (once per container, a
 * guard item `orderItems#worker` records it), each worker lacking one takes it in a transaction that
 * also checks the worker is still the version read (so an item is never written for a worker deleted
 * or changed meanwhile); a guard held by another worker (two old workers with one email) is left to
 * its holder.
 */
export function workerOrderItemsBackfill(db: RaincheckService) {
  return oncePerTenant(db, 'orderItems#worker', async (tenantId) => {
    const heads = Object.values(WORKER_ORDER_ITEMS).map((o) => o.head);
    const [{ data: workers }, ...held] = await Promise.all([
      db.entities.worker.query.byTenant({ tenantId }).go({ pages: 'all' }),
      ...heads.map((head) =>
        db.entities.recordGuard.query.byTenant({ tenantId }).begins({ guard: head }).go({ pages: 'all' }),
      ),
    ]);
    const holding = new Set(held.flatMap(({ data }) => data.map((g) => `${g.guard}|${g.ownerId}`)));
    await mapWithConcurrency(workers, BACKFILL_CONCURRENCY, async (item) => {
      const w = { ...item, id: item.workerId };
      const email = uniqueKey('workerEmail', WORKER_ORDER_ITEMS.email.valueOf(w));
      const created = createdOrderKey(w);
      for (const key of [email, created].filter((k) => !holding.has(`${k}|${w.id}`))) {
        const result = await writeGuarded(db, (tx) => [
          tx.worker
            .check({ tenantId, workerId: w.id })
            .where((a, op) => op.eq(a.updatedAt, w.updatedAt))
            .commit(),
          key === created
            ? tx.recordGuard.put({ tenantId, guard: key, ownerId: w.id }).commit()
            : claimUnique(tx.recordGuard, tenantId, key, w.id),
        ]);
        // Changed since the read (its write took its items) or the email is another's: nothing to take.
        if (result.canceled && failedItems(result).length === 0)
          throw new Error('The order items backfill was canceled');
      }
    });
  });
}
