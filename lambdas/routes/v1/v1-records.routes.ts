import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z as zod } from 'zod';
import { listQuerySchema } from '../../../shared/records';
import { idempotent, type AppEnv } from '../../http/kit';
import type { RecordRoutesSpec } from '../record-routes';
import { builtOnFirstCall, builtOnFirstUse } from '../../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../../shared/object-on-first-use';
import { v1ErrorSchema, type V1Env } from './v1-kit';
import { idempotencyKeyParameter, idParams, json, jsonBody, recordIdOf, v1Route, v1Tenant } from './v1-route';

/** What every stored record adds to its fields. */
const recordStamps = /* @__PURE__ */ objectOnFirstUse(() => ({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/**
 * `/v1/<resource>` (list with `?limit=&cursor=`, create) and `/v1/<resource>/{id}` (read, update,
 * delete), from the same spec (schemas and use-cases) as `/api/<resource>`: one copy of each shape.
 */
export function v1RecordRoutes<C extends zod.ZodType, P extends zod.ZodType, Out>(
  app: OpenAPIHono<V1Env>,
  resource: string,
  spec: RecordRoutesSpec<C, P, Out>,
): void {
  const { useCases, noun } = spec;
  const tag = resource.charAt(0).toUpperCase() + resource.slice(1);
  const record = builtOnFirstCall(() => {
    const stamps = spec.readOnlyFields ? recordStamps.extend(spec.readOnlyFields.shape) : recordStamps;
    return z.intersection(spec.createSchema, stamps).openapi(noun);
  });
  const base = `/v1/${resource}`;
  v1Route(
    app,
    {
      method: 'get',
      path: base,
      tags: [tag],
      summary: `List ${resource}`,
      request: { query: builtOnFirstUse(() => listQuerySchema(spec.sorts)) },
      responses: {
        200: json(
          () => z.object({ data: z.array(record()), nextCursor: z.string().nullable() }),
          `A page of ${resource}; pass nextCursor back as cursor for the next one (null on the last page)`,
        ),
      },
    },
    async (c) => {
      const page = await useCases.list(v1Tenant(c), c.req.valid('query' as never));
      return c.json({ data: page.items, nextCursor: page.nextCursor });
    },
  );
  v1Route(
    app,
    {
      method: 'post',
      path: base,
      tags: [tag],
      summary: `Create a ${noun.toLowerCase()}`,
      middleware: [idempotent(spec.idempotency, { mismatchStatus: 409 })] as never,
      parameters: [idempotencyKeyParameter],
      request: { body: jsonBody(spec.createSchema) },
      responses: {
        201: json(
          record,
          `The ${noun.toLowerCase()} created (or, for a repeated Idempotency-Key, the first answer)`,
        ),
        409: json(
          v1ErrorSchema,
          'The Idempotency-Key was used with another body, or the first request still runs',
        ),
      },
    },
    async (c) =>
      c.json(await useCases.create(c as unknown as Context<AppEnv>, c.req.valid('json' as never)), 201),
  );
  v1Route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tags: [tag],
      summary: `Read a ${noun.toLowerCase()}`,
      request: { params: idParams },
      responses: { 200: json(record, `The ${noun.toLowerCase()}`) },
    },
    async (c) => c.json(await useCases.get(v1Tenant(c), recordIdOf(c, noun))),
  );
  v1Route(
    app,
    {
      method: 'put',
      path: `${base}/{id}`,
      tags: [tag],
      summary: `Update a ${noun.toLowerCase()} (fields left out keep their values)`,
      request: { params: idParams, body: jsonBody(spec.patchSchema) },
      responses: { 200: json(record, `The ${noun.toLowerCase()} as saved`) },
    },
    async (c) =>
      c.json(
        await useCases.update(
          v1Tenant(c),
          recordIdOf(c, noun),
          c.req.valid('json' as never),
          c as unknown as Context<AppEnv>,
        ),
      ),
  );
  v1Route(
    app,
    {
      method: 'delete',
      path: `${base}/{id}`,
      tags: [tag],
      summary: `Delete a ${noun.toLowerCase()}`,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' } },
    },
    async (c) => {
      await useCases.remove(v1Tenant(c), recordIdOf(c, noun));
      return c.body(null, 204);
    },
  );
}
