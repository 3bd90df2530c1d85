import { mapWithConcurrency } from '../../../shared/concurrency';
import { isConditionFailure } from './conditions';
import type { RaincheckService } from './service';

/** What the backfill needs of a record entity: its whole collection with its keys, and a put. */
export interface BackfilledEntity<Item> {
  query: {
    byTenant(key: { tenantId: string }): {
      go(options: { pages: 'all'; data: 'includeKeys' }): Promise<{ data: Item[] }>;
    };
  };
  put(item: object): {
    where(condition: (attributes: { updatedAt: unknown }, op: EqOp) => string): { go(): Promise<unknown> };
  };
}
type EqOp = { eq(attribute: unknown, value: unknown): string };

/**
 * Writes a backfill keeps in flight: every item of an account written before this change lacks the
 * newest index's keys, and 20,000 of them one after another would outlast the request that runs it.
 */
export const BACKFILL_CONCURRENCY = 16;

/**
 * Runs a tenant's backfill once: a guard item `<guard>` in the tenant's partition records that it was
 * done (put only after `work` succeeds, so a failed backfill runs again on the next call), and each
 * container remembers the tenants it has seen. `work` must be safe to run twice at once.
 */
export function oncePerTenant(
  db: RaincheckService,
  guard: string,
  work: (tenantId: string) => Promise<void>,
): (tenantId: string) => Promise<void> {
  const done = new Set<string>();
  return async (tenantId) => {
    if (done.has(tenantId)) return;
    const marker = { tenantId, guard };
    if (!(await db.entities.recordGuard.get(marker).go()).data) {
      await work(tenantId);
      await db.entities.recordGuard.put({ ...marker, count: 1 }).go();
    }
    done.add(tenantId);
  };
}

/**
 * `make(db)` once per service: a backfill's once-per-tenant memory is shared by every repository
 * built on the same service (a jobsite write and a crew delete, say).
 */
export function perService<T extends object>(make: (db: RaincheckService) => T): (db: RaincheckService) => T {
  const made = new WeakMap<RaincheckService, T>();
  return (db) => {
    let value = made.get(db);
    if (!value) made.set(db, (value = make(db)));
    return value;
  };
}

/**
 * Records written before their ordered indexes (issue 26 item 9: the name index, then the stamp
 * indexes) lack some of those indexes' keys, so the indexes do not hold them. Before a tenant's first
 * indexed page of one kind (once per container), this makes sure they are indexed: a guard item
 * `indexKeys#<kind>` records that it was done; without it the collection is read once with its keys,
 * and each item not `isIndexed` is written again as it is (`rewrite` gives the item
 * with all its index attributes, and ElectroDB writes every index's keys), only while it is still the
 * version read: a newer write carries its own keys. Every write since the indexes carries the keys,
 * so once per tenant and kind is enough; two containers racing both write the same values.
 */
export function indexKeysBackfill<Item extends { updatedAt?: string }>(
  db: RaincheckService,
  kind: string,
  entity: BackfilledEntity<Item>,
  isIndexed: (item: Item) => boolean,
  rewrite: (item: Item) => object,
): (tenantId: string) => Promise<void> {
  return oncePerTenant(db, `indexKeys#${kind}`, async (tenantId) => {
    const { data: items } = await entity.query
      .byTenant({ tenantId })
      .go({ pages: 'all', data: 'includeKeys' });
    await mapWithConcurrency(
      items.filter((i) => !isIndexed(i)),
      BACKFILL_CONCURRENCY,
      async (item) => {
        try {
          await entity
            .put(rewrite(item))
            .where((a, op) => op.eq(a.updatedAt, item.updatedAt))
            .go();
        } catch (err) {
          // Changed since the read (it now carries its keys) or deleted: nothing to add.
          if (!isConditionFailure(err)) throw err;
        }
      },
    );
  });
}
