import { CREW_SORTS, crewInputSchema, crewPatchSchema } from '../../shared/records';
import { createCrew, deleteCrew, getCrew, listCrews, updateCrew } from '../core/records/crews';
import type { RecordsDeps } from '../core/records/records.deps';
import { recordRoutes, recordSpec, tenantOfRequest } from './record-routes';

export function crewsRoutes(deps: RecordsDeps) {
  return recordRoutes(crewsRecordSpec(deps));
}

/** The resource's schemas and use-cases, shared by `/api/crews` and the public API's `/v1/crews`. */
export function crewsRecordSpec(deps: RecordsDeps) {
  return recordSpec({
    path: '/api/crews',
    noun: 'Crew',
    createSchema: crewInputSchema,
    patchSchema: crewPatchSchema,
    sorts: CREW_SORTS,
    idempotency: deps.records.idempotency,
    useCases: {
      list: (tenant, query) => listCrews(tenant, query, deps),
      get: (tenant, id) => getCrew(tenant, id, deps),
      create: (c, input) => createCrew(tenantOfRequest(c), input, deps),
      update: (tenant, id, patch) => updateCrew(tenant, id, patch, deps),
      remove: (tenant, id) => deleteCrew(tenant, id, deps),
    },
  });
}
