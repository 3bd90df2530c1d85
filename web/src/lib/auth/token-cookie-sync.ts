import type { RuntimeConfig } from '../../../../shared/runtime-config';

/**
 * Optional ID-token cookie sync (spec §7). When `/config.json` names a `tokenCookieSyncUrl`, the app
 * POSTs the ID token to it (`Authorization: Bearer <idToken>`) on sign-in and on every token refresh, so
 * a same-origin server can set an HTTP-only cookie from it, and sends DELETE on sign-out so the server
 * clears it. A token older than the configured age (from its `iat`) is not sent. Off when the URL is
 * absent. Best effort: a failed sync is logged and never blocks signing in or out.
 */

/** Used when the config names a URL but no `tokenCookieMaxAgeSeconds`. */
export const DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS = 300;

export interface TokenCookieSyncOptions {
  url: string;
  maxAgeSeconds?: number;
  /** The page's origin; the URL must resolve to it (the token never leaves the app's origin). */
  origin: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  onError?: (error: unknown) => void;
}

export type TokenSyncResult = 'posted' | 'deleted' | 'skippedTooOld' | 'skippedUnreadable' | 'failed';

export interface TokenCookieSync {
  /** After sign-in or a token refresh: POST the new ID token unless it is too old. */
  tokenChanged(idToken: string): Promise<TokenSyncResult>;
  /** After sign-out: DELETE, so the server clears the cookie. */
  signedOut(): Promise<TokenSyncResult>;
}

/** The token's `iat` (seconds since the epoch), read without verifying: the server verifies the token. */
export function tokenIssuedAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      iat?: unknown;
    };
    return typeof json.iat === 'number' && Number.isFinite(json.iat) ? json.iat : null;
  } catch {
    return null;
  }
}

/** True when the token was issued more than `maxAgeSeconds` before `nowMs`. */
export function isTokenTooOld(issuedAtSeconds: number, maxAgeSeconds: number, nowMs: number): boolean {
  return nowMs - issuedAtSeconds * 1000 > maxAgeSeconds * 1000;
}

/** The absolute sync URL when it is on `origin`, otherwise null (a token is never sent elsewhere). */
export function resolveSameOriginUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === new URL(origin).origin ? resolved.toString() : null;
  } catch {
    return null;
  }
}

export function createTokenCookieSync(options: TokenCookieSyncOptions): TokenCookieSync | null {
  const url = resolveSameOriginUrl(options.url, options.origin);
  if (!url) {
    options.onError?.(new Error(`tokenCookieSyncUrl must be on this origin: ${options.url}`));
    return null;
  }
  const maxAgeSeconds = options.maxAgeSeconds ?? DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;

  const send = async (init: RequestInit, ok: TokenSyncResult): Promise<TokenSyncResult> => {
    try {
      const response = await doFetch(url, { credentials: 'same-origin', ...init });
      if (!response.ok) throw new Error(`Token cookie sync: HTTP ${response.status}`);
      return ok;
    } catch (error) {
      options.onError?.(error);
      return 'failed';
    }
  };

  return {
    async tokenChanged(idToken) {
      const iat = tokenIssuedAt(idToken);
      if (iat === null) return 'skippedUnreadable';
      if (isTokenTooOld(iat, maxAgeSeconds, now())) return 'skippedTooOld';
      return send({ method: 'POST', headers: { authorization: `Bearer ${idToken}` } }, 'posted');
    },
    signedOut() {
      return send({ method: 'DELETE' }, 'deleted');
    },
  };
}

/** The sync the runtime config asks for, or null when it is off (no `tokenCookieSyncUrl`). */
export function tokenCookieSyncFromConfig(
  config: Pick<RuntimeConfig, 'tokenCookieSyncUrl' | 'tokenCookieMaxAgeSeconds'>,
  origin?: string,
): TokenCookieSync | null {
  if (!config.tokenCookieSyncUrl) return null;
  return createTokenCookieSync({
    url: config.tokenCookieSyncUrl,
    maxAgeSeconds: config.tokenCookieMaxAgeSeconds,
    // Read only when used: the build's prerender renders the app where there is no window.
    origin: origin ?? window.location.origin,
    onError: (error) => console.warn('ID-token cookie sync failed', error),
  });
}
