import {
  clientInputSchema,
  type Client,
  type ClientFields,
  type ListResponse,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ConflictError } from '../errors';
import type { ListQuery } from './list-page';
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
import { SEARCH_FIELDS } from './record-search';
import { jobsitesUsing } from './jobsite-uses';

/** Deletes tried again when the record was freed between the refusal and its names. */
const DELETE_ATTEMPTS = 5;
const NOUN = 'Client';

export function listClients(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Client>> {
  return listRecords(deps.records.clients, tenant, query, SEARCH_FIELDS.client);
}

export function getClient(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Client> {
  return mustGet(deps.records.clients, tenant, id, NOUN);
}

export async function createClient(
  tenant: TenantId,
  input: ClientFields,
  deps: RecordsDeps,
): Promise<Client> {
  const client: Client = newRecord(input, deps);
  await deps.records.clients.create(tenant, client);
  return client;
}

export async function updateClient(
  tenant: TenantId,
  id: string,
  patch: Partial<ClientFields>,
  deps: RecordsDeps,
): Promise<Client> {
  const stored = await getClient(tenant, id, deps);
  const next: Client = nextVersion(mergePatch(clientInputSchema, stored, patch), stored, deps.clock);
  return replaceChecked(deps.records.clients, tenant, stored, next, NOUN);
}
/**
 * Refuses (409) while jobsites belong to the client, naming them; nothing is deleted then. The store
 * deletes it only while no jobsite names it, so a jobsite created at the same time either is refused
 * or makes this delete refused.
 */
export async function deleteClient(
  tenant: TenantId,
  id: string,
  deps: RecordsDeps,
  attemptsLeft = DELETE_ATTEMPTS,
): Promise<void> {
  const client = await getClient(tenant, id, deps);
  const { clients } = deps.records;
  if (clients.removeUnused && (await clients.removeUnused(tenant, id)) !== 'used') return;
  const using = await jobsitesUsing(tenant, 'client', id, deps);
  if (using.length) {
    throw new ConflictError(
      `Client "${client.name}" is used by ${plural(using.length, 'jobsite')}: ${nameList(using)}. Move or delete them first.`,
    );
  }
  // Used a moment ago, moved since: try again, a few times (jobsites moving to and fro).
  if (clients.removeUnused) {
    if (attemptsLeft <= 1) throw new Error(`The client kept being used and freed while it was being deleted`);
    return deleteClient(tenant, id, deps, attemptsLeft - 1);
  }
  await clients.remove(tenant, id);
}
