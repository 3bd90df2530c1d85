import { MESSAGES } from './messages';

/**
 * The spec's file storage rules (§8, §9) in one place: how long the browser's transfers retry, on
 * which answers, and what they say when they give up. The client is web/src/lib/file-transfer.ts.
 */
export const FILE_RETRY_LIMITS_MS = {
  /** Any operation but an upload (a download, a metadata read): 120 seconds. */
  operation: 120_000,
  /** An upload: 600 seconds. */
  upload: 600_000,
} as const;

export const FILE_STORAGE_MESSAGES = {
  canceled: 'User canceled the upload/download.',
  retryLimitExceeded: 'Max retry time for operation exceeded, please try again.',
  unknown: MESSAGES.unknownError,
  invalidRootOperation: (operation: string) =>
    `The operation '${operation}' cannot be performed on the root of the storage bucket; name a file in it.`,
} as const;

export type FileStorageErrorCode = 'canceled' | 'retry-limit-exceeded' | 'unknown' | 'invalid-root-operation';

/** Only these answers are worth another try: server errors, a request timeout and throttling. */
export function isRetryableStatus(status: number): boolean {
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

/** `Retry-After` as milliseconds from `now` (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 64 s, plus up to 1 s of jitter so clients spread out. */
export function backoffMs(attempt: number, random: number): number {
  return Math.min(1000 * 2 ** attempt, 64_000) + Math.floor(random * 1000);
}
