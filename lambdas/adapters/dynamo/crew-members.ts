import { mapWithConcurrency } from '../../../shared/concurrency';
import type { RaincheckService } from './service';
import { failedItems, writeGuarded } from './record-guards';
import { BACKFILL_CONCURRENCY, oncePerTenant, perService } from './index-keys-backfill';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];

/**
 * A crew's members (issue 26 item 9) without reading the account's workers: one membership item per
 * crew and worker in the tenant's partition (`crewMember#<crewId>#<workerId>`, naming the worker),
 * put and deleted in the worker's own transactions as its `crewIds` change. A crew's members are
 * one Query of its items, in worker id order. Their number is the crew's use count's `members`
 * (crew-memberships.ts), moved in the same transactions.
 */
const HEAD = 'crewMember#';
export const crewMemberKey = (crewId: string, workerId: string) => `${HEAD}${crewId}#${workerId}`;

/** The crews a worker's write joins and leaves (each once). */
export function crewChanges(previous: readonly string[], next: readonly string[]) {
  const before = new Set(previous);
  const after = new Set(next);
  return {
    joined: [...after].filter((c) => !before.has(c)),
    left: [...before].filter((c) => !after.has(c)),
  };
}
export type CrewChanges = ReturnType<typeof crewChanges>;

/** The membership items of a worker's crew changes (put for `joined`, deleted for `left`), no counts. */
export function membershipItems(tx: Tx, tenantId: string, workerId: string, crews: CrewChanges) {
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
 * Workers stored before membership items hold none: before a tenant's first read of members, or the
 * first count of a crew's members (once per container, a guard item `crewMembers#worker` records it),
 * each worker missing one of its crews' items takes them in a transaction that checks the worker is
 * still the version read. Counts of members are made only after it ran, so they count these too.
 */
export const crewMembersBackfill = perService(membersOnce);

function membersOnce(db: RaincheckService): (tenantId: string) => Promise<void> {
  const e = db.entities;
  return oncePerTenant(db, 'crewMembers#worker', async (tenantId) => {
    const [{ data: workers }, { data: items }] = await Promise.all([
      e.worker.query.byTenant({ tenantId }).go({ pages: 'all' }),
      e.recordGuard.query.byTenant({ tenantId }).begins({ guard: HEAD }).go({ pages: 'all' }),
    ]);
    const held = new Set(items.map((i) => i.guard));
    await mapWithConcurrency(workers, BACKFILL_CONCURRENCY, async (w) => {
      const joined = [...new Set(w.crewIds ?? [])].filter((c) => !held.has(crewMemberKey(c, w.workerId)));
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
}

/** The ids of a crew's members, in worker id order: one Query (all its pages). */
export async function membersOfCrew(db: RaincheckService, tenantId: string, crewId: string) {
  const { data } = await db.entities.recordGuard.query
    .byTenant({ tenantId })
    .begins({ guard: `${HEAD}${crewId}#` })
    .go({ pages: 'all', consistent: true });
  return data.map((i) => i.ownerId ?? '');
}

/** The members of the given crews: one Query per crew (in parallel), whatever the account's size. */
export function crewMembersReader(db: RaincheckService) {
  const backfill = crewMembersBackfill(db);
  return async (tenantId: string, crewIds: readonly string[]): Promise<Map<string, string[]>> => {
    await backfill(tenantId);
    const members = await Promise.all(
      crewIds.map(async (crewId) => [crewId, await membersOfCrew(db, tenantId, crewId)] as const),
    );
    return new Map(members);
  };
}
