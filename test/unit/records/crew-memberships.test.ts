import { crewChanges } from '../../../lambdas/adapters/dynamo/crew-members';
import { membershipWrites, netMembers } from '../../../lambdas/adapters/dynamo/crew-memberships';
import { ValidationError } from '../../../lambdas/core/errors';
import { crewChangesTooMany, MAX_CREW_CHANGES_PER_SAVE } from '../../../shared/records';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("a worker's crew changes", () => {
  it('should name each crew joined and left once, whatever the lists repeat', () => {
    expect(crewChanges(['a', 'b', 'b'], ['b', 'c', 'c', 'd'])).toEqual({ joined: ['c', 'd'], left: ['a'] });
    expect(crewChanges([], [])).toEqual({ joined: [], left: [] });
  });

  it("should put each join's count before its membership item, refusing on crewIds, and count no leave of a deleted crew", () => {
    const writes = membershipWrites('t1', 'w1', { joined: ['c1'], left: ['c2', 'gone'] }, new Set(['gone']));
    expect(writes.meaning.map((m) => m.counted)).toEqual([true, false, true, false, false]);
    const refusal = writes.meaning[0]!.refusal;
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal).toMatchObject({ field: 'crewIds', message: 'Unknown crew: c1' });
    // A leave cannot be refused: the crew's count may only be missing when it is gone.
    expect(writes.meaning.slice(1).every((m) => m.refusal === null)).toBe(true);
  });
});

describe("an import's counts per transaction", () => {
  it('should move each crew once by the net of its workers, keeping a net 0 with a join as a check', () => {
    const net = netMembers(
      [
        { joined: ['a', 'b'], left: [] },
        { joined: ['a'], left: ['b'] },
        { joined: ['c'], left: ['d'] },
        { joined: [], left: ['c'] },
        { joined: [], left: ['gone'] },
      ],
      new Set(['gone']),
    );
    expect(net).toEqual([
      { crewId: 'a', by: 2, joins: true },
      { crewId: 'b', by: 0, joins: true },
      { crewId: 'c', by: 0, joins: true },
      { crewId: 'd', by: -1, joins: false },
    ]);
  });

  it('should keep a crew joined and left to a net 0 (the join must still find the crew) and name no other', () => {
    expect(netMembers([{ joined: [], left: [] }])).toEqual([]);
    expect(
      netMembers([
        { joined: ['x'], left: [] },
        { joined: [], left: ['x'] },
      ]),
    ).toEqual([{ crewId: 'x', by: 0, joins: true }]);
  });
});

describe('the crews one save may change', () => {
  it(`should allow ${MAX_CREW_CHANGES_PER_SAVE} crews joined and left together and refuse one more`, () => {
    const half = Math.floor(MAX_CREW_CHANGES_PER_SAVE / 2);
    const rest = MAX_CREW_CHANGES_PER_SAVE - half;
    expect(crewChangesTooMany(ids('old', half), ids('new', rest))).toBeNull();
    expect(crewChangesTooMany(ids('old', half), ids('new', rest + 1))).toBe(
      `A save can join and leave at most ${MAX_CREW_CHANGES_PER_SAVE} crews together; save the change in two steps`,
    );
    // Crews kept are not changes.
    expect(crewChangesTooMany([...ids('keep', 40), ...ids('old', 45)], ids('keep', 40))).toBeNull();
  });
});
