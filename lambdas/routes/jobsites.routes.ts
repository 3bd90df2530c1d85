import {
  JOBSITE_SORTS,
  jobsiteChangeSchema,
  jobsiteInputSchema,
  jobsitePatchSchema,
} from '../../shared/records';
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
import { actingMember } from '../core/team/acting-member';
import type { NoticeTime } from '../../shared/notice-slots';
import { recordRoutes, recordSpec, tenantOfRequest } from './record-routes';
import type { EventPublisher } from '../core/webhooks/webhook.ports';
import { jobsiteEvent } from '../core/webhooks/product-events';
import type { Jobsite } from '../../shared/records';

export interface JobsitesRoutesDeps extends RecordsDeps {
  /** The subscription (the plan's `maxJobsites`) and the saver's profile (their name on the jobsite). */
  accounts: Pick<AccountRepo, 'getSubscription' | 'getProfile'>;
  /** The admins' default notice times (/admin/settings) for a new jobsite whose body names none. */
  noticeDefaults?: () => Promise<NoticeTime[]>;
  /** Webhooks: `jobsite.created`, `jobsite.updated`, `jobsite.deleted`. */
  events?: EventPublisher;
}

/** Jobsites count against the plan's `maxJobsites`, so creating one needs the caller's subscription. */
export function jobsitesRoutes(deps: JobsitesRoutesDeps) {
  return recordRoutes(jobsitesRecordSpec(deps));
}

/** The resource's schemas and use-cases, shared by `/api/jobsites` and the public API's `/v1/jobsites`. */
export function jobsitesRecordSpec(deps: JobsitesRoutesDeps) {
  const published = async <J extends Jobsite>(
    jobsite: J,
    type: 'jobsite.created' | 'jobsite.updated',
    tenant: string,
  ) => {
    await deps.events?.publish(jobsiteEvent(type, tenant, jobsite));
    return jobsite;
  };
  return recordSpec({
    path: '/api/jobsites',
    noun: 'Jobsite',
    createSchema: jobsiteInputSchema,
    patchSchema: jobsitePatchSchema,
    sorts: JOBSITE_SORTS,
    readOnlyFields: jobsiteChangeSchema,
    idempotency: deps.records.idempotency,
    useCases: {
      list: (tenant, query) => listJobsites(tenant, query, deps),
      get: (tenant, id) => getJobsite(tenant, id, deps),
      create: async (c, input) => {
        // The schema fills DESIGN §7's defaults; the admins' own apply when the body left them out.
        // (Hono keeps the parsed body, so this reads what jsonBody already read.)
        const raw = (await c.req.json()) as Record<string, unknown>;
        const useDefaults = deps.noticeDefaults && raw.noticeTimes === undefined;
        const noticeTimes = useDefaults ? await deps.noticeDefaults!() : input.noticeTimes;
        const caller = callerOf(c);
        return published(
          await createJobsite(
            caller,
            { ...input, noticeTimes },
            deps,
            await actingMember(caller, deps.accounts),
          ),
          'jobsite.created',
          tenantOfRequest(c),
        );
      },
      update: async (tenant, id, patch, c) =>
        published(
          await updateJobsite(tenant, id, patch, deps, await actingMember(callerOf(c), deps.accounts)),
          'jobsite.updated',
          tenant,
        ),
      remove: async (tenant, id) => {
        await deleteJobsite(tenant, id, deps);
        await deps.events?.publish(jobsiteEvent('jobsite.deleted', tenant, { id }));
      },
    },
  });
}
