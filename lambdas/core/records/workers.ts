import {
  parseWorkersCsv,
  workerInputSchema,
  workersToCsv,
  type Crew,
  type ListResponse,
  type Worker,
  type WorkerFields,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ValidationError } from '../errors';
import { RowsValidationError } from './rows-validation.error';
import { parseWith } from '../validate';
import { listPage, type ListQuery } from './list-page';
import { assertReferences, mustGet, replaceChecked } from './record-crud';
import type { RecordsDeps } from './records.deps';
import type { StoredCrew } from './records.ports';

const NOUN = 'Worker';

export async function listWorkers(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Worker>> {
  const all = await deps.records.workers.list(tenant);
  return listPage(all, query, (w) => [w.name, w.email, w.phone, w.trade]);
}

export function getWorker(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Worker> {
  return mustGet(deps.records.workers, tenant, id, NOUN);
}

async function assertUsable(
  tenant: TenantId,
  fields: WorkerFields,
  selfId: string | null,
  deps: RecordsDeps,
) {
  await assertReferences('crewIds', fields.crewIds, () => deps.records.crews.list(tenant), 'crew');
  const workers = await deps.records.workers.list(tenant);
  if (workers.some((w) => w.email === fields.email && w.id !== selfId))
    throw new ValidationError('email', 'Another worker already has this email');
}

export async function createWorker(
  tenant: TenantId,
  input: WorkerFields,
  deps: RecordsDeps,
): Promise<Worker> {
  await assertUsable(tenant, input, null, deps);
  const now = deps.clock.now().toISOString();
  const worker: Worker = { ...input, id: deps.ids.next(), status: 'active', createdAt: now, updatedAt: now };
  await deps.records.workers.create(tenant, worker);
  return worker;
}

/** `status` is the email system's to set (bounces, unsubscribes): an update keeps it. */
export async function updateWorker(
  tenant: TenantId,
  id: string,
  patch: Partial<WorkerFields>,
  deps: RecordsDeps,
): Promise<Worker> {
  const stored = await getWorker(tenant, id, deps);
  const { id: _id, createdAt, updatedAt: _u, status, ...fields } = stored;
  const merged = parseWith(workerInputSchema, { ...fields, ...patch });
  await assertUsable(tenant, merged, id, deps);
  const next: Worker = { ...merged, id, status, createdAt, updatedAt: deps.clock.now().toISOString() };
  return replaceChecked(deps.records.workers, tenant, stored, next, NOUN);
}

/** Deletes the worker and takes them off every jobsite's recipients. */
export async function deleteWorker(tenant: TenantId, id: string, deps: RecordsDeps): Promise<void> {
  await getWorker(tenant, id, deps);
  await deps.records.workers.remove(tenant, id);
  const sites = (await deps.records.jobsites.list(tenant)).filter((j) => j.recipients.workerIds.includes(id));
  for (const site of sites) {
    const next = {
      ...site,
      recipients: { ...site.recipients, workerIds: site.recipients.workerIds.filter((w) => w !== id) },
      updatedAt: deps.clock.now().toISOString(),
    };
    await deps.records.jobsites.replace(tenant, next, site.updatedAt);
  }
}

export interface WorkersImportResult {
  imported: number;
  items: Worker[];
  createdCrews: Crew[];
}

/**
 * `POST /api/workers/import`: every row valid, or nothing stored (400 with each bad row's fields).
 * Crews named in the file are matched by name (case-insensitive) and created when missing.
 */
export async function importWorkers(
  tenant: TenantId,
  csv: string,
  deps: RecordsDeps,
): Promise<WorkersImportResult> {
  const parsed = parseWorkersCsv(csv);
  if (parsed.fileErrors.length) throw new ValidationError('file', parsed.fileErrors.join('. '));
  const [existing, crews] = await Promise.all([
    deps.records.workers.list(tenant),
    deps.records.crews.list(tenant),
  ]);
  const taken = new Set(existing.map((w) => w.email));
  const rows = parsed.rows.map((r) =>
    r.worker && taken.has(r.worker.email)
      ? { ...r, worker: null, fields: { ...r.fields, email: 'A worker with this email already exists' } }
      : r,
  );
  const bad = rows.filter((r) => !r.worker);
  if (bad.length) {
    throw new RowsValidationError(
      `${bad.length} of ${rows.length} rows have problems; nothing was imported`,
      bad.map((r) => ({ row: r.row, fields: r.fields })),
    );
  }

  const now = deps.clock.now().toISOString();
  const crewByName = new Map(crews.map((c) => [c.name.toLowerCase(), c.id]));
  const newCrews: StoredCrew[] = [];
  const crewIdFor = (name: string) => {
    const key = name.toLowerCase();
    let id = crewByName.get(key);
    if (!id) {
      id = deps.ids.next();
      crewByName.set(key, id);
      newCrews.push({ id, name, notes: null, hourlyRateCents: null, createdAt: now, updatedAt: now });
    }
    return id;
  };
  const workers: Worker[] = rows.map((r) => ({
    ...r.worker!,
    crewIds: r.crewNames.map(crewIdFor),
    id: deps.ids.next(),
    status: 'active',
    createdAt: now,
    updatedAt: now,
  }));
  await deps.records.workers.createMany(tenant, workers, newCrews);
  const createdCrews = newCrews.map((c) => ({
    ...c,
    workerIds: workers.filter((w) => w.crewIds.includes(c.id)).map((w) => w.id),
  }));
  return { imported: workers.length, items: workers, createdCrews };
}

/** Every worker of the tenant as CSV, in the import's columns. */
export async function exportWorkers(tenant: TenantId, deps: RecordsDeps): Promise<string> {
  const [workers, crews] = await Promise.all([
    deps.records.workers.list(tenant),
    deps.records.crews.list(tenant),
  ]);
  const sorted = [...workers].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return workersToCsv(sorted, new Map(crews.map((c) => [c.id, c.name])));
}
