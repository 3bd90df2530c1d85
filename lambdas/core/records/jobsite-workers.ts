import type { Jobsite, Worker } from '../../../shared/records';
import { workersOfJobsite } from '../../../shared/records/jobsite-people';
import type { TenantId } from '../caller';
import type { WorkerRepo } from './records.ports';

const byId = (a: Worker, b: Worker) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The workers a jobsite's notices are for (named, its crews' members, its foreman), in id order: read
 * by key where the store can (one query per crew, then the workers by key), so a crew's notice page
 * or a manager's escalation costs the same in an account of 20 workers or 20,000; else the account's
 * list, filtered.
 */
export async function workersForJobsite(
  tenant: TenantId,
  jobsite: Pick<Jobsite, 'recipients' | 'foremanWorkerId'>,
  workers: Pick<WorkerRepo, 'list' | 'crewMembers' | 'getMany'>,
): Promise<Worker[]> {
  if (!workers.crewMembers || !workers.getMany)
    return workersOfJobsite(jobsite, await workers.list(tenant)).sort(byId);
  const members = await workers.crewMembers(tenant, jobsite.recipients.crewIds);
  const ids = new Set([
    ...jobsite.recipients.workerIds,
    ...(jobsite.foremanWorkerId ? [jobsite.foremanWorkerId] : []),
    ...[...members.values()].flat(),
  ]);
  const found = await workers.getMany(tenant, [...ids]);
  // A member item read just before its worker left the crew: the worker's own record decides.
  return workersOfJobsite(jobsite, [...found.values()]).sort(byId);
}

/** The tenant's workers of these ids, in id order: by key where the store can, else its list, filtered. */
export async function workersWithIds(
  tenant: TenantId,
  ids: readonly string[],
  workers: Pick<WorkerRepo, 'list' | 'getMany'>,
): Promise<Worker[]> {
  const wanted = new Set(ids);
  const found = workers.getMany
    ? [...(await workers.getMany(tenant, [...wanted])).values()]
    : (await workers.list(tenant)).filter((w) => wanted.has(w.id));
  return found.sort(byId);
}

/**
 * The workers of each of these crews (a worker's own `crewIds` decide): one query per crew and the
 * members by key where the store can, so the analytics' crew costs read the crews the jobsites name,
 * not an account of 20,000 workers; else the account's list, filtered.
 */
export async function workersOfCrews(
  tenant: TenantId,
  crewIds: readonly string[],
  workers: Pick<WorkerRepo, 'list' | 'crewMembers' | 'getMany'>,
): Promise<Map<string, Worker[]>> {
  const byCrew = new Map<string, Worker[]>(crewIds.map((id) => [id, []]));
  if (byCrew.size === 0) return byCrew;
  const found = workers.crewMembers
    ? await workersWithIds(
        tenant,
        [...(await workers.crewMembers(tenant, [...byCrew.keys()])).values()].flat(),
        workers,
      )
    : (await workers.list(tenant)).sort(byId);
  // A member item read just before its worker left the crew: the worker's own record decides.
  for (const w of found) for (const id of w.crewIds) byCrew.get(id)?.push(w);
  return byCrew;
}
