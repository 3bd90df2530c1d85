import {
  crewChangesTooMany,
  parseWorkersCsv,
  type Crew,
  type Worker,
  type WorkerCsvRow,
  type WorkerImportCounts,
  type WorkerImportPreview,
  type WorkerImportRowResult,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ConflictError, ValidationError } from '../errors';
import type { RecordsDeps } from './records.deps';
import { GuardRefusedError, type StoredCrew, type WorkerUpdate } from './records.ports';
import { RowsValidationError } from './rows-validation.error';
import { PHONE_HINT } from '../../../shared/phone';
import { isDialableNumber } from '../sms/phone-numbers';

export interface WorkersImportResult extends WorkerImportPreview {
  /** New plus updated workers. */
  imported: number;
  /** The new and the updated workers, as stored. */
  items: Worker[];
  createdCrews: Crew[];
}

interface ImportPlan extends WorkerImportPreview {
  created: Worker[];
  updated: WorkerUpdate[];
  newCrews: StoredCrew[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The stored workers the file's emails name, by email: read by key where the store can, else listed. */
async function storedWithEmails(
  tenant: TenantId,
  emails: readonly string[],
  deps: RecordsDeps,
): Promise<Map<string, Worker>> {
  const { workers } = deps.records;
  if (workers.withEmails) return workers.withEmails(tenant, emails);
  const byEmail = new Map<string, Worker>();
  for (const w of await workers.list(tenant)) if (!byEmail.has(w.email)) byEmail.set(w.email, w);
  return byEmail;
}

/**
 * What the file does to the account, row by row: rows match workers by email (case-insensitive);
 * a match is `updated` when a value in the file differs, else `unchanged`; no match is `new`.
 * A column the file leaves out keeps each matched worker's stored value. Crews are matched by name
 * (case-insensitive) and made when missing.
 */
async function planImport(tenant: TenantId, csv: string, deps: RecordsDeps): Promise<ImportPlan> {
  const parsed = parseWorkersCsv(csv);
  if (parsed.fileErrors.length) throw new ValidationError('file', parsed.fileErrors.join('. '));
  const emails = parsed.rows.flatMap((r) => (r.worker ? [r.worker.email] : []));
  const [byEmail, crews] = await Promise.all([
    storedWithEmails(tenant, emails, deps),
    deps.records.crews.list(tenant),
  ]);
  const has = (column: string) => parsed.columns.includes(column);

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

  const created: Worker[] = [];
  const updated: WorkerUpdate[] = [];
  const rows = parsed.rows.map((r: WorkerCsvRow): WorkerImportRowResult => {
    const base = { row: r.row, email: r.email, name: r.name };
    if (!r.worker) return { ...base, status: 'error', fields: r.fields };
    if (r.worker.phone && !isDialableNumber(r.worker.phone))
      return { ...base, status: 'error', fields: { phone: PHONE_HINT } };
    const stored = byEmail.get(r.worker.email);
    const fields = {
      name: r.worker.name,
      email: r.worker.email,
      phone: has('phone') || !stored ? r.worker.phone : stored.phone,
      trade: has('trade') || !stored ? r.worker.trade : stored.trade,
      isManager: has('manager') || !stored ? r.worker.isManager : stored.isManager,
      // The file has no SMS column: the toggle stays as the contractor set it on the worker page.
      smsOptIn: stored?.smsOptIn ?? false,
      crewIds: has('crews') || !stored ? r.crewNames.map(crewIdFor) : stored.crewIds,
    };
    if (!stored) {
      created.push({ ...fields, id: deps.ids.next(), status: 'active', createdAt: now, updatedAt: now });
      return { ...base, status: 'new' };
    }
    const same =
      fields.name === stored.name &&
      fields.phone === stored.phone &&
      fields.trade === stored.trade &&
      fields.isManager === stored.isManager &&
      sameSet(fields.crewIds, stored.crewIds);
    if (same) return { ...base, status: 'unchanged' };
    const tooMany = crewChangesTooMany(stored.crewIds, fields.crewIds);
    if (tooMany) return { ...base, status: 'error', fields: { crews: tooMany } };
    updated.push({ previous: stored, next: { ...stored, ...fields, updatedAt: now } });
    return { ...base, status: 'updated' };
  });
  const counts: WorkerImportCounts = { new: 0, updated: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, counts, created, updated, newCrews };
}

/** `POST /api/workers/import?dryRun=true`: each row's outcome and the counts; nothing is written. */
export async function previewWorkersImport(
  tenant: TenantId,
  csv: string,
  deps: RecordsDeps,
): Promise<WorkerImportPreview> {
  const { rows, counts } = await planImport(tenant, csv, deps);
  return { rows, counts };
}

/** A row whose only problem is its phone number: the import skips it and reports it by line. */
const onlyPhoneBad = (r: WorkerImportRowResult) =>
  r.status === 'error' && Object.keys(r.fields ?? {}).every((f) => f === 'phone');

/**
 * `POST /api/workers/import`: rows whose only problem is the phone number are left out and reported
 * by line (status `error`, `fields.phone`) while the good rows are imported (issue 21); any other
 * bad row stores nothing (400 with each bad row's fields).
 * New rows make workers, matched rows update them, all in one all-or-nothing write; a worker
 * changed or an email taken meanwhile is a 409 and nothing is kept.
 */
export async function importWorkers(
  tenant: TenantId,
  csv: string,
  deps: RecordsDeps,
): Promise<WorkersImportResult> {
  const plan = await planImport(tenant, csv, deps);
  const bad = plan.rows.filter((r) => r.status === 'error' && !onlyPhoneBad(r));
  if (bad.length) {
    throw new RowsValidationError(
      `${bad.length} of ${plan.rows.length} rows have problems; nothing was imported`,
      bad.map((r) => ({ row: r.row, fields: r.fields ?? {} })),
    );
  }
  const items = [...plan.created, ...plan.updated.map((u) => u.next)];
  try {
    const outcome = await deps.records.workers.importMany(tenant, {
      created: plan.created,
      updated: plan.updated,
      crews: plan.newCrews,
    });
    if (outcome === 'changed')
      throw new ConflictError('Some workers were changed while importing; nothing was imported. Try again.');
    if (outcome === 'crewsChanged')
      throw new ConflictError(
        'A crew in the file was deleted while importing; nothing was imported. Try again.',
      );
  } catch (err) {
    if (err instanceof GuardRefusedError)
      throw new ConflictError(
        'Another worker took one of these emails meanwhile; nothing was imported. Try again.',
      );
    throw err;
  }
  const createdCrews = plan.newCrews.map((c) => ({
    ...c,
    workerIds: items.filter((w) => w.crewIds.includes(c.id)).map((w) => w.id),
  }));
  return { rows: plan.rows, counts: plan.counts, imported: items.length, items, createdCrews };
}
