import Papa from 'papaparse';
import * as z from 'zod';
import { WORKER_CSV_COLUMNS, WORKER_IMPORT_MAX_ROWS, workerInputSchema, type Worker } from './worker';

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
}

export interface WorkerCsvParse {
  rows: WorkerCsvRow[];
  /** Problems with the file as a whole (no header, unknown columns, too many rows). */
  fileErrors: string[];
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

const workerCsvRowSchema = workerInputSchema.omit({ crewIds: true });

const crewNameSchema = z.string().trim().min(1).max(120, 'Crew names must be at most 120 characters');

export function parseWorkersCsv(text: string): WorkerCsvParse {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
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
  if (fileErrors.length) return { rows: [], fileErrors };

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
      if (earlier) fields.email ??= `Same email as row ${earlier}`;
      else seenEmails.set(result.data.email, row);
    }
    const ok = result.success && Object.keys(fields).length === 0;
    return { row, worker: ok ? result.data : null, crewNames: [...new Set(crewNames)], fields };
  });
  return { rows, fileErrors };
}

/** The CSV of a list of workers, with crew names (the export, re-importable as is). */
export function workersToCsv(workers: readonly Worker[], crewNameById: ReadonlyMap<string, string>): string {
  return Papa.unparse(
    {
      fields: [...WORKER_CSV_COLUMNS],
      data: workers.map((w) => [
        w.name,
        w.email,
        w.phone ?? '',
        w.trade ?? '',
        w.crewIds
          .map((id) => crewNameById.get(id) ?? '')
          .filter(Boolean)
          .join('; '),
        w.isManager ? 'yes' : 'no',
      ]),
    },
    { newline: '\n' },
  );
}
