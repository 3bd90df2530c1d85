import { createHash } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Router } from 'hono/router';
import type { H, RouterRoute } from 'hono/types';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { ConflictError, ForbiddenError, NotAuthenticatedError, ValidationError } from '../core/errors';
import { parseWith } from '../core/validate';
import { tenantOf, type Caller } from '../core/caller';
import { IDEMPOTENCY_MESSAGES, type IdempotencyStore } from '../core/records/idempotency.ports';
import { hasPermission } from '../core/admin/admin-identity';
import { roleRefusal } from '../core/team/role-rules';
import { ADMIN_MESSAGES, type AdminPermission } from '../../shared/admin';
import { MESSAGES } from '../../shared/messages';
import { apiEnvelope, toProblem, type ErrorEnvelope } from './errors';
import { compressLambdaResponses } from './compress-responses';

/**
 * The small HTTP kit every Hono app of Raincheck is built with: one error mapper, one way to
 * authenticate, bodies read and validated with the route's zod schema before the handler runs.
 */
export type AppEnv = { Variables: { caller: Caller } };

/** How the caller is known: API Gateway's verified JWT claims in AWS, a verified bearer token locally. */
export type Authenticate = (c: Context) => Promise<Caller | null>;

/** JSON bodies above this are refused with 413 before anything reads them. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

export interface HttpAppOptions {
  envelope?: ErrorEnvelope;
  /** The body of the 404 for an unknown path. */
  notFoundBody?: Record<string, unknown>;
  /** Hono's router: its default (RegExpRouter, built on the first request) unless given. */
  router?: Router<[H, RouterRoute]>;
  /** False for an app mounted inside another, which compresses for both. Default true. */
  compress?: boolean;
}

export function createHttpApp(opts: HttpAppOptions = {}): Hono<AppEnv> {
  const envelope = opts.envelope ?? apiEnvelope;
  const app = new Hono<AppEnv>(opts.router ? { router: opts.router } : {});
  if (opts.compress !== false) app.use('*', compressLambdaResponses());
  app.notFound((c) => c.json(opts.notFoundBody ?? { error: 'Not found' }, 404));
  app.onError((err, c) => {
    const problem = toProblem(err);
    if (problem.retryAfterSeconds !== undefined) c.header('retry-after', String(problem.retryAfterSeconds));
    return c.json(envelope(problem), problem.status);
  });
  return app;
}

/**
 * Refuses (401) a request without a verified caller, then (403) one their role in the account may not
 * make (lambdas/core/team/role-rules.ts, from `caller.role` only); the caller is then `c.get('caller')`.
 */
export function requireCaller(authenticate: Authenticate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await authenticate(c);
    if (!caller) throw new NotAuthenticatedError(MESSAGES.notAuthenticated);
    const refusal = roleRefusal(caller.role, c.req.method, c.req.path);
    if (refusal) throw new ForbiddenError(refusal);
    c.set('caller', caller);
    await next();
  };
}

/** The Cognito group whose members are admins (DESIGN §7), read from the verified token only. */
export const ADMINS_GROUP = 'admins';

/**
 * Every admin route's second factor: an admin passes only with an authenticator app (TOTP) set up, as
 * the live status lookup reports it (lambdas/core/auth/user-status.ts). A caller that did not pass
 * through that lookup has no `totpEnabled` and is refused: the check fails closed.
 */
function requireAdminTotp(caller: Caller): void {
  if (caller.totpEnabled !== true) throw new ForbiddenError(ADMIN_MESSAGES.totpRequired);
}

/** Refuses (403) a caller outside the `admins` group or without TOTP; mount after `requireCaller`. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = callerOf(c);
    if (!caller.groups.includes(ADMINS_GROUP)) throw new ForbiddenError(MESSAGES.permissionDenied);
    requireAdminTotp(caller);
    await next();
  };
}

/**
 * Refuses (403) a caller whose admin role (from the token's groups, shared/admin.ts) lacks
 * `permission`; mount after `requireCaller`. Each admin route names the one permission it needs.
 */
