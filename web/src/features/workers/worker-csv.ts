import Papa from 'papaparse';
import { parseWorkersCsv } from '../../../../shared/records/worker-csv';
import { WORKER_CSV_COLUMNS } from '../../../../shared/records/worker';
import type { ImportRowError } from './api/import-workers';

export type CsvColumn = (typeof WORKER_CSV_COLUMNS)[number];

/** One data row of a workers CSV as the preview shows it, with its problems by column. */
export interface PreviewRow {
  /** 1-based data row number (the header is not counted), as the import API numbers rows. */
  row: number;
  /** The cells as typed (trimmed), for display. */
  values: Record<CsvColumn, string>;
  crews: string[];
  isManager: boolean;
  /** Reasons by column (`name`, `email`, …, `crews`, `manager`), or `row` for the row as a whole. */
  errors: Record<string, string>;
}

export interface WorkersCsvPreview {
  rows: PreviewRow[];
  /** Problems with the file as a whole (missing or unknown columns, too many rows, nothing in it). */
  fileErrors: string[];
}

/** The API's field names for the columns where they differ. */
const FIELD_TO_COLUMN: Record<string, CsvColumn> = { isManager: 'manager', crewIds: 'crews' };

/**
 * Reads a workers CSV in the browser with the parser the import API uses (shared/records/worker-csv),
 * so the preview shows exactly the problems the server would refuse, on the same row numbers. The cells
 * are read once more, the same way, to show them as typed.
 */
export function previewWorkersCsv(text: string): WorkersCsvPreview {
  const checked = parseWorkersCsv(text);
  if (checked.fileErrors.length > 0) return { rows: [], fileErrors: checked.fileErrors };
  const cells = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  }).data;
  const rows = checked.rows.map((r, index): PreviewRow => {
    const raw = cells[index] ?? {};
    const values = Object.fromEntries(WORKER_CSV_COLUMNS.map((c) => [c, (raw[c] ?? '').trim()])) as Record<
      CsvColumn,
      string
    >;
    const errors: Record<string, string> = {};
    for (const [field, reason] of Object.entries(r.fields)) errors[FIELD_TO_COLUMN[field] ?? field] = reason;
    return { row: r.row, values, crews: r.crewNames, isManager: r.worker?.isManager ?? false, errors };
  });
  return { rows, fileErrors: [] };
}

export const rowHasErrors = (row: PreviewRow) => Object.keys(row.errors).length > 0;

/**
 * A row whose only fault is its phone number: the server imports the other rows and reports this one
 * by line (issue 21), so it is shown as an error but does not hold the import back.
 */
export const onlyPhoneBad = (row: PreviewRow) =>
  rowHasErrors(row) && Object.keys(row.errors).every((column) => column === 'phone');

/** A row the import refuses as a whole file (any fault but the phone number). */
export const rowBlocksImport = (row: PreviewRow) => rowHasErrors(row) && !onlyPhoneBad(row);

/** The server's row errors (400 `rows`) put on their preview rows. */
export function withServerErrors(preview: WorkersCsvPreview, rowErrors: ImportRowError[]): WorkersCsvPreview {
  const byRow = new Map(rowErrors.map((e) => [e.row, e.fields]));
  return {
    ...preview,
    rows: preview.rows.map((r) => {
      const fields = byRow.get(r.row);
      if (!fields) return r;
      const errors = { ...r.errors };
      for (const [field, reason] of Object.entries(fields)) errors[FIELD_TO_COLUMN[field] ?? field] = reason;
      return { ...r, errors };
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
