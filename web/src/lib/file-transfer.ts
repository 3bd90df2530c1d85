import {
  FILE_RETRY_LIMITS_MS,
  FILE_STORAGE_MESSAGES,
  backoffMs,
  isRetryableStatus,
  retryAfterMs,
  type FileStorageErrorCode,
} from '../../../shared/file-storage';
import type { PresignedUpload } from '../../../shared/brand';

/**
 * The browser's upload and download client for file storage (spec §8–9, issue 24 item 5). Uploads
 * post a presigned form straight to storage with progress; every transfer retries on 5xx, 408 and
 * 429 only (Retry-After honoured, else back-off) for up to 600 s (uploads) or 120 s (other
 * operations), can be canceled, and fails with the spec's messages.
 */
export class FileStorageError extends Error {
  constructor(
    readonly code: FileStorageErrorCode,
    message: string,
    /** The last answer's status and body, when there was one (for the unknown error's details). */
    readonly status: number | null = null,
    readonly serverResponse: string | null = null,
  ) {
    super(message);
    this.name = 'FileStorageError';
  }
}

export interface TransferResponse {
  status: number;
  header(name: string): string | null;
  body: string;
}

export interface TransferRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: FormData;
  onProgress?: (loaded: number, total: number) => void;
}

/** Sends one request; rejects with an AbortError when `signal` aborts, with TypeError on a network failure. */
export type Transport = (request: TransferRequest, signal: AbortSignal) => Promise<TransferResponse>;

export interface TransferClock {
  now(): number;
  /** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface TransferOptions {
  signal?: AbortSignal;
  clock?: TransferClock;
  transport?: Transport;
  random?: () => number;
}

const canceled = () => new FileStorageError('canceled', FILE_STORAGE_MESSAGES.canceled);
const isAbort = (err: unknown) => (err as { name?: string })?.name === 'AbortError';

export const realClock: TransferClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
    }),
};

/** XMLHttpRequest, not fetch: only it reports upload progress. */
export const xhrTransport: Transport = (request, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) report(e.loaded, e.total);
      };
    }
    xhr.onload = () =>
      resolve({ status: xhr.status, header: (n) => xhr.getResponseHeader(n), body: xhr.responseText ?? '' });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return xhr.abort();
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body ?? null);
  });

/** Runs `request` until it succeeds, fails for good, is canceled or runs out of `limitMs`. */
async function withRetries(
  request: TransferRequest,
  limitMs: number,
  opts: TransferOptions,
): Promise<TransferResponse> {
  const clock = opts.clock ?? realClock;
  const transport = opts.transport ?? xhrTransport;
  const random = opts.random ?? Math.random;
  const signal = opts.signal ?? new AbortController().signal;
  const started = clock.now();
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw canceled();
    let res: TransferResponse;
    try {
      res = await transport(request, signal);
    } catch (err) {
      if (isAbort(err) || signal.aborted) throw canceled();
      throw new FileStorageError('unknown', FILE_STORAGE_MESSAGES.unknown);
    }
    if (res.status >= 200 && res.status < 300) return res;
    if (!isRetryableStatus(res.status))
      throw new FileStorageError('unknown', FILE_STORAGE_MESSAGES.unknown, res.status, res.body);
    const now = clock.now();
    const wait = retryAfterMs(res.header('retry-after'), now) ?? backoffMs(attempt, random());
    if (now + wait - started > limitMs)
      throw new FileStorageError(
        'retry-limit-exceeded',
        FILE_STORAGE_MESSAGES.retryLimitExceeded,
        res.status,
        res.body,
      );
    try {
      await clock.sleep(wait, signal);
    } catch {
      throw canceled();
    }
  }
}

/** A presigned POST whose key names no file (empty, or a folder) is an operation on the bucket root. */
function assertNotRoot(key: string | undefined, operation: string): void {
  if (!key || key.endsWith('/'))
    throw new FileStorageError(
      'invalid-root-operation',
      FILE_STORAGE_MESSAGES.invalidRootOperation(operation),
    );
}

/** Uploads `file` through a presigned POST (fields first, the file last, as S3 requires). */
export async function uploadFile(
  upload: PresignedUpload,
  file: Blob,
  opts: TransferOptions & { onProgress?: (fraction: number) => void } = {},
): Promise<void> {
  assertNotRoot(upload.fields.key ?? upload.key, 'upload');
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const onProgress = opts.onProgress;
  await withRetries(
    {
      method: 'POST',
      url: upload.url,
      body: form,
      ...(onProgress ? { onProgress: (loaded, total) => onProgress(total ? loaded / total : 0) } : {}),
    },
    FILE_RETRY_LIMITS_MS.upload,
    opts,
  );
  opts.onProgress?.(1);
}

/** Downloads the text of a stored file (an operation: 120 s of retries). */
export async function downloadText(url: string, opts: TransferOptions = {}): Promise<string> {
  const { pathname } = new URL(url, 'http://localhost');
  assertNotRoot(pathname.replace(/^\/+/, ''), 'download');
  return (await withRetries({ method: 'GET', url }, FILE_RETRY_LIMITS_MS.operation, opts)).body;
}
