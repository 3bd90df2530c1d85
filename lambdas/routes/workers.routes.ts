import { Hono } from 'hono';
import * as z from 'zod';
import { WORKER_SORTS, workerInputSchema, workerPatchSchema } from '../../shared/records';
import type { RecordsDeps } from '../core/records/records.deps';
import {
  createWorker,
  deleteWorker,
  exportWorkers,
  getWorker,
  getWorkerSmsConsent,
  listWorkers,
  updateWorker,
} from '../core/records/workers';
import { importWorkers, previewWorkersImport } from '../core/records/workers-import';
import { idempotent, limitBody, queryParams, type AppEnv } from '../http/kit';
import { recordRoutes, tenantOfRequest, tenantRecordSpec } from './record-routes';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

/** A CSV of the largest import (1,000 rows) fits well within this. */
const IMPORT_BODY_LIMIT_BYTES = 1024 * 1024;

/** `?dryRun=true`: answer what the import would do, write nothing. */
const importQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
}));

export function workersRoutes(deps: RecordsDeps) {
  // Import and export first: `/api/workers/import` must not be read as a worker id.
  const bulk = new Hono<AppEnv>()
    .post(
      '/api/workers/import',
      limitBody(IMPORT_BODY_LIMIT_BYTES),
      queryParams(importQuerySchema),
      idempotent(deps.records.idempotency),
      async (c) => {
        const tenant = tenantOfRequest(c);
        const csv = await c.req.text();
        if (c.req.valid('query').dryRun) return c.json(await previewWorkersImport(tenant, csv, deps), 200);
        return c.json(await importWorkers(tenant, csv, deps), 201);
      },
    )
    .get('/api/workers/:id/sms-consent', async (c) =>
      c.json(await getWorkerSmsConsent(tenantOfRequest(c), c.req.param('id'), deps), 200),
    )
    .get('/api/workers/export', async (c) => {
      const csv = await exportWorkers(tenantOfRequest(c), deps);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="workers.csv"',
      });
    });
  return new Hono<AppEnv>().route('/', bulk).route('/', recordRoutes(workersRecordSpec(deps)));
}

/** The resource's schemas and use-cases, shared by `/api/workers` and the public API's `/v1/workers`. */
export function workersRecordSpec(deps: RecordsDeps) {
  return tenantRecordSpec(
    {
      path: '/api/workers',
      noun: 'Worker',
      createSchema: workerInputSchema,
      patchSchema: workerPatchSchema,
      sorts: WORKER_SORTS,
    },
    deps,
    deps.records.idempotency,
    { list: listWorkers, get: getWorker, create: createWorker, update: updateWorker, remove: deleteWorker },
  );
}
