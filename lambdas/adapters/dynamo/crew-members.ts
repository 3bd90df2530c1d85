import { mapWithConcurrency } from '../../../shared/concurrency';
import type { RaincheckService } from './service';
import { failedItems, writeGuarded } from './record-guards';
import { BACKFILL_CONCURRENCY, oncePerTenant } from './index-keys-backfill';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];

/**
 * A crew's members (issue 26 item 9) without reading the account's workers: one membership item per
 * crew and worker in the tenant's partition (`crewMember#<crewId>#<workerId>`, naming the worker),
 * put and deleted in the worker's own transactions as its `crewIds` change. A crew's members are
 * one Query of its items, in worker id order.
 */
const HEAD = 'crewMember#';
export const crewMemberKey = (crewId: string, workerId: string) => `${HEAD}${crewId}#${workerId}`;

/** The crews a worker's write joins and leaves. */
export function crewChanges(previous: readonly string[], next: readonly string[]) {
  return {
    joined: next.filter((c) => !previous.includes(c)),
    left: previous.filter((c) => !next.includes(c)),
  };
}

/** The transaction items of a worker's crew changes (memberships put for `joined`, deleted for `left`). */
export function membershipItems(
  tx: Tx,
  tenantId: string,
  workerId: string,
  crews: { joined: readonly string[]; left: readonly string[] },
) {
  return [
    ...crews.joined.map((crewId) =>
      tx.recordGuard.put({ tenantId, guard: crewMemberKey(crewId, workerId), ownerId: workerId }).commit(),
    ),
    ...crews.left.map((crewId) =>
      tx.recordGuard.delete({ tenantId, guard: crewMemberKey(crewId, workerId) }).commit(),
    ),
  ];
}

/**
 * The members of the given crews: one Query per crew (in parallel), whatever the account's size.
 * Workers stored before membership items hold none: before a tenant's first read (once per
 * container, a guard item `crewMembers#worker` records it) each worker missing one of its crews'
 * items takes them in a transaction that checks the worker is still the version read.
 */
export function crewMembersReader(db: RaincheckService) {
  const e = db.entities;
  const backfill = oncePerTenant(db, 'crewMembers#worker', async (tenantId) => {
    const [{ data: workers }, { data: items }] = await Promise.all([
      e.worker.query.byTenant({ tenantId }).go({ pages: 'all' }),
      e.recordGuard.query.byTenant({ tenantId }).begins({ guard: HEAD }).go({ pages: 'all' }),
    ]);
    const held = new Set(items.map((i) => i.guard));
    await mapWithConcurrency(workers, BACKFILL_CONCURRENCY, async (w) => {
      const joined = (w.crewIds ?? []).filter((c) => !held.has(crewMemberKey(c, w.workerId)));
      if (joined.length === 0) return;
      const result = await writeGuarded(db, (tx) => [
        tx.worker
          .check({ tenantId, workerId: w.workerId })
          .where((a, op) => op.eq(a.updatedAt, w.updatedAt))
          .commit(),
        ...membershipItems(tx, tenantId, w.workerId, { joined, left: [] }),
      ]);
      // Changed since the read: its own write keeps its memberships from now on.
      if (result.canceled && failedItems(result).length === 0)
        throw new Error('The crew members backfill was canceled');
    });
  });
  return async (tenantId: string, crewIds: readonly string[]): Promise<Map<string, string[]>> => {
    await backfill(tenantId);
    const members = await Promise.all(
      crewIds.map(async (crewId) => {
        const { data } = await e.recordGuard.query
          .byTenant({ tenantId })
          .begins({ guard: `${HEAD}${crewId}#` })
          .go({ pages: 'all' });
        return [crewId, data.map((i) => i.ownerId ?? '')] as const;
      }),
    );
    return new Map(members);
  };
}
