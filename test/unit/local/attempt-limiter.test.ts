import { createAttemptLimiter } from '../../../local/attempt-limiter';

const MINUTE = 60_000;

function limiterWithClock(max = 5, windowMs = 15 * MINUTE) {
  let t = 1_000_000;
  const limiter = createAttemptLimiter({ max, windowMs, now: () => t });
  return { limiter, advance: (ms: number) => (t += ms) };
}

describe('the attempt limiter of the local Cognito proxy', () => {
  it('should refuse the sixth attempt in the window and say when to come back', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 5; i++) {
      expect(limiter.reserve('ann@example.com').ok).toBe(true);
      advance(MINUTE);
    }
    const refused = limiter.reserve('ann@example.com');
    // The first attempt leaves the 15-minute window 10 minutes from now.
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 10 * 60 });
  });

  it('should allow attempts again once the window has passed', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 5; i++) limiter.reserve('ann@example.com');
    expect(limiter.reserve('ann@example.com').ok).toBe(false);
    advance(15 * MINUTE);
    expect(limiter.reserve('ann@example.com').ok).toBe(true);
  });

  it('should not count released attempts (a right password)', () => {
    const { limiter } = limiterWithClock();
    for (let i = 0; i < 20; i++) {
      const verdict = limiter.reserve('ann@example.com');
      expect(verdict.ok).toBe(true);
      if (verdict.ok) verdict.release();
    }
  });

  it('should release an attempt once only', () => {
    const { limiter } = limiterWithClock(2);
    const first = limiter.reserve('k');
    limiter.reserve('k');
    if (first.ok) {
      first.release();
      first.release();
    }
    expect(limiter.reserve('k').ok).toBe(true);
    expect(limiter.reserve('k').ok).toBe(false);
  });

  it('should keep keys apart, and forget a key on reset (a new code was sent)', () => {
    const { limiter } = limiterWithClock(1);
    expect(limiter.reserve('a').ok).toBe(true);
    expect(limiter.reserve('b').ok).toBe(true);
    expect(limiter.reserve('a').ok).toBe(false);
    limiter.reset('a');
    expect(limiter.reserve('a').ok).toBe(true);
  });

  it('should drop keys whose attempts have all left the window when it holds too many', () => {
    let t = 0;
    const limiter = createAttemptLimiter({ max: 1, windowMs: MINUTE, now: () => t, maxKeys: 2 });
    limiter.reserve('a');
    limiter.reserve('b');
    t += MINUTE;
    limiter.reserve('c');
    // 'a' was dropped with its expired attempt; a live key would still be refused.
    expect(limiter.reserve('a').ok).toBe(true);
    expect(limiter.reserve('c').ok).toBe(false);
  });
});
