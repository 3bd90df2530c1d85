import type { Client, ClientInput } from '../../../../../shared/records/client';
import {
  recordApi,
  useAllRecords,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
} from '../../../lib/record-api';

export const clientsApi = recordApi<Client, ClientInput>('clients');

/** GET /api/clients with search and sort, a page at a time. */
export const useClients = (params: { q: string; sort: string }) => useRecordList(clientsApi, params);
/** GET /api/clients, every page, by name: the client select of the jobsite form. */
export const useAllClients = () => useAllRecords(clientsApi);
/** GET /api/clients/{id}. */
export const useClient = (id: string) => useRecord(clientsApi, id);
/** POST /api/clients with the submit's Idempotency-Key. */
export const useCreateClient = () => useCreateRecord(clientsApi);
/** PUT /api/clients/{id}. */
export const useUpdateClient = () => useUpdateRecord(clientsApi);
/** DELETE /api/clients/{id}: 204, or 409 naming what still uses the client. */
export const useDeleteClient = () => useDeleteRecord(clientsApi);
