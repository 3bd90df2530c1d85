import type { Worker } from '../../../shared/records';
import type { SortedPageQuery } from '../../core/records/records.ports';
import { SEARCH_BOUND, SEARCH_FIELDS } from '../../core/records/record-search';
import type { RaincheckService } from './service';
import { claimUnique, failedItems, uniqueKey, writeGuarded } from './record-guards';
import type { Db } from './record-repo';
import type { EntityItem } from 'electrodb';

type WorkerItem = EntityItem<Db['worker']>;

/** The sort key's head every worker email guard shares (`uniqueKey('workerEmail', ...)`). */
const EMAIL_GUARDS = uniqueKey('workerEmail', '');
/** Above any character of an email, to close the guards' key range. */
const RANGE_END = '\uffff';
/** Guards a search reads per call (then their workers by key, in one BatchGetItem). */
export const EMAIL_SEARCH_GUARDS = 100;

/** Whether a worker matches a search as the in-memory list does (any searchable field contains it). */
const matches = (w: Worker, needle: string) =>
  SEARCH_FIELDS.worker(w).some((value) => value?.toLowerCase().includes(needle));

/**
 * Workers in email order (issue 26 item 9) without an index of their own: every worker holds its
 * email's guard item (record-guards.ts, written in the worker's own transaction), and those items sit
 * in the tenant's partition sorted by the (lower-cased, unique) email. A page is one Query of the
 * guards after the cursor's email, then the workers they name by key (BatchGetItem). A search reads
 * at most SEARCH_BOUND.calls rounds of EMAIL_SEARCH_GUARDS guards and their workers, and answers a
 * short page with a cursor where it stopped when that runs out first. A guard whose worker is gone
 * or now has another email (a release that lost a race) is passed over.
 */
export function workerEmailOrder(db: RaincheckService, fromItem: (item: WorkerItem) => Worker) {
  const e = db.entities;

  /** Guards after `after` (exclusive) in the page's direction: their emails and holders, and whether more follow. */
  const guardsAfter = async (tenantId: string, after: string | null, want: number, descending: boolean) => {
    const from = EMAIL_GUARDS + (descending ? '' : (after ?? ''));
    const to = descending && after !== null ? EMAIL_GUARDS + after : EMAIL_GUARDS + RANGE_END;
    const skip = after === null ? 0 : 1;
    const { data, cursor } = await e.recordGuard.query
      .byTenant({ tenantId })
      .between({ guard: from }, { guard: to })
      .go({ limit: want + skip, order: descending ? 'desc' : 'asc', pages: 1 });
    const guards = data
      .map((g) => ({ email: g.guard.slice(EMAIL_GUARDS.length), ownerId: g.ownerId ?? '' }))
      .filter((g) => g.email !== after);
    return { guards: guards.slice(0, want), more: cursor !== null || guards.length > want };
  };

  const workersById = async (tenantId: string, ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, Worker>();
    const { data, unprocessed } = await e.worker.get(ids.map((workerId) => ({ tenantId, workerId }))).go();
    if (unprocessed.length) throw new Error('DynamoDB left keys of a batched read unprocessed');
    return new Map(data.map((item) => [item.workerId, fromItem(item)]));
  };

  return async (
    tenantId: string,
    page: SortedPageQuery,
  ): Promise<{ items: Worker[]; next: string | null }> => {
    const found: Worker[] = [];
    let after = page.after;
    const rounds = page.needle ? SEARCH_BOUND.calls : Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round++) {
      const want = page.needle ? EMAIL_SEARCH_GUARDS : page.limit + 1 - found.length;
      const { guards, more } = await guardsAfter(tenantId, after, want, page.descending);
      const workers = await workersById(
        tenantId,
        guards.map((g) => g.ownerId),
      );
      for (const guard of guards) {
        const worker = workers.get(guard.ownerId);
        if (worker?.email !== guard.email || (page.needle && !matches(worker, page.needle))) continue;
        found.push(worker);
        if (found.length > page.limit) {
          const items = found.slice(0, page.limit);
          return { items, next: items.at(-1)!.email };
        }
      }
      after = guards.at(-1)?.email ?? after;
      if (!more) return { items: found, next: null };
    }
    // The search's bound ran out first: a short page, resumed where the reading stopped.
    return { items: found, next: after };
  };
}

/**
 * Workers stored before email guards existed hold none, so the email order would miss them. Before
 * a tenant's first email page (once per container, a guard item `emailGuards#worker` records it),
 * each worker without its guard takes it in a transaction that also checks the worker is still the
 * version read (so a guard is never taken for a worker deleted or changed meanwhile); a guard held by
 * another worker (two old workers with one email) is left to its holder.
 */
export function emailGuardsBackfill(db: RaincheckService) {
  const done = new Set<string>();
  return async (tenantId: string): Promise<void> => {
    if (done.has(tenantId)) return;
    const marker = { tenantId, guard: 'emailGuards#worker' };
    if (!(await db.entities.recordGuard.get(marker).go()).data) {
      const [{ data: workers }, { data: guards }] = await Promise.all([
        db.entities.worker.query.byTenant({ tenantId }).go({ pages: 'all' }),
        db.entities.recordGuard.query
          .byTenant({ tenantId })
          .begins({ guard: EMAIL_GUARDS })
          .go({ pages: 'all' }),
      ]);
      const held = new Set(guards.map((g) => `${g.guard}|${g.ownerId}`));
      for (const w of workers) {
        const guard = uniqueKey('workerEmail', w.email.toLowerCase());
        if (held.has(`${guard}|${w.workerId}`)) continue;
        const result = await writeGuarded(db, (tx) => [
          tx.worker
            .check({ tenantId, workerId: w.workerId })
            .where((a, op) => op.eq(a.updatedAt, w.updatedAt))
            .commit(),
          claimUnique(tx.recordGuard, tenantId, guard, w.workerId),
        ]);
        // Changed since the read (its write took its guard) or the email is another's: nothing to take.
        if (result.canceled && failedItems(result).length === 0)
          throw new Error('The guard backfill was canceled');
      }
      await db.entities.recordGuard.put({ ...marker, count: 1 }).go();
    }
    done.add(tenantId);
  };
}
