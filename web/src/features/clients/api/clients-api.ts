import type { Client, ClientInput } from '../../../../../shared/records/client';
import { recordApi, recordHooks } from '../../../lib/record-api';

/** GET, POST, PUT, DELETE /api/clients as hooks (lib/record-api.ts): `clientRecords.useList(…)`, `clientRecords.useCreate()` … */
export const clientRecords = recordHooks(recordApi<Client, ClientInput>('clients'));
