import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { RuntimeConfig } from '../shared/runtime-config';
import { securityHeaders } from '../shared/security-headers';
import type { Hono as HonoApp } from 'hono';
import { CACHE_CONTROL } from '../shared/web-serving';
import { compressResponses } from '../lambdas/http/compress-responses';
import { hostGuard } from './host-guard';
import { holdIdleConnections } from './keep-alive';
import { serveSpa } from './static-files';

export interface LocalServerOptions {
  port: number;
  distDir: string;
  runtimeConfig: () => RuntimeConfig;
  /** Lambda apps mounted at the paths API Gateway routes to them. */
  apiApps: {
    prefix: string;
    app: HonoApp<never> | { fetch: (req: Request) => Response | Promise<Response> };
  }[];
  extraApps?: { fetch: (req: Request) => Response | Promise<Response>; paths: string[] }[];
  /** Per-client limits on public routes that cost money or mail (defaults: PUBLIC_ROUTE_LIMITS). */
  rateLimits?: RateLimitRule[];
  /** Host names served besides the loopback names (local/host-guard.ts); others get 421. */
  allowedHosts?: readonly string[];
}

export interface RateLimitRule {
  method: string;
  path: string;
  /** Requests a client may make at once. */
  burst: number;
  /** Requests a client regains per second. */
  refillPerSecond: number;
}

/**
 * The signed-out guest checkout creates a payment-provider session per call and needs no sign-in, so one
 * client may start at most 10 in a burst, then one every 6 seconds. In AWS the same route is throttled by
 * API Gateway (per route, for all clients together; per-client limits there need a WAF rate rule).
 */
export const GUEST_CHECKOUT_LIMIT: RateLimitRule = {
  method: 'POST',
  path: '/api/consolidated/stripe/create-guest-checkout',
  burst: 10,
  refillPerSecond: 1 / 6,
};

/**
 * After a guest checkout, the register page trades the session id for a paid-email token (a call to
 * the payment provider) and reads the token back: limited per client like the checkout itself, so
 * nobody can probe session ids or tokens at speed. API Gateway's stage throttling covers them in AWS.
 */
export const GUEST_EMAIL_LIMITS: RateLimitRule[] = [
  '/api/consolidated/stripe/guest-checkout-token',
  '/api/consolidated/stripe/guest-checkout-email',
].map((path) => ({ ...GUEST_CHECKOUT_LIMIT, path }));

/** Every public route the local server limits per client. */
export const PUBLIC_ROUTE_LIMITS: RateLimitRule[] = [GUEST_CHECKOUT_LIMIT, ...GUEST_EMAIL_LIMITS];

/** The one origin of the local stack: SPA, /config.json and /api/*, as CloudFront serves them in AWS. */
export function createLocalApp(opts: LocalServerOptions) {
  const app = new Hono();

  // Before anything else: a page on a rebinding DNS name must not reach the app, its API or /__cognito.
  app.use('*', hostGuard(opts.allowedHosts ?? []));

  // CloudFront's response-headers policy adds these to every response, /api/* included (override: true).
  app.use('*', async (c, next) => {
    await next();
    const headers = securityHeaders({ region: opts.runtimeConfig().region, https: false });
    const res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    c.res = undefined;
    c.res = res;
  });

  // CloudFront compresses the site's files; the API Lambdas compress their own answers (which pass
  // through here); the local origin compresses what else it serves (config.json, its own errors).
  app.use('*', compressResponses());

  for (const rule of opts.rateLimits ?? PUBLIC_ROUTE_LIMITS) {
    const limiter = createRateLimiter({ burst: rule.burst, refillPerSecond: rule.refillPerSecond });
    app.on(rule.method, rule.path, async (c, next) => {
      const verdict = limiter.take(clientAddress(c));
      if (verdict.ok) return next();
      return c.json(
        {
          error: 'Too many requests',
          message: `Too many attempts from this address. Try again in ${verdict.retryAfterSeconds} seconds.`,
        },
        429,
        { 'retry-after': String(verdict.retryAfterSeconds) },
      );
    });
  }

  for (const extra of opts.extraApps ?? []) {
    for (const p of extra.paths) app.all(p, (c) => extra.fetch(c.req.raw));
  }
  // Cached like every unhashed file of the site (shared/web-serving.ts); the SPA fetches it with no-store.
  app.get('/config.json', (c) =>
    c.json(opts.runtimeConfig(), 200, { 'cache-control': CACHE_CONTROL.document }),
  );
  for (const { prefix, app: api } of opts.apiApps) {
    app.all(`${prefix}/*`, (c) => api.fetch(c.req.raw));
    app.all(prefix, (c) => api.fetch(c.req.raw));
  }
  app.get('*', (c) =>
    serveSpa(opts.distDir, new URL(c.req.url).pathname, c.req.header('accept-encoding') ?? null),
  );
  app.notFound((c) => c.json({ error: 'Not found', message: 'Not found' }, 404));
  // Whatever a mounted app throws, the browser gets a short JSON error: no stack trace, no path.
  app.onError((err, c) => {
    console.error('[local-server]', err);
    return c.json({ error: 'Internal error', message: 'Something went wrong. Try again.' }, 500);
  });
  return app;
}

/** The peer address of the TCP connection (the local server is on loopback: no proxy header is trusted). */
function clientAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A token bucket per key: `burst` tokens, refilled continuously at `refillPerSecond`. */
export function createRateLimiter(opts: {
  burst: number;
  refillPerSecond: number;
  now?: () => number;
  /** Buckets kept before idle (full) ones are dropped. */
  maxKeys?: number;
}) {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (bucket: { tokens: number; at: number }, t: number) => {
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((t - bucket.at) / 1000) * opts.refillPerSecond);
    bucket.at = t;
  };
  return {
    take(key: string): RateVerdict {
      const t = now();
      if (buckets.size >= maxKeys) {
        for (const [k, b] of buckets) {
          refill(b, t);
          if (b.tokens >= opts.burst) buckets.delete(k);
        }
      }
      const bucket = buckets.get(key) ?? { tokens: opts.burst, at: t };
      refill(bucket, t);
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / opts.refillPerSecond)),
      };
    },
  };
}

export async function listen(
  app: { fetch: (req: Request) => Response | Promise<Response> },
  port: number,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server));
    holdIdleConnections(server);
    server.once('error', reject);
  });
}
