import type { Worker, WorkerInput } from '../../../../../shared/records/worker';
import {
  recordApi,
  useAllRecords,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
} from '../../../lib/record-api';

// A crew lists its members (`workerIds`, computed from the workers): they change with a worker.
export const workersApi = recordApi<Worker, WorkerInput>('workers', ['crews']);

/** GET /api/workers with search and sort, a page at a time. */
export const useWorkers = (params: { q: string; sort: string }) => useRecordList(workersApi, params);
/** GET /api/workers, every page, by name: the recipients of the jobsite form and the members of a crew. */
export const useAllWorkers = () => useAllRecords(workersApi);
/** GET /api/workers/{id}. */
export const useWorker = (id: string) => useRecord(workersApi, id);
/** POST /api/workers with the submit's Idempotency-Key. */
export const useCreateWorker = () => useCreateRecord(workersApi);
/** PUT /api/workers/{id}. */
export const useUpdateWorker = () => useUpdateRecord(workersApi);
/** DELETE /api/workers/{id}: 204, or 409 naming what still uses the worker. */
export const useDeleteWorker = () => useDeleteRecord(workersApi);
