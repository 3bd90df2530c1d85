import { mapWithConcurrency } from '../../../shared/concurrency';
import { claimKeyOf, type ClaimRepo, type MessageClaim } from './dispatch.ports';

type ClaimMany = NonNullable<ClaimRepo['claimMany']>;

interface Waiting {
  claims: readonly MessageClaim[];
  resolve: (taken: Set<string>) => void;
  reject: (err: unknown) => void;
}

/**
 * One batch's claims, coalesced: the jobsites in flight each ask for their messages, and while one
 * write is on its way the others' asks wait and go together in the next (up to `max` claims, a
 * transaction's worth), so a batch makes a claim write per few jobsites, not one each. Every ask is
 * answered with the keys it took; a key two asks offer in one write is given to the first only, so
 * no message is sent twice from one batch either.
 */
export function coalescedClaims(claimMany: ClaimMany, at: Date, max = 100) {
  const waiting: Waiting[] = [];
  let writing = false;

  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const taking: Waiting[] = [];
      let size = 0;
      while (waiting.length > 0 && (taking.length === 0 || size + waiting[0]!.claims.length <= max)) {
        const next = waiting.shift()!;
        taking.push(next);
        size += next.claims.length;
      }
      try {
        const taken = await claimMany(
          taking.flatMap((w) => w.claims),
          at,
        );
        for (const w of taking) {
          const mine = new Set<string>();
          for (const key of w.claims.map(claimKeyOf)) if (taken.delete(key)) mine.add(key); // the first ask that offered a key gets it
          w.resolve(mine);
        }
      } catch (err) {
        for (const w of taking) w.reject(err);
      }
    }
    writing = false;
  };

  return (claims: readonly MessageClaim[]): Promise<Set<string>> =>
    new Promise((resolve, reject) => {
      waiting.push({ claims, resolve, reject });
      if (!writing) void drain();
    });
}

/**
 * How a batch claims a jobsite's messages: coalesced where the store claims many at once
 * (claimMany), else one conditional write each, `inFlight` at a time. Answers the keys taken.
 */
export function batchClaimsOf(
  claims: Pick<ClaimRepo, 'claim' | 'claimMany'>,
  at: Date,
  inFlight: number,
): (offered: readonly MessageClaim[]) => Promise<Set<string>> {
  const { claimMany } = claims;
  const coalesced = claimMany ? coalescedClaims((cs, when) => claimMany.call(claims, cs, when), at) : null;
  return async (offered) => {
    if (offered.length === 0) return new Set();
    if (coalesced) return coalesced(offered);
    const won = await mapWithConcurrency(offered, inFlight, (c) => claims.claim(c, at));
    return new Set(offered.filter((_, i) => won[i]).map(claimKeyOf));
  };
}
