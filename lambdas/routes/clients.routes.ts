import { CLIENT_SORTS, clientInputSchema, clientPatchSchema } from '../../shared/records';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../core/records/clients';
import type { RecordsDeps } from '../core/records/records.deps';
import { recordRoutes, tenantRecordSpec } from './record-routes';

export function clientsRoutes(deps: RecordsDeps) {
  return recordRoutes(clientsRecordSpec(deps));
}

/** The resource's schemas and use-cases, shared by `/api/clients` and the public API's `/v1/clients`. */
export function clientsRecordSpec(deps: RecordsDeps) {
  return tenantRecordSpec(
    {
      path: '/api/clients',
      noun: 'Client',
      createSchema: clientInputSchema,
      patchSchema: clientPatchSchema,
      sorts: CLIENT_SORTS,
    },
    deps,
    deps.records.idempotency,
    { list: listClients, get: getClient, create: createClient, update: updateClient, remove: deleteClient },
  );
}
