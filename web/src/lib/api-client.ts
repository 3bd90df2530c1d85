import { getRuntimeConfig } from '../config/runtime-env';
import { MESSAGES } from '../../../shared/messages';
import { loadAuthClient } from './auth/load-auth-client';
import { supportTokenFor } from './support-session';

/**
 * An API error with the server's `{ error, field?, fields?, message? }` body. Billing endpoints answer
 * `{ error, message }` where `message` says what to do; it is kept as `detail`. Record endpoints answer
 * a 400 with `fields` (every field's reason, keyed by its path, e.g. `workingHours.end`); the whole
 * parsed body is kept as `body` for answers with more shape (the workers import's `rows`).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly detail?: string,
    readonly fields?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is with this content type instead of a JSON body (the workers CSV import). */
  text?: { content: string; contentType: string };
  /** `text` for answers that are not JSON (the workers CSV export). */
  /** `blob`: a document (the reports' PDF and zip). */
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
  /** False for the few public endpoints (guest checkout): no token is sent or required. */
  auth?: boolean;
  headers?: Record<string, string>;
  /**
   * Sent as `Idempotency-Key` on creates and imports: one key per submit, made when the user submits,
   * so a repeated request (double click, retry after a lost answer) is answered once by the server.
   */
  idempotencyKey?: string;
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, reason] of Object.entries(value)) if (typeof reason === 'string') out[key] = reason;
  return out;
}

/** The one API client: `${apiOrigin}/api/...` with the Cognito ID token as bearer. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { apiOrigin } = getRuntimeConfig();
  const responseType = request.responseType ?? 'json';
  const headers: Record<string, string> = {
    ...request.headers,
    accept:
      responseType === 'text'
        ? 'text/csv, text/plain, application/json'
        : responseType === 'blob'
          ? 'application/pdf, application/zip, application/json'
          : 'application/json',
  };
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  if (request.auth !== false) {
    const token = supportTokenFor(path) ?? (await (await loadAuthClient()).idToken());
    if (!token) throw new ApiError(401, MESSAGES.notAuthenticated);
    headers.authorization = `Bearer ${token}`;
  }
  let payload: string | undefined;
  if (request.text) {
    headers['content-type'] = request.text.contentType;
    payload = request.text.content;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body);
  }

  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: payload,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  if (response.ok && responseType === 'text') return (await response.text()) as T;
  if (response.ok && responseType === 'blob') return (await response.blob()) as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { error, field, message, fields } = (body ?? {}) as {
      error?: unknown;
      field?: unknown;
      message?: unknown;
      fields?: unknown;
    };
    throw new ApiError(
      response.status,
      typeof error === 'string' && error ? error : MESSAGES.unknownError,
      typeof field === 'string' ? field : undefined,
      typeof message === 'string' && message ? message : undefined,
      stringMap(fields),
      body ?? undefined,
    );
  }
  return body as T;
}
