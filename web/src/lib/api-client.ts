import { getRuntimeConfig } from '../config/runtime-env';
import { MESSAGES } from '../../../shared/messages';
import { loadAuthClient } from './auth/load-auth-client';

/**
 * An API error with the server's `{ error, field?, message? }` body. Billing endpoints answer
 * `{ error, message }` where `message` says what to do; it is kept as `detail`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** False for the few public endpoints (guest checkout): no token is sent or required. */
  auth?: boolean;
  headers?: Record<string, string>;
}

/** The one API client: `${apiOrigin}/api/...` with the Cognito ID token as bearer. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { apiOrigin } = getRuntimeConfig();
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (request.auth !== false) {
    const token = await (await loadAuthClient()).idToken();
    if (!token) throw new ApiError(401, MESSAGES.notAuthenticated);
    headers.authorization = `Bearer ${token}`;
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { error, field, message } = (body ?? {}) as { error?: unknown; field?: unknown; message?: unknown };
    throw new ApiError(
      response.status,
      typeof error === 'string' && error ? error : MESSAGES.unknownError,
      typeof field === 'string' ? field : undefined,
      typeof message === 'string' && message ? message : undefined,
    );
  }
  return body as T;
}
