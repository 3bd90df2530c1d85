import { JOBSITE_SORTS, jobsiteInputSchema, jobsitePatchSchema } from '../../shared/records';
import type { AccountRepo } from '../core/account/account.ports';
import {
  createJobsite,
  deleteJobsite,
  getJobsite,
  listJobsites,
  updateJobsite,
} from '../core/records/jobsites';
import type { RecordsDeps } from '../core/records/records.deps';
import { callerOf } from '../http/kit';
import { recordRoutes } from './record-routes';

/** Jobsites count against the plan's `maxJobsites`, so creating one needs the caller's subscription. */
export function jobsitesRoutes(deps: RecordsDeps & { accounts: Pick<AccountRepo, 'getSubscription'> }) {
  return recordRoutes({
    path: '/api/jobsites',
    noun: 'Jobsite',
    createSchema: jobsiteInputSchema,
    patchSchema: jobsitePatchSchema,
    sorts: JOBSITE_SORTS,
    useCases: {
      list: (tenant, query) => listJobsites(tenant, query, deps),
      get: (tenant, id) => getJobsite(tenant, id, deps),
      create: (c, input) => createJobsite(callerOf(c), input, deps),
      update: (tenant, id, patch) => updateJobsite(tenant, id, patch, deps),
      remove: (tenant, id) => deleteJobsite(tenant, id, deps),
    },
  });
}
