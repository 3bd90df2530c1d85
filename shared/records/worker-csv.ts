import Papa from 'papaparse';
import * as z from 'zod';
import { readCsvCell, toCsv } from '../csv';
import {
  MAX_CREWS_PER_WORKER,
  WORKER_CSV_COLUMNS,
  WORKER_IMPORT_MAX_ROWS,
  workerInputSchema,
  type Worker,
} from './worker';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * Workers CSV, read the same way by the SPA's preview and by `POST /api/workers/import`: a header
 * row naming columns of WORKER_CSV_COLUMNS (any order, any case), then one worker per row. `crews`
 * holds crew names separated by `;`; `manager` is yes/no, true/false or 1/0.
 */
export interface WorkerCsvRow {
  /** 1-based number of the data row (the header is row 0). */
  row: number;
  worker: z.output<typeof workerCsvRowSchema> | null;
  crewNames: string[];
  fields: Record<string, string>;
  /** The row's name and email as written (trimmed; the email lower-cased), also when the row is bad. */
  name: string | null;
  email: string | null;
}

export interface WorkerCsvParse {
  rows: WorkerCsvRow[];
  /** The file's columns (lower-cased): a column the file leaves out keeps each worker's stored value. */
  columns: string[];
  /** Problems with the file as a whole (no header, unknown columns, too many rows). */
  fileErrors: string[];
}

export const WORKER_CSV_DUPLICATE_EMAIL = 'This email appears twice in the file';

/** What an import does with one row of the file (contracts: the preview's column). */
export type WorkerImportRowStatus = 'new' | 'updated' | 'unchanged' | 'error';

/** One row of `POST /api/workers/import` (and its `?dryRun=true` preview). */
export interface WorkerImportRowResult {
  /** The row number the row errors use (1 = the first row after the header). */
  row: number;
  email: string | null;
  name: string | null;
  status: WorkerImportRowStatus;
  /** Field → reason, only for 'error'. */
  fields?: Record<string, string>;
}

export interface WorkerImportCounts {
  new: number;
  updated: number;
  unchanged: number;
  error: number;
}

/** The import's answer: every row's outcome and the counts (the preview's, too). */
export interface WorkerImportPreview {
  rows: WorkerImportRowResult[];
  counts: WorkerImportCounts;
}

const MANAGER_VALUES: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
  '': false,
};

const workerCsvRowSchema = /* @__PURE__ */ builtOnFirstUse(() => workerInputSchema.omit({ crewIds: true }));

const crewNameSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.string().trim().min(1).max(120, 'Crew names must be at most 120 characters'),
);

export function parseWorkersCsv(text: string): WorkerCsvParse {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
    // Our export defuses formulas with a leading apostrophe; reading it back removes it again.
    transform: readCsvCell,
  });
  const fileErrors: string[] = [];
  const columns = parsed.meta.fields ?? [];
  if (!columns.includes('name') || !columns.includes('email'))
    fileErrors.push('The first row must name the columns, with at least "name" and "email"');
  const unknown = columns.filter((c) => !(WORKER_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length)
    fileErrors.push(`Unknown columns: ${unknown.join(', ')} (allowed: ${WORKER_CSV_COLUMNS.join(', ')})`);
  if (parsed.data.length === 0 && fileErrors.length === 0) fileErrors.push('The file has no workers');
  if (parsed.data.length > WORKER_IMPORT_MAX_ROWS)
    fileErrors.push(`At most ${WORKER_IMPORT_MAX_ROWS} workers per file`);
  if (fileErrors.length) return { rows: [], columns, fileErrors };

  const seenEmails = new Map<string, number>();
  const rows = parsed.data.map((record, index): WorkerCsvRow => {
    const row = index + 1;
    const fields: Record<string, string> = {};
    const managerRaw = (record.manager ?? '').trim().toLowerCase();
    const isManager = MANAGER_VALUES[managerRaw];
    if (isManager === undefined) fields.manager = 'Manager must be yes or no';
    const crewNames = (record.crews ?? '')
      .split(';')
      .map((n) => n.trim())
      .filter(Boolean);
    for (const name of crewNames) {
      const crew = crewNameSchema.safeParse(name);
      if (!crew.success) fields.crews = crew.error.issues[0]?.message ?? 'Crew name is not valid';
    }
    if (new Set(crewNames).size > MAX_CREWS_PER_WORKER)
      fields.crews = `A worker can be in at most ${MAX_CREWS_PER_WORKER} crews`;
    const result = workerCsvRowSchema.safeParse({
      name: record.name ?? '',
      email: record.email ?? '',
      phone: record.phone,
      trade: record.trade,
      isManager: isManager ?? false,
    });
    if (!result.success) {
      for (const issue of result.error.issues) fields[String(issue.path[0] ?? 'row')] ??= issue.message;
    } else {
      const earlier = seenEmails.get(result.data.email);
      if (earlier) fields.email ??= WORKER_CSV_DUPLICATE_EMAIL;
      else seenEmails.set(result.data.email, row);
    }
    const ok = result.success && Object.keys(fields).length === 0;
    const name = (record.name ?? '').trim() || null;
    const email = (record.email ?? '').trim().toLowerCase() || null;
    return { row, worker: ok ? result.data : null, crewNames: [...new Set(crewNames)], fields, name, email };
  });
  return { rows, columns, fileErrors };
}

/** The CSV of a list of workers, with crew names (the export, re-importable as is). */
export function workersToCsv(workers: readonly Worker[], crewNameById: ReadonlyMap<string, string>): string {
  return toCsv(
    WORKER_CSV_COLUMNS,
    workers.map((w) => [
      w.name,
      w.email,
      w.phone,
      w.trade,
      w.crewIds
        .map((id) => crewNameById.get(id) ?? '')
        .filter(Boolean)
        .join('; '),
      w.isManager ? 'yes' : 'no',
    ]),
    // LF as this export always wrote (re-imported files and the SPA's preview read either).
    '\n',
  );
}
