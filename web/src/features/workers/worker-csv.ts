import Papa from 'papaparse';
import { crewInputSchema } from '../../../../shared/records/crew';
import {
  WORKER_CSV_COLUMNS,
  WORKER_IMPORT_MAX_ROWS,
  workerInputSchema,
} from '../../../../shared/records/worker';
import type { ImportRowError } from './api/import-workers';

export type CsvColumn = (typeof WORKER_CSV_COLUMNS)[number];

/** One data row of a workers CSV as the preview shows it, with its problems by column. */
export interface PreviewRow {
  /** 1-based data row number (the header is not counted), as the import API numbers rows. */
  row: number;
  values: Record<CsvColumn, string>;
  crews: string[];
  isManager: boolean;
  /** Reasons by column (`name`, `email`, …, `crews`, `manager`) or `row` for the row as a whole. */
  errors: Record<string, string>;
}

export interface WorkersCsvPreview {
  rows: PreviewRow[];
  /** Problems with the file as a whole (missing columns, too many rows, nothing in it). */
  fileErrors: string[];
  /** Columns the file has that the import does not read. */
  ignoredColumns: string[];
}

const MANAGER_WORDS: Record<string, boolean> = {
  yes: true,
  true: true,
  '1': true,
  no: false,
  false: false,
  '0': false,
};

/** `yes`/`no`/`true`/`false`/`1`/`0` (any case); empty reads as not a manager; anything else is null. */
export function parseManager(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  if (word === '') return false;
  return MANAGER_WORDS[word] ?? null;
}

/** `Framing; Concrete` → ["Framing", "Concrete"]. */
export function splitCrews(value: string): string[] {
  return [
    ...new Set(
      value
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

const FIELD_TO_COLUMN: Record<string, CsvColumn> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  trade: 'trade',
  crewIds: 'crews',
  isManager: 'manager',
};

function validateRow(row: number, raw: Record<string, string | undefined>): PreviewRow {
  const values = Object.fromEntries(WORKER_CSV_COLUMNS.map((c) => [c, (raw[c] ?? '').trim()])) as Record<
    CsvColumn,
    string
  >;
  const errors: Record<string, string> = {};
  const manager = parseManager(values.manager);
  if (manager === null) errors.manager = 'Manager must be yes or no';
  const crews = splitCrews(values.crews);
  for (const crew of crews) {
    const check = crewInputSchema.shape.name.safeParse(crew);
    if (!check.success) {
      errors.crews ??= `Crew "${crew.slice(0, 40)}": ${check.error.issues[0]?.message ?? 'not a valid name'}`;
    }
  }
  if (crews.length > 50) errors.crews ??= 'A worker can be in at most 50 crews';
  const parsed = workerInputSchema.safeParse({
    name: values.name,
    email: values.email,
    phone: values.phone,
    trade: values.trade,
    isManager: manager ?? false,
    crewIds: [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = FIELD_TO_COLUMN[String(issue.path[0])] ?? 'row';
      errors[column] ??= issue.message;
    }
  }
  return { row, values, crews, isManager: manager ?? false, errors };
}

/**
 * Reads a workers CSV in the browser (papaparse) and checks every row with the API's worker schema, so
 * the preview can show each row's problems before anything is sent. Headers are matched without regard
 * to case or surrounding spaces.
 */
export function previewWorkersCsv(text: string): WorkersCsvPreview {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const headers = parsed.meta.fields ?? [];
  const fileErrors: string[] = [];
  const missing = (['name', 'email'] as const).filter((c) => !headers.includes(c));
  if (missing.length > 0) {
    fileErrors.push(
      `The file needs a header row with the columns ${WORKER_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
    );
  }
  const ignoredColumns = headers.filter((h) => h && !(WORKER_CSV_COLUMNS as readonly string[]).includes(h));
  if (parsed.data.length === 0 && missing.length === 0) fileErrors.push('The file has no workers in it.');
  if (parsed.data.length > WORKER_IMPORT_MAX_ROWS) {
    fileErrors.push(
      `The file has ${parsed.data.length} rows; one import takes at most ${WORKER_IMPORT_MAX_ROWS}. Split it into smaller files.`,
    );
  }
  if (missing.length > 0) return { rows: [], fileErrors, ignoredColumns };

  const rows = parsed.data.map((raw, index) => validateRow(index + 1, raw));
  for (const error of parsed.errors) {
    // A short row reads its missing cells as empty; anything else (bad quoting, extra cells) is the row's problem.
    if (error.code === 'TooFewFields' || error.row === undefined) continue;
    const target = rows[error.row];
    if (target) target.errors.row ??= error.message;
  }
  const seen = new Map<string, number>();
  for (const row of rows) {
    const email = row.values.email.toLowerCase();
    if (!email || row.errors.email) continue;
    const first = seen.get(email);
    if (first !== undefined) row.errors.email = `Same email as row ${first}`;
    else seen.set(email, row.row);
  }
  return { rows, fileErrors, ignoredColumns };
}

export const rowHasErrors = (row: PreviewRow) => Object.keys(row.errors).length > 0;

/** The rows as the CSV the import API reads: the known columns only, in order, one line per preview row. */
export function previewToCsv(preview: WorkersCsvPreview): string {
  return Papa.unparse({
    fields: [...WORKER_CSV_COLUMNS],
    data: preview.rows.map((r) => WORKER_CSV_COLUMNS.map((c) => r.values[c])),
  });
}

/** The server's row errors (400 `rows`) put on their preview rows. */
export function withServerErrors(preview: WorkersCsvPreview, rowErrors: ImportRowError[]): WorkersCsvPreview {
  const byRow = new Map(rowErrors.map((e) => [e.row, e.fields]));
  return {
    ...preview,
    rows: preview.rows.map((r) => {
      const fields = byRow.get(r.row);
      return fields ? { ...r, errors: { ...r.errors, ...fields } } : r;
    }),
  };
}

/** A file to start from: the header row and one example worker. */
export function templateCsv(): string {
  return Papa.unparse({
    fields: [...WORKER_CSV_COLUMNS],
    data: [
      ['Alex Rivera', 'alex.rivera@example.com', '+1 555 010 2000', 'Carpenter', 'Framing; Concrete', 'no'],
    ],
  });
}
