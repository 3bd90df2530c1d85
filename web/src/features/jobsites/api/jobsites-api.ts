import type { Jobsite, JobsiteInput } from '../../../../../shared/records/jobsite';
import { recordApi, recordHooks } from '../../../lib/record-api';

/** GET, POST, PUT, DELETE /api/jobsites as hooks (lib/record-api.ts): `jobsiteRecords.useList(…)`, `jobsiteRecords.useCreate()` … */
export const jobsiteRecords = recordHooks(recordApi<Jobsite, JobsiteInput>('jobsites'));