export function requirePermission(permission: AdminPermission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = callerOf(c);
    if (!hasPermission(caller, permission)) throw new ForbiddenError(MESSAGES.permissionDenied);
    requireAdminTotp(caller);
    await next();
  };
}

/** The verified caller set by `requireCaller`; a route mounted without it fails closed. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw new NotAuthenticatedError(MESSAGES.notAuthenticated);
  return caller;
}

/** Caps the body size (413 above `maxBytes`), whatever the route does with it. */
export function limitBody(maxBytes = JSON_BODY_LIMIT_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: 'Request body is too large', field: 'body' }, 413),
  });
}

/**
 * Middleware: reads the JSON body (whatever the content type says, as the SPA and Stripe's SDK
 * both send JSON), validates it with `schema` and hands the typed result to the handler as
 * `c.req.valid('json')`. Malformed JSON and invalid fields are 400s before the handler runs.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
  maxBytes = JSON_BODY_LIMIT_BYTES,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  const limit = limitBody(maxBytes);
  return async (c, next) =>
    limit(c, async () => {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw new ValidationError('body', 'Request body must be JSON');
      }
      c.req.addValidatedData('json', parseWith(schema, raw) as object);
      await next();
    });
}

/** Middleware: validates the query string with `schema` (`c.req.valid('query')`). */
export function queryParams<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { query: z.input<S> }; out: { query: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData('query', parseWith(schema, c.req.query()) as object);
    await next();
  };
}

/** `Idempotency-Key`: 8 to 128 of [A-Za-z0-9_-] (a UUID from the SPA). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Middleware for creates (contracts §1): with an `Idempotency-Key` header, the first request
 * claims (account, method + path, key) and its answer is stored; a repeat gets that answer with
 * `Idempotent-Replayed: true`, a repeat while it runs 409, the key with another request 422.
 * Without the header the request runs as usual. Mount after the body is validated (a 400 for a
 * bad body claims nothing) and behind `requireCaller` (the account is the verified caller's).
 */
export function idempotent(
  store: IdempotencyStore | undefined,
  /** The public API (`/v1`) answers the key reused with another body 409, as its reference says. */
  opts: { mismatchStatus?: 409 | 422 } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !store) return next();
    if (!IDEMPOTENCY_KEY.test(key))
      throw new ValidationError('Idempotency-Key', IDEMPOTENCY_MESSAGES.invalidKey);
    const tenant = tenantOf(callerOf(c));
    const scope = `${c.req.method} ${c.req.path}`;
    const fingerprint = createHash('sha256')
      .update(`${scope}\n${new URL(c.req.url).search}\n${await c.req.text()}`)
      .digest('base64url');
    const claim = await store.claim(tenant, scope, key, fingerprint, new Date());
    // Thrown, so each app's error mapper words it in that app's error shape.
    if (claim.outcome === 'running') throw new ConflictError(IDEMPOTENCY_MESSAGES.running);
    if (claim.outcome === 'mismatch') {
      if (opts.mismatchStatus === 409) throw new ConflictError(IDEMPOTENCY_MESSAGES.mismatch);
      return c.json({ error: IDEMPOTENCY_MESSAGES.mismatch }, 422);
    }
    if (claim.outcome === 'replay') {
      const { status, body, contentType } = claim.response;
      return c.body(body, status as 200, { 'content-type': contentType, 'Idempotent-Replayed': 'true' });
    }
    try {
      await next();
    } catch (err) {
      await store.release(tenant, scope, key);
      throw err;
    }
    // A server failure is not an answer to keep: the retry the key exists for should run again.
    if (c.res.status >= 500) return store.release(tenant, scope, key);
    await store.complete(tenant, scope, key, {
      status: c.res.status,
      body: await c.res.clone().text(),
      contentType: c.res.headers.get('content-type') ?? 'application/json',
    });
  };
}
