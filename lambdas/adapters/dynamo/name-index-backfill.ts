import { isConditionFailure } from './conditions';
import type { RaincheckService } from './service';

/** What the backfill needs of a record entity: its whole collection, and a patch by key. */
export interface BackfilledEntity<Item> {
  query: {
    byTenant(key: { tenantId: string }): { go(options: { pages: 'all' }): Promise<{ data: Item[] }> };
  };
  patch(key: Record<string, string>): {
    set(fields: { nameKey: string; searchText: string }): {
      where(condition: (attributes: { nameKey: unknown }, op: NotExistsOp) => string): {
        go(): Promise<unknown>;
      };
    };
  };
}
type NotExistsOp = { notExists(attribute: unknown): string };

/**
 * Records written before the name index (issue 26 item 9) carry no `nameKey`, so the index does not
 * hold them. Before a tenant's first name page of one kind (once per container), this makes sure
 * they are indexed: a guard item `nameIndex#<kind>` records that it was done; without it the
 * collection is read once, each item lacking the keys is given them (only while it still lacks them:
 * a newer write carries its own), and the guard is put. Every write since the index carries the
 * keys, so once per tenant and kind is enough; two containers racing both write the same values.
 */
export function nameIndexBackfill<Item extends { nameKey?: string }>(
  db: RaincheckService,
  kind: string,
  entity: BackfilledEntity<Item>,
  keyOf: (item: Item) => Record<string, string>,
  indexed: (item: Item) => { nameKey: string; searchText: string },
): (tenantId: string) => Promise<void> {
  const done = new Set<string>();
  return async (tenantId) => {
    if (done.has(tenantId)) return;
    const guard = { tenantId, guard: `nameIndex#${kind}` };
    const { data } = await db.entities.recordGuard.get(guard).go();
    if (!data) {
      const { data: items } = await entity.query.byTenant({ tenantId }).go({ pages: 'all' });
      for (const item of items.filter((i) => !i.nameKey)) {
        try {
          await entity
            .patch(keyOf(item))
            .set(indexed(item))
            .where((a, op) => op.notExists(a.nameKey))
            .go();
        } catch (err) {
          // Changed since the read (it now carries its keys) or deleted: nothing to add.
          if (!isConditionFailure(err)) throw err;
        }
      }
      await db.entities.recordGuard.put({ ...guard, count: 1 }).go();
    }
    done.add(tenantId);
  };
}
