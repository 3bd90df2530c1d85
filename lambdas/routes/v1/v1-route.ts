import { createRoute, z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { isRecordId } from '../../../shared/records';
import { tenantOf, type TenantId } from '../../core/caller';
import { NotFoundError } from '../../core/errors';
import { builtOnFirstCall } from '../../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../../shared/object-on-first-use';
import { v1Caller, v1ErrorSchema, type V1Env } from './v1-kit';

/**
 * Registers one `/v1` route: validated by its zod schemas and, through the same call, described in
 * the OpenAPI document, so no route answers without being in the reference. The handler's answer is
 * checked against the schemas by the tests, not by the type system (the records' types are wider).
 */
export function v1Route(
  app: OpenAPIHono<V1Env>,
  config: RouteConfig,
  handler: (c: Context<V1Env>) => Promise<Response>,
): void {
  app.openapi(
    createRoute({
      security: [{ apiKey: [] }],
      ...config,
      responses: { ...config.responses, ...ERROR_RESPONSES },
    }),
    handler as never,
  );
}

const error = (description: string) => json(v1ErrorSchema, description);

/** What every route may answer besides its success. */
const ERROR_RESPONSES = {
  400: error('Invalid input: `field` names the first invalid field'),
  401: error('Missing, unknown or revoked API key'),
  403: error('A read key writing, or an account whose plan has no API access'),
  404: error('No such record in the key’s account'),
  429: error('The key’s rate limit (10 requests/s, bursts of 20): retry after `Retry-After` seconds'),
};

/**
 * A JSON response. Its schema is built when the document is first asked for (issue 26 item 8), and is
 * the schema itself, not a stand-in: the document refers to a named one (`.openapi('Error')`) by it.
 */
export function json(schema: () => z.ZodType, description: string) {
  const built = builtOnFirstCall(schema);
  return {
    description,
    content: {
      'application/json': {
        get schema() {
          return built();
        },
      },
    },
  };
}

export const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** `{id}` in a path: a string; one that cannot be an id answers 404 like an unknown one. */
export const idParams = /* @__PURE__ */ objectOnFirstUse(() => ({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
}));

/**
 * `Idempotency-Key` on every POST: the same key and body within 24 h answer the first result. Written
 * as the document's parameter itself, not a zod schema of the headers: @hono/zod-openapi reads a
 * headers schema's shape when the route is registered, which would build it at load (issue 26 item 8),
 * while `idempotent()` checks the key itself.
 */
const IDEMPOTENCY_KEY_DESCRIPTION =
  '8 to 128 of A-Z a-z 0-9 - _; a repeat within 24 h answers the first result';
export const idempotencyKeyParameter = {
  schema: { type: 'string', description: IDEMPOTENCY_KEY_DESCRIPTION },
  required: false,
  description: IDEMPOTENCY_KEY_DESCRIPTION,
  name: 'idempotency-key',
  in: 'header',
} as const;

export function recordIdOf(c: Context<V1Env>, noun: string): string {
  const id = c.req.param('id');
  if (!id || !isRecordId(id)) throw new NotFoundError(`${noun} not found`);
  return id;
}

/** The account of the key making the call: its stored account, never the request's. */
export const v1Tenant = (c: Context<V1Env>): TenantId => tenantOf(v1Caller(c));
