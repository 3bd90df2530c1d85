import { CREW_SORTS, crewInputSchema, crewPatchSchema } from '../../shared/records';
import { createCrew, deleteCrew, getCrew, listCrews, updateCrew } from '../core/records/crews';
import type { RecordsDeps } from '../core/records/records.deps';
import { recordRoutes, tenantRecordSpec } from './record-routes';

export function crewsRoutes(deps: RecordsDeps) {
  return recordRoutes(crewsRecordSpec(deps));
}

/** The resource's schemas and use-cases, shared by `/api/crews` and the public API's `/v1/crews`. */
export function crewsRecordSpec(deps: RecordsDeps) {
  return tenantRecordSpec(
    {
      path: '/api/crews',
      noun: 'Crew',
      createSchema: crewInputSchema,
      patchSchema: crewPatchSchema,
      sorts: CREW_SORTS,
    },
    deps,
    deps.records.idempotency,
    { list: listCrews, get: getCrew, create: createCrew, update: updateCrew, remove: deleteCrew },
  );
}
