import type { Jobsite } from '../../../shared/records';
import type { TenantId } from '../caller';
import type { RecordsDeps } from './records.deps';
import { jobsiteRefKey, type ReferencedKind } from './records.ports';

/** Whether a jobsite names the record (a worker also as its foreman). */
export function jobsiteNames(j: Jobsite, kind: ReferencedKind, id: string): boolean {
  if (kind === 'client') return j.clientId === id;
  if (kind === 'crew') return j.recipients.crewIds.includes(id);
  return j.recipients.workerIds.includes(id) || j.foremanWorkerId === id;
}

/**
 * The names of the jobsites using a record, for a refusal's `nameList`: as many entries as there are
 * jobsites, the first `shown` of them named (in id order, as the whole list gave them). From the
 * store's back-references (a count, one Query and one BatchGetItem of `shown` jobsites) when it has
 * them; otherwise from the account's whole list of jobsites.
 */
export async function jobsitesUsing(
  tenant: TenantId,
  kind: ReferencedKind,
  id: string,
  deps: RecordsDeps,
  shown = 3,
): Promise<string[]> {
  const { jobsites } = deps.records;
  if (!jobsites.usesOf)
    return (await jobsites.list(tenant)).filter((j) => jobsiteNames(j, kind, id)).map((j) => j.name);
  const uses = await jobsites.usesOf(tenant, kind, id, shown);
  const found = jobsites.getMany
    ? await jobsites.getMany(uses.jobsiteIds.map((jobsiteId) => ({ tenant, id: jobsiteId })))
    : null;
  const named = await Promise.all(
    uses.jobsiteIds.map(async (jobsiteId) => {
      const site = found
        ? found.get(jobsiteRefKey({ tenant, id: jobsiteId }))
        : await jobsites.get(tenant, jobsiteId).then((j) => j ?? undefined);
      return site?.name ?? jobsiteId;
    }),
  );
  return [...named, ...Array.from({ length: Math.max(0, uses.count - named.length) }, () => '')];
}

/** The ids of every jobsite naming a worker (its back-references; the whole list without them). */
export async function jobsiteIdsNaming(
  tenant: TenantId,
  kind: ReferencedKind,
  id: string,
  deps: RecordsDeps,
): Promise<string[]> {
  const { jobsites } = deps.records;
  if (jobsites.usesOf) return (await jobsites.usesOf(tenant, kind, id)).jobsiteIds;
  return (await jobsites.list(tenant)).filter((j) => jobsiteNames(j, kind, id)).map((j) => j.id);
}
