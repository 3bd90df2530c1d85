import {
  crewInputSchema,
  type Crew,
  type CrewFields,
  type ListResponse,
  type Worker,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ConflictError } from '../errors';
import { listPage, type ListQuery } from './list-page';
import { mergePatch, mustGet, nameList, newRecord, nextVersion, plural, replaceChecked } from './record-crud';
import type { RecordsDeps } from './records.deps';
import type { StoredCrew } from './records.ports';

const NOUN = 'Crew';

function withMembers(crew: StoredCrew, workers: readonly Worker[]): Crew {
  return { ...crew, workerIds: workers.filter((w) => w.crewIds.includes(crew.id)).map((w) => w.id) };
}

export async function listCrews(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Crew>> {
  const [crews, workers] = await Promise.all([
    deps.records.crews.list(tenant),
    deps.records.workers.list(tenant),
  ]);
  const page = listPage(crews, query, (c) => [c.name, c.notes]);
  return { ...page, items: page.items.map((c) => withMembers(c, workers)) };
}

export async function getCrew(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Crew> {
  const [crew, workers] = await Promise.all([
    mustGet(deps.records.crews, tenant, id, NOUN),
    deps.records.workers.list(tenant),
  ]);
  return withMembers(crew, workers);
}

export async function createCrew(tenant: TenantId, input: CrewFields, deps: RecordsDeps): Promise<Crew> {
  const crew: StoredCrew = newRecord(input, deps);
  await deps.records.crews.create(tenant, crew);
  return { ...crew, workerIds: [] };
}

export async function updateCrew(
  tenant: TenantId,
  id: string,
  patch: Partial<CrewFields>,
  deps: RecordsDeps,
): Promise<Crew> {
  const stored = await mustGet(deps.records.crews, tenant, id, NOUN);
  const next: StoredCrew = nextVersion(mergePatch(crewInputSchema, stored, patch), stored, deps.clock);
  await replaceChecked(deps.records.crews, tenant, stored, next, NOUN);
  return withMembers(next, await deps.records.workers.list(tenant));
}

/** Refuses (409) while workers are in the crew or jobsites notify it, naming them. */
export async function deleteCrew(tenant: TenantId, id: string, deps: RecordsDeps): Promise<void> {
  const crew = await mustGet(deps.records.crews, tenant, id, NOUN);
  const [workers, jobsites] = await Promise.all([
    deps.records.workers.list(tenant),
    deps.records.jobsites.list(tenant),
  ]);
  const members = workers.filter((w) => w.crewIds.includes(id));
  const sites = jobsites.filter((j) => j.recipients.crewIds.includes(id));
  const uses = [
    members.length ? `${plural(members.length, 'worker')} (${nameList(members.map((w) => w.name))})` : '',
    sites.length ? `${plural(sites.length, 'jobsite')} (${nameList(sites.map((j) => j.name))})` : '',
  ].filter(Boolean);
  if (uses.length) {
    throw new ConflictError(
      `Crew "${crew.name}" is used by ${uses.join(' and ')}. Remove it from them first.`,
    );
  }
  await deps.records.crews.remove(tenant, id);
}
