/**
 * Counts attempts per key in a sliding window: at most `max` in any `windowMs`. An attempt is reserved
 * before the work it guards starts (so parallel requests cannot all slip past a check made before any
 * of them is counted) and released when it turned out not to count (a right password, a right code).
 * Used by the local Cognito proxy for wrong passwords, reset and resend requests, and wrong codes.
 */
export type AttemptVerdict = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };

export interface AttemptLimiter {
  /** Counts one attempt for `key`, or refuses when `max` are already counted in the window. */
  reserve(key: string): AttemptVerdict;
  /** Forgets every attempt of `key` (a new code was sent). */
  reset(key: string): void;
}

export function createAttemptLimiter(opts: {
  max: number;
  windowMs: number;
  now?: () => number;
  /** Keys kept before those with no attempt left in the window are dropped. */
  maxKeys?: number;
}): AttemptLimiter {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 10_000;
  const attempts = new Map<string, number[]>();
  const live = (key: string, t: number): number[] => {
    const times = (attempts.get(key) ?? []).filter((at) => t - at < opts.windowMs);
    if (times.length > 0) attempts.set(key, times);
    else attempts.delete(key);
    return times;
  };
  const forgetIdle = (t: number) => {
    if (attempts.size < maxKeys) return;
    for (const key of [...attempts.keys()]) live(key, t);
  };
  return {
    reserve(key) {
      const t = now();
      forgetIdle(t);
      const times = live(key, t);
      if (times.length >= opts.max) {
        const retryAfterMs = times[0]! + opts.windowMs - t;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      const stamp = t;
      times.push(stamp);
      attempts.set(key, times);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          const current = attempts.get(key);
          const i = current?.indexOf(stamp) ?? -1;
          if (current && i >= 0) current.splice(i, 1);
          if (current?.length === 0) attempts.delete(key);
        },
      };
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
