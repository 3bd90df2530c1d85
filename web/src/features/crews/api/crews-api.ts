import type { Crew, CrewInput } from '../../../../../shared/records/crew';
import {
  recordApi,
  useAllRecords,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
} from '../../../lib/record-api';

export const crewsApi = recordApi<Crew, CrewInput>('crews');

/** GET /api/crews with search and sort, a page at a time. */
export const useCrews = (params: { q: string; sort: string }) => useRecordList(crewsApi, params);
/** GET /api/crews, every page, by name: the crews of the worker form and the jobsite recipients. */
export const useAllCrews = () => useAllRecords(crewsApi);
/** GET /api/crews/{id}. */
export const useCrew = (id: string) => useRecord(crewsApi, id);
/** POST /api/crews with the submit's Idempotency-Key. */
export const useCreateCrew = () => useCreateRecord(crewsApi);
/** PUT /api/crews/{id}. */
export const useUpdateCrew = () => useUpdateRecord(crewsApi);
/** DELETE /api/crews/{id}: 204, or 409 naming what still uses the crew. */
export const useDeleteCrew = () => useDeleteRecord(crewsApi);
