/**
 * One HTTP exchange with a weather service: a timeout on every attempt and a small, explicit retry
 * policy. Never throws; the outcome says what happened so adapters can report it per location.
 *
 * Retried: 5xx, 408 and 429 (the service's trouble or its rate limit), and transport failures
 * (timeout, connection refused or reset), which are the same trouble seen from our side. Anything
 * else (400, 401, 403, 404, …) is an answer: retrying it would only repeat it, so it fails fast.
 * Waits: `Retry-After` (seconds or an HTTP date) is honoured exactly; a service asking for longer
 * than `maxRetryAfterMs` is not retried at all (we will not wait that long, nor retry early).
 * Otherwise capped exponential backoff with full jitter: random(0, min(maxDelayMs, base·2^(n-1))).
 */

export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retry). */
  maxAttempts: number;
  /** Per attempt, covering connection, headers and body. */
  timeoutMs: number;
  baseDelayMs: number;
  /** Cap of the exponential backoff. */
  maxDelayMs: number;
  /** The longest Retry-After we wait; a longer one ends the retries. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  timeoutMs: 10_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/** Injected for tests; production uses the globals. */
export interface HttpDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): the jitter. */
  random?: () => number;
  /** Epoch ms, to read Retry-After dates. */
  now?: () => number;
}

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export type HttpOutcome =
  | { ok: true; status: number; body: string; attempts: number }
  | {
      ok: false;
      /** The last HTTP status, absent for a transport failure. */
      status?: number;
      body?: string;
      /** Readable: "HTTP 503 after 3 attempts", "timed out after 10000 ms after 3 attempts". */
      error: string;
      attempts: number;
      /** True when the last failure was of a retryable kind (the service may recover). */
      retryable: boolean;
    };

export interface RetryHooks {
  /** Called before every attempt is sent (1-based); adapters count upstream calls here. */
  onAttempt?: (attempt: number) => void;
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function resolvePolicy(partial?: Partial<RetryPolicy>): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...stripUndefined(partial ?? {}) };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a whole number ≥ 1 (got ${policy.maxAttempts})`);
  }
  if (!(policy.timeoutMs > 0)) throw new RangeError(`timeoutMs must be > 0 (got ${policy.timeoutMs})`);
  return policy;
}

export async function requestWithRetry(
  req: HttpRequest,
  policy: RetryPolicy,
  deps: HttpDeps = {},
  hooks: RetryHooks = {},
): Promise<HttpOutcome> {
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? defaultSleep;
  const random = deps.random ?? Math.random;
  const now = deps.now ?? Date.now;

  for (let attempt = 1; ; attempt++) {
    hooks.onAttempt?.(attempt);
    let status: number | undefined;
    let body: string | undefined;
    let retryAfterMs: number | null = null;
    let failure: string;
    try {
      const res = await doFetch(req.url, {
        method: req.method ?? 'GET',
        headers: req.headers,
        body: req.body,
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      status = res.status;
      body = await res.text();
      if (res.ok) return { ok: true, status, body, attempts: attempt };
      failure = `HTTP ${status}`;
      retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), now());
      if (!isRetryableStatus(status)) {
        return {
          ok: false,
          status,
          body,
          error: withAttempts(failure, attempt),
          attempts: attempt,
          retryable: false,
        };
      }
    } catch (err) {
      failure = describeTransportError(err, policy.timeoutMs);
      status = undefined;
    }

    const retryable = true;
    if (attempt >= policy.maxAttempts) {
      return { ok: false, status, body, error: withAttempts(failure, attempt), attempts: attempt, retryable };
    }
    let delay: number;
    if (retryAfterMs !== null) {
      if (retryAfterMs > policy.maxRetryAfterMs) {
        const error = `${failure}; asked to retry after ${Math.ceil(retryAfterMs / 1000)} s, longer than the ${Math.round(policy.maxRetryAfterMs / 1000)} s we wait`;
        return { ok: false, status, body, error: withAttempts(error, attempt), attempts: attempt, retryable };
      }
      delay = retryAfterMs;
    } else {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      delay = Math.floor(random() * ceiling);
    }
    await sleep(delay);
  }
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

function withAttempts(failure: string, attempts: number): string {
  return attempts === 1 ? failure : `${failure} after ${attempts} attempts`;
}

function describeTransportError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const code = e?.cause?.code;
  if (code) return `network error (${code})`;
  return `network error (${e?.cause?.message ?? e?.message ?? String(err)})`;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
