import type { Worker, WorkerInput } from '../../../../../shared/records/worker';
import { recordApi, recordHooks } from '../../../lib/record-api';

// A crew lists its members (`workerIds`, computed from the workers): they change with a worker.
/** GET, POST, PUT, DELETE /api/workers as hooks (lib/record-api.ts): `workerRecords.useList(…)`, `workerRecords.useCreate()` … */
export const workerRecords = recordHooks(recordApi<Worker, WorkerInput>('workers', ['crews']));
