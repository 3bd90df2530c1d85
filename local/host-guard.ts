import type { MiddlewareHandler } from 'hono';

/**
 * DNS rebinding defence for every local server: a page on an attacker's domain that resolves to
 * 127.0.0.1 reaches our ports with its own name in `Host`. Only loopback names (and a host the person
 * configures in RAINCHECK_ALLOWED_HOSTS, comma-separated) are served; anything else gets 421, as a
 * server answers a request that was not meant for it. In AWS, CloudFront and API Gateway route by
 * their own domain names, so this guard exists only in the local stack.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `Host` header, lower-cased, without its port; null when it is not a host. */
export function hostName(hostHeader: string | undefined | null): string | null {
  if (!hostHeader) return null;
  const value = hostHeader.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value);
  return match ? match[1]! : null;
}

/** The extra names from RAINCHECK_ALLOWED_HOSTS (read by the caller: config stays in one place). */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function isAllowedHost(hostHeader: string | undefined | null, extra: readonly string[] = []): boolean {
  const name = hostName(hostHeader);
  return name !== null && (LOOPBACK_NAMES.has(name) || extra.includes(name));
}

/** Hono middleware: 421 Misdirected Request for any other Host. */
export function hostGuard(extra: readonly string[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), extra)) {
      return c.text('Misdirected request: this local server answers only localhost.', 421);
    }
    await next();
  };
}
