import {
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  requestWithRetry,
  resolvePolicy,
} from '../../../lambdas/adapters/weather/http-retry';
import { recordingSleep } from './support';

/** A fetch that plays a script: a Response (or a thrown error) per call. */
function scripted(steps: Array<() => Response>) {
  const seen: Array<{ url: string; init?: RequestInit }> = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init });
    const step = steps[Math.min(seen.length, steps.length) - 1]!;
    return step();
  }) as typeof fetch;
  return { fetchFn, seen };
}

const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(code === 204 ? null : `body ${code}`, { status: code, headers });

const policy = resolvePolicy({ maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 300, maxRetryAfterMs: 5000 });

describe('requestWithRetry', () => {
  it('should return the body at once when the first answer is 200', async () => {
    const { fetchFn, seen } = scripted([status(200)]);
    const out = await requestWithRetry({ url: 'http://x/' }, policy, { fetch: fetchFn });
    expect(out).toEqual({ ok: true, status: 200, body: 'body 200', attempts: 1 });
    expect(seen[0]!.init!.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([400, 401, 403, 404, 422])(
    'should fail fast without retrying when the answer is %s',
    async (code) => {
      const { fetchFn, seen } = scripted([status(code)]);
      const { sleep, delays } = recordingSleep();
      const out = await requestWithRetry({ url: 'http://x/' }, policy, { fetch: fetchFn, sleep });
      expect(out).toMatchObject({
        ok: false,
        status: code,
        error: `HTTP ${code}`,
        attempts: 1,
        retryable: false,
      });
      expect(seen).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it.each([500, 502, 503, 504, 408, 429])('should retry when the answer is %s', async (code) => {
    const { fetchFn, seen } = scripted([status(code), status(200)]);
    const { sleep } = recordingSleep();
    const out = await requestWithRetry({ url: 'http://x/' }, policy, {
      fetch: fetchFn,
      sleep,
      random: () => 0,
    });
    expect(out).toMatchObject({ ok: true, attempts: 2 });
    expect(seen).toHaveLength(2);
  });

  it('should back off exponentially with full jitter under the cap when no Retry-After is given', async () => {
    const { fetchFn } = scripted([status(503)]);
    const { sleep, delays } = recordingSleep();
    const out = await requestWithRetry({ url: 'http://x/' }, policy, {
      fetch: fetchFn,
      sleep,
      random: () => 0.999,
    });
    // Ceilings 100, 200, 400→300 (cap); random just under 1 takes almost all of each.
    expect(delays).toEqual([99, 199, 299]);
    expect(out).toMatchObject({
      ok: false,
      status: 503,
      error: 'HTTP 503 after 4 attempts',
      retryable: true,
    });
  });

  it('should honour Retry-After given as an HTTP date', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const { fetchFn } = scripted([
      status(503, { 'retry-after': 'Mon, 23 Nov 2026 12:00:03 GMT' }),
      status(200),
    ]);
    const { sleep, delays } = recordingSleep();
    await requestWithRetry({ url: 'http://x/' }, policy, { fetch: fetchFn, sleep, now: () => now });
    expect(delays).toEqual([3000]);
  });

  it('should retry a network error and describe it when it persists', async () => {
    const refused = () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const { fetchFn, seen } = scripted([refused]);
    const { sleep } = recordingSleep();
    const out = await requestWithRetry({ url: 'http://x/' }, resolvePolicy({ maxAttempts: 2 }), {
      fetch: fetchFn,
      sleep,
    });
    expect(out).toEqual({
      ok: false,
      status: undefined,
      body: undefined,
      error: 'network error (ECONNREFUSED) after 2 attempts',
      attempts: 2,
      retryable: true,
    });
    expect(seen).toHaveLength(2);
  });

  it('should call onAttempt before every attempt so callers can count upstream calls', async () => {
    const { fetchFn } = scripted([status(502), status(502), status(200)]);
    const attempts: number[] = [];
    await requestWithRetry(
      { url: 'http://x/' },
      policy,
      { fetch: fetchFn, sleep: recordingSleep().sleep },
      { onAttempt: (n) => attempts.push(n) },
    );
    expect(attempts).toEqual([1, 2, 3]);
  });
});

describe('retry policy and Retry-After parsing', () => {
  it('should fill unset fields from the defaults when a partial policy is given', () => {
    expect(resolvePolicy({ maxAttempts: 5, timeoutMs: undefined })).toEqual({
      ...DEFAULT_RETRY_POLICY,
      maxAttempts: 5,
    });
  });

  it('should refuse zero attempts when the policy is configured wrong', () => {
    expect(() => resolvePolicy({ maxAttempts: 0 })).toThrow(RangeError);
  });

  it('should read seconds and dates and ignore nonsense when parsing Retry-After', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
