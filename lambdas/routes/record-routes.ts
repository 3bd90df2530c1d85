import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { builtOnFirstUse } from '../../shared/built-on-first-use';
import { isRecordId, listQuerySchema } from '../../shared/records';
import { tenantOf, type TenantId } from '../core/caller';
import { NotFoundError } from '../core/errors';
import type { ListQuery } from '../core/records/list-page';
import type { IdempotencyStore } from '../core/records/idempotency.ports';
import { callerOf, idempotent, jsonBody, queryParams, type AppEnv } from '../http/kit';

/** The five use-cases behind `/api/<records>` and `/api/<records>/{id}`. */
export interface RecordUseCases<Fields, Patch, Out> {
  list(tenant: TenantId, query: ListQuery): Promise<{ items: Out[]; nextCursor: string | null }>;
  get(tenant: TenantId, id: string): Promise<Out>;
  create(c: Context<AppEnv>, input: Fields): Promise<Out>;
  /** `c`: the request, for use-cases that record who saved (the jobsite's "changed by"). */
  update(tenant: TenantId, id: string, patch: Patch, c: Context<AppEnv>): Promise<Out>;
  remove(tenant: TenantId, id: string): Promise<void>;
}

export interface RecordRoutesSpec<C extends z.ZodType, P extends z.ZodType, Out> {
  /** e.g. `/api/clients` */
  path: string;
  noun: string;
  createSchema: C;
  patchSchema: P;
  sorts: readonly [string, ...string[]];
  useCases: RecordUseCases<z.output<C>, z.output<P>, Out>;
  /** Makes the create safe to repeat with an `Idempotency-Key` (contracts §1). */
  idempotency: IdempotencyStore | undefined;
  /** Fields the server adds to answers beyond the create body and the stamps (documented in /v1). */
  readOnlyFields?: z.ZodObject;
}

/** Names a spec's types once, so `/api` and `/v1` build their routes from the one spec. */
export const recordSpec = <C extends z.ZodType, P extends z.ZodType, Out>(
  spec: RecordRoutesSpec<C, P, Out>,
): RecordRoutesSpec<C, P, Out> => spec;

/** What names a record type on the wire: its path, its noun in messages, its two bodies, its sorts. */
export type RecordShape<C extends z.ZodType, P extends z.ZodType> = Pick<
  RecordRoutesSpec<C, P, unknown>,
  'path' | 'noun' | 'createSchema' | 'patchSchema' | 'sorts'
>;

/** The five use-cases as core/records writes them: the tenant first, the deps last. */
export interface TenantUseCases<D, Fields, Patch, Out> {
  list(tenant: TenantId, query: ListQuery, deps: D): Promise<{ items: Out[]; nextCursor: string | null }>;
  get(tenant: TenantId, id: string, deps: D): Promise<Out>;
  create(tenant: TenantId, input: Fields, deps: D): Promise<Out>;
  update(tenant: TenantId, id: string, patch: Patch, deps: D): Promise<Out>;
  remove(tenant: TenantId, id: string, deps: D): Promise<void>;
}

/** The spec of a record type whose use-cases all take the tenant: a create's is the request's own. */
export function tenantRecordSpec<D, C extends z.ZodType, P extends z.ZodType, Out>(
  shape: RecordShape<C, P>,
  deps: D,
  idempotency: IdempotencyStore | undefined,
  { list, get, create, update, remove }: TenantUseCases<D, z.output<C>, z.output<P>, Out>,
): RecordRoutesSpec<C, P, Out> {
  const useCases: RecordUseCases<z.output<C>, z.output<P>, Out> = {
    list: (tenant, query) => list(tenant, query, deps),
    get: (tenant, id) => get(tenant, id, deps),
    create: (c, input) => create(tenantOfRequest(c), input, deps),
    update: (tenant, id, patch) => update(tenant, id, patch, deps),
    remove: (tenant, id) => remove(tenant, id, deps),
  };
  return { ...shape, idempotency, useCases };
}

/** The tenant of the request: only ever the verified caller's, through `tenantOf`. */
export const tenantOfRequest = (c: Context<AppEnv>): TenantId => tenantOf(callerOf(c));

/**
 * `GET|POST <path>` and `GET|PUT|DELETE <path>/{id}`, the same for every record type. An id that
 * cannot exist answers 404 before any read, exactly like an unknown id or another tenant's id.
 */
export function recordRoutes<C extends z.ZodType, P extends z.ZodType, Out>(
  spec: RecordRoutesSpec<C, P, Out>,
) {
  const idOf = (c: Context<AppEnv>): string => {
    const id = c.req.param('id');
    if (!isRecordId(id)) throw new NotFoundError(`${spec.noun} not found`);
    return id;
  };
  const { useCases } = spec;
  return new Hono<AppEnv>()
    .get(spec.path, queryParams(builtOnFirstUse(() => listQuerySchema(spec.sorts))), async (c) =>
      c.json(await useCases.list(tenantOfRequest(c), c.req.valid('query'))),
    )
    .post(spec.path, jsonBody(spec.createSchema), idempotent(spec.idempotency), async (c) =>
      c.json(await useCases.create(c, c.req.valid('json') as z.output<C>), 201),
    )
    .get(`${spec.path}/:id`, async (c) => c.json(await useCases.get(tenantOfRequest(c), idOf(c))))
    .put(`${spec.path}/:id`, jsonBody(spec.patchSchema), async (c) =>
      c.json(await useCases.update(tenantOfRequest(c), idOf(c), c.req.valid('json') as z.output<P>, c)),
    )
    .delete(`${spec.path}/:id`, async (c) => {
      await useCases.remove(tenantOfRequest(c), idOf(c));
      return c.body(null, 204);
    });
}
