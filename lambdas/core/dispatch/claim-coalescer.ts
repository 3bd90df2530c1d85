import { mapWithConcurrency } from '../../../shared/concurrency';
import { claimKeyOf, type ClaimRepo, type MessageClaim } from './dispatch.ports';

type ClaimMany = NonNullable<ClaimRepo['claimMany']>;

interface Waiting<T, A> {
  items: readonly T[];
  resolve: (answer: A) => void;
  reject: (err: unknown) => void;
}

/**
 * Asks coalesced into few calls: while one call is on its way, the asks that come meanwhile wait
 * and go together in the next (up to `max` items, one call's worth, and never an ask split in two),
 * so the jobsites in flight make a call per few of them, not one each. Each ask is answered from
 * the call's result by `answerOf` (in the order the asks came); a call that fails rejects every ask
 * it carried.
 */
export function coalesced<T, R, A>(
  callMany: (items: T[]) => Promise<R>,
  answerOf: (result: R, asked: readonly T[]) => A,
  max: number,
) {
  const waiting: Waiting<T, A>[] = [];
  let writing = false;

  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const taking: Waiting<T, A>[] = [];
      let size = 0;
      while (waiting.length > 0 && (taking.length === 0 || size + waiting[0]!.items.length <= max)) {
        const next = waiting.shift()!;
        taking.push(next);
        size += next.items.length;
      }
      try {
        const result = await callMany(taking.flatMap((w) => w.items));
        for (const w of taking) w.resolve(answerOf(result, w.items));
      } catch (err) {
        for (const w of taking) w.reject(err);
      }
    }
    writing = false;
  };

  return (items: readonly T[]): Promise<A> =>
    new Promise((resolve, reject) => {
      waiting.push({ items, resolve, reject });
      if (!writing) void drain();
    });
}

/**
 * One batch's claims, coalesced (a transaction's worth, 100, a write): every ask is answered with
 * the keys it took; a key two asks offer in one write is given to the first only, so no message is
 * sent twice from one batch either.
 */
export function coalescedClaims(claimMany: ClaimMany, at: Date, max = 100) {
  return coalesced(
    (claims: MessageClaim[]) => claimMany(claims, at),
    (taken, asked) => {
      const mine = new Set<string>();
      for (const key of asked.map(claimKeyOf)) if (taken.delete(key)) mine.add(key); // the first ask that offered a key gets it
      return mine;
    },
    max,
  );
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
