import type { Jobsite, JobsiteInput } from '../../../../../shared/records/jobsite';
import {
  recordApi,
  useAllRecords,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
} from '../../../lib/record-api';

export const jobsitesApi = recordApi<Jobsite, JobsiteInput>('jobsites');

/** GET /api/jobsites with search and sort, a page at a time. */
export const useJobsites = (params: { q: string; sort: string }) => useRecordList(jobsitesApi, params);
/** GET /api/jobsites, every page, by name: the jobsites of a client or a worker, and the map. */
export const useAllJobsites = () => useAllRecords(jobsitesApi);
/** GET /api/jobsites/{id}. */
export const useJobsite = (id: string) => useRecord(jobsitesApi, id);
/** POST /api/jobsites with the submit's Idempotency-Key. */
export const useCreateJobsite = () => useCreateRecord(jobsitesApi);
/** PUT /api/jobsites/{id}. */
export const useUpdateJobsite = () => useUpdateRecord(jobsitesApi);
/** DELETE /api/jobsites/{id}: 204, or 409 naming what still uses the jobsite. */
export const useDeleteJobsite = () => useDeleteRecord(jobsitesApi);
