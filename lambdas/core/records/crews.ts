import {
  crewInputSchema,
  type Crew,
  type CrewFields,
  type ListResponse,
  type Worker,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ConflictError } from '../errors';
import type { ListQuery } from './list-page';
import { SEARCH_FIELDS } from './record-search';
import {
  listRecords,
  mergePatch,
  mustGet,
  nameList,
  newRecord,
  nextVersion,
  plural,
  replaceChecked,
} from './record-crud';
import type { RecordsDeps } from './records.deps';
import type { StoredCrew } from './records.ports';
import { jobsitesUsing } from './jobsite-uses';

/** Deletes tried again when the record was freed between the refusal and its names. */
const DELETE_ATTEMPTS = 5;
const NOUN = 'Crew';

/**
 * The ids of each crew's workers: read per crew when the store can (crew-members.ts: whatever the
 * account's size), otherwise from the account's whole list of workers.
 */
async function membersOf(
  tenant: TenantId,
  crewIds: readonly string[],
  deps: RecordsDeps,
): Promise<(crewId: string) => string[]> {
  const { workers } = deps.records;
  if (workers.crewMembers) {
    const members = await workers.crewMembers(tenant, crewIds);
    return (crewId) => members.get(crewId) ?? [];
  }
  const all: readonly Worker[] = await workers.list(tenant);
  return (crewId) => all.filter((w) => w.crewIds.includes(crewId)).map((w) => w.id);
}

async function withMembers(
  tenant: TenantId,
  crews: readonly StoredCrew[],
  deps: RecordsDeps,
): Promise<Crew[]> {
  const members = await membersOf(
    tenant,
    crews.map((c) => c.id),
    deps,
  );
  return crews.map((crew) => ({ ...crew, workerIds: members(crew.id) }));
}

export async function listCrews(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Crew>> {
  const page = await listRecords(deps.records.crews, tenant, query, SEARCH_FIELDS.crew);
  return { ...page, items: await withMembers(tenant, page.items, deps) };
}

export async function getCrew(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Crew> {
  const [crew] = await withMembers(tenant, [await mustGet(deps.records.crews, tenant, id, NOUN)], deps);
  return crew!;
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
  const [crew] = await withMembers(tenant, [next], deps);
  return crew!;
}

/**
 * Refuses (409) while workers are in the crew or jobsites notify it, naming them. The store deletes it
 * only while no jobsite names it and no worker is in it (its use count's two numbers at 0, in the
 * delete's transaction), so a jobsite naming it or a worker joining it at the same time is refused or
 * refuses this; the names are read only after a refusal.
 */
export async function deleteCrew(
  tenant: TenantId,
  id: string,
  deps: RecordsDeps,
  attemptsLeft = DELETE_ATTEMPTS,
): Promise<void> {
  const crew = await mustGet(deps.records.crews, tenant, id, NOUN);
  const { crews } = deps.records;
  if (crews.removeUnused && (await crews.removeUnused(tenant, id)) !== 'used') return;
  const [withIds] = await withMembers(tenant, [crew], deps);
  const memberIds = withIds!.workerIds;
  // The first names the message shows, read by key; the rest are counted.
  const [shown, sites] = await Promise.all([
    Promise.all(memberIds.slice(0, 3).map((w) => deps.records.workers.get(tenant, w))),
    jobsitesUsing(tenant, 'crew', id, deps),
  ]);
  const names = [...shown.map((w, i) => w?.name ?? memberIds[i]!), ...memberIds.slice(3)];
  const uses = [
    memberIds.length ? `${plural(memberIds.length, 'worker')} (${nameList(names)})` : '',
    sites.length ? `${plural(sites.length, 'jobsite')} (${nameList(sites)})` : '',
  ].filter(Boolean);
  if (uses.length) {
    throw new ConflictError(
      `Crew "${crew.name}" is used by ${uses.join(' and ')}. Remove it from them first.`,
    );
  }
  // Used a moment ago, freed since: try again, a few times (workers and jobsites moving to and fro).
  if (crews.removeUnused) {
    if (attemptsLeft <= 1) throw new Error(`The crew kept being used and freed while it was being deleted`);
    return deleteCrew(tenant, id, deps, attemptsLeft - 1);
  }
  await crews.remove(tenant, id);
}
