import { batchClaimsOf, coalescedClaims } from '../../../lambdas/core/dispatch/claim-coalescer';
import { claimKeyOf, type MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';

const AT = new Date('2026-12-01T12:00:00Z');
const msg = (jobsite: string, i: number) =>
  ({
    tenantId: 't1',
    jobsiteId: jobsite,
    workDate: '2026-12-02',
    messageKey: 'notice:full',
    recipient: `w${i}@example.com`,
  }) as MessageClaim;
const site = (jobsite: string, n: number) => Array.from({ length: n }, (_, i) => msg(jobsite, i));
const keys = (cs: readonly MessageClaim[]) => new Set(cs.map(claimKeyOf));

/** A store that holds claims in memory and records each write's size. */
function store(held: Set<string> = new Set()) {
  const writes: number[] = [];
  return {
    writes,
    held,
    claimMany: async (cs: readonly MessageClaim[]) => {
      writes.push(cs.length);
      await new Promise((r) => setTimeout(r, 1));
      const taken = new Set<string>();
      for (const k of cs.map(claimKeyOf))
        if (!held.has(k)) {
          held.add(k);
          taken.add(k);
        }
      return taken;
    },
  };
}

describe('coalescedClaims', () => {
  it('sends the asks made while a write is on its way together, each answered with its own keys', async () => {
    const s = store();
    const claim = coalescedClaims(s.claimMany, AT);
    const sites = ['a', 'b', 'c', 'd', 'e'].map((j) => site(j, 3));
    const answers = await Promise.all(sites.map((cs) => claim(cs)));
    expect(s.writes).toEqual([3, 12]);
    answers.forEach((taken, i) => expect(taken).toEqual(keys(sites[i]!)));
  });

  it('keeps each write within a transaction’s worth', async () => {
    const s = store();
    const claim = coalescedClaims(s.claimMany, AT, 10);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((j) => claim(site(j, 4))));
    expect(s.writes).toEqual([4, 8, 8]);
  });

  it('gives a key two asks offer in one write to the first only, and none that somebody holds', async () => {
    const held = new Set([claimKeyOf(msg('b', 1))]);
    const s = store(held);
    const claim = coalescedClaims(s.claimMany, AT);
    const first = claim(site('x', 1)); // goes alone; the next two wait and share a write
    const [, one, two] = await Promise.all([first, claim(site('b', 3)), claim(site('b', 3))]);
    expect(one).toEqual(keys([msg('b', 0), msg('b', 2)]));
    expect(two).toEqual(new Set());
  });

  it('rejects only the asks of a write that failed', async () => {
    let calls = 0;
    const claim = coalescedClaims(async (cs) => {
      calls += 1;
      if (calls === 2) throw new Error('throttled');
      return keys(cs);
    }, AT);
    const results = await Promise.allSettled([claim(site('a', 1)), claim(site('b', 1)), claim(site('c', 1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    await expect(claim(site('d', 2))).resolves.toEqual(keys(site('d', 2)));
  });
});

describe('batchClaimsOf', () => {
  it('claims one at a time where the store has no claimMany', async () => {
    const held = new Set([claimKeyOf(msg('a', 1))]);
    let calls = 0;
    const claim = batchClaimsOf(
      {
        claim: async (c) => {
          calls += 1;
          if (held.has(claimKeyOf(c))) return false;
          held.add(claimKeyOf(c));
          return true;
        },
      },
      AT,
      2,
    );
    expect(await claim(site('a', 3))).toEqual(keys([msg('a', 0), msg('a', 2)]));
    expect(calls).toBe(3);
    expect(await claim([])).toEqual(new Set());
  });
});
