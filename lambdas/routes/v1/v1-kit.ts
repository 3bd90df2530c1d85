import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { API_KEY_MESSAGES } from '../../../shared/api-keys';
import { callerFromApiKey, type ApiKeyCallerDeps } from '../../core/api-keys/api-key-caller';
import type { Caller } from '../../core/caller';
import { ForbiddenError, NotAuthenticatedError, ValidationError } from '../../core/errors';
import type { Logger } from '../../core/observability.ports';
import { fieldsOf } from '../../core/validate';
import { toProblem, type HttpProblem } from '../../http/errors';
import { JSON_BODY_LIMIT_BYTES } from '../../http/kit';
import { compressLambdaResponses } from '../../http/compress-responses';
import { builtOnFirstCall } from '../../../shared/built-on-first-use';

/**
 * The public API's HTTP kit (issue 23): one error shape, `{ "error": { "type", "message", "field"? } }`,
 * the API key as the only way in, and a read key refused on every write. The domain errors and their
 * statuses are the app's (http/errors.ts); only the wording of the body differs.
 */
export type V1Env = { Variables: { caller: Caller; apiKeyId: string } };

/** The `type` of each status, stable for clients to switch on. */
const ERROR_TYPES: Record<HttpProblem['status'], string> = {
  400: 'invalid_request',
  401: 'authentication_failed',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'api_error',
  502: 'api_error',
  503: 'service_unavailable',
};

/**
 * The one error body of `/v1`, also the schema the OpenAPI document gives every error response (built
 * when the document is first asked for).
 */
export const v1ErrorSchema = /* @__PURE__ */ builtOnFirstCall(() =>
  z
    .object({
      error: z.object({
        type: z.string(),
        message: z.string(),
        field: z.string().optional(),
      }),
    })
    .openapi('Error'),
);

function errorBody(p: HttpProblem) {
  return {
    error: { type: ERROR_TYPES[p.status], message: p.message, ...(p.field ? { field: p.field } : {}) },
  };
}

/** An OpenAPIHono app whose invalid input (400), errors and unknown paths answer in the `/v1` shape. */
export function createV1App(): OpenAPIHono<V1Env> {
  const app = new OpenAPIHono<V1Env>({
    defaultHook: (result) => {
      if (result.success) return;
      const fields = fieldsOf(result.error);
      const [field, reason] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
      throw new ValidationError(field, reason, fields);
    },
  });
  app.use('*', compressLambdaResponses());
  app.notFound((c) => c.json(errorBody({ status: 404, message: 'No such route' }), 404));
  app.onError((err, c) => {
    const problem = toProblem(err);
    if (problem.retryAfterSeconds !== undefined) c.header('retry-after', String(problem.retryAfterSeconds));
    return c.json(errorBody(problem), problem.status);
  });
  return app;
}

/** Caps every body (413 in the `/v1` shape) before anything reads it. */
export const v1BodyLimit = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new HTTPException(413);
    },
  });

/**
 * `Authorization: Bearer rck_live_…`: the key's caller (its stored account, its scope's role), one
 * token from its bucket, and one log line per call with the key's id (never the secret). Other
 * token kinds (a support session, say) are told apart by their prefix in their own authenticator.
 */
export function requireApiKey(deps: ApiKeyCallerDeps & { log: Logger }): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const found = token ? await callerFromApiKey(token, deps) : null;
    if (!found) throw new NotAuthenticatedError(API_KEY_MESSAGES.invalidKey);
    c.set('caller', found.caller);
    c.set('apiKeyId', found.keyId);
    const started = Date.now();
    try {
      await next();
    } finally {
      deps.log.info('api call', {
        apiKeyId: found.keyId,
        accountId: found.caller.accountId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
      });
    }
  };
}

/** A read key may only read: every other method is refused (403) before the route runs. */
export const requireWriteScopeForWrites: MiddlewareHandler<V1Env> = async (c, next) => {
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS';
  if (!reads && c.get('caller').role === 'viewer') throw new ForbiddenError(API_KEY_MESSAGES.readOnly);
  await next();
};

/** The key's caller (set by `requireApiKey`). */
export const v1Caller = (c: Context<V1Env>): Caller => c.get('caller');
