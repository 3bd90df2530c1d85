import { CLIENT_SORTS, clientInputSchema, clientPatchSchema } from '../../shared/records';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../core/records/clients';
import type { RecordsDeps } from '../core/records/records.deps';
import { recordRoutes, recordSpec, tenantOfRequest } from './record-routes';

export function clientsRoutes(deps: RecordsDeps) {
  return recordRoutes(clientsRecordSpec(deps));
}

/** The resource's schemas and use-cases, shared by `/api/clients` and the public API's `/v1/clients`. */
export function clientsRecordSpec(deps: RecordsDeps) {
  return recordSpec({
    path: '/api/clients',
    noun: 'Client',
    createSchema: clientInputSchema,
    patchSchema: clientPatchSchema,
    sorts: CLIENT_SORTS,
    idempotency: deps.records.idempotency,
    useCases: {
      list: (tenant, query) => listClients(tenant, query, deps),
      get: (tenant, id) => getClient(tenant, id, deps),
      create: (c, input) => createClient(tenantOfRequest(c), input, deps),
      update: (tenant, id, patch) => updateClient(tenant, id, patch, deps),
      remove: (tenant, id) => deleteClient(tenant, id, deps),
    },
  });
}
