import { ValidationError } from '../../core/errors';
import { crewMemberKey, type CrewChanges } from './crew-members';
import { countBy, countedWrites, type CountedWrites, type CountRef, type TxItem } from './use-counts';

/**
 * A worker's crew memberships with their crews' counts (the crew's use count's `members`), so a crew
 * delete and a worker joining the crew cannot both pass: the join ADDs 1 on condition the count's
 * `members` exists (the count exists only while the crew does), the delete takes the count only at
 * 0 members. So the join either counts first (the delete is refused, 409 naming the worker) or finds
 * the count gone (the join is refused, 400 `crewIds`, as an unknown crew is).
 */
export const crewRefs = (crews: CrewChanges): CountRef[] =>
  [...crews.joined, ...crews.left].map((id) => ({ kind: 'crew', id }));

/** The field a refused join names, and its words (as the use-case's read check answers). */
export const unknownCrew = (crewId: string) => new ValidationError('crewIds', `Unknown crew: ${crewId}`);

/**
 * The items of a worker's crew changes: each membership item put (joined) or deleted (left), and
 * beside it the crew's `members` moved by one. `gone`: crews already deleted (a worker stored before
 * the counts may still name one): leaving them moves no count.
 */
export function membershipWrites(
  tenantId: string,
  workerId: string,
  crews: CrewChanges,
  gone: ReadonlySet<string> = new Set(),
): CountedWrites {
  const { add, writes } = countedWrites();
  for (const crewId of crews.joined) {
    add((tx) => countBy(tx, tenantId, { kind: 'crew', id: crewId }, 1, 'members'), unknownCrew(crewId), true);
    add(
      (tx) =>
        tx.recordGuard
          .put({ tenantId, guard: crewMemberKey(crewId, workerId), ownerId: workerId })
          .commit() as TxItem,
    );
  }
  for (const crewId of crews.left) {
    if (!gone.has(crewId))
      add((tx) => countBy(tx, tenantId, { kind: 'crew', id: crewId }, -1, 'members'), null, true);
    add(
      (tx) => tx.recordGuard.delete({ tenantId, guard: crewMemberKey(crewId, workerId) }).commit() as TxItem,
    );
  }
  return writes();
}

/** How many items `membershipWrites` gives at most (the transaction's size). */
export const membershipItemCount = (crews: CrewChanges) => 2 * (crews.joined.length + crews.left.length);

/**
 * The net change of each crew's `members` over several workers' changes (a transaction may move an
 * item once only, so an import moves each crew's count once per transaction), and whether any of
 * them joins it (a net 0 with a join still proves the crew exists).
 */
export function netMembers(changes: readonly CrewChanges[], gone: ReadonlySet<string> = new Set()) {
  const net = new Map<string, { by: number; joins: boolean }>();
  const move = (crewId: string, by: number) => {
    const was = net.get(crewId) ?? { by: 0, joins: false };
    net.set(crewId, { by: was.by + by, joins: was.joins || by > 0 });
  };
  for (const c of changes) {
    for (const crewId of c.joined) move(crewId, 1);
    for (const crewId of c.left) if (!gone.has(crewId)) move(crewId, -1);
  }
  return [...net].filter(([, n]) => n.by !== 0 || n.joins).map(([crewId, n]) => ({ crewId, ...n }));
}
