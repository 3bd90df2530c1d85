import { useMutation, useQuery } from '@tanstack/react-query';
import type { Crew } from '../../../../../shared/records/crew';
import type { Worker } from '../../../../../shared/records/worker';
import { api, ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useInvalidateRecords } from '../../../lib/record-api';

/**
 * What the import does with each row (contracts §2). The same shape as `WorkerImportRowResult` and
 * `WorkerImportPreview` in shared/records/worker-csv.ts, which the server side adds at the same time:
 * import them from there once both have landed.
 */
export type ImportRowStatus = 'new' | 'updated' | 'unchanged' | 'error';
export interface ImportRowResult {
  /** The CSV row number the row errors use (1 = the first row after the header). */
  row: number;
  email: string | null;
  name: string | null;
  status: ImportRowStatus;
  /** Field → reason, only for 'error'. */
  fields?: Record<string, string>;
}
export interface ImportPreview {
  rows: ImportRowResult[];
  counts: Record<ImportRowStatus, number>;
}

/** `POST /api/workers/import` (201): every row's outcome, and what was stored. */
export interface ImportWorkersResult extends Partial<ImportPreview> {
  /** New plus updated workers. */
  imported: number;
  items: Worker[];
  /** Crews named in the file that did not exist yet. */
  createdCrews: Crew[];
}

/** One refused row of an import: its 1-based data row number and each column's reason. */
export interface ImportRowError {
  row: number;
  fields: Record<string, string>;
}

/** The import, with the submit's Idempotency-Key: a double click or a retried request imports once. */
export function importWorkers({ csv, idempotencyKey }: { csv: string; idempotencyKey: string }) {
  return api<ImportWorkersResult>('/api/workers/import', {
    method: 'POST',
    text: { content: csv, contentType: 'text/csv' },
    idempotencyKey,
  });
}

/** The same file as a dry run: what each row would do (new, updated, unchanged, error); nothing is written. */
export function previewImport(csv: string, signal?: AbortSignal): Promise<ImportPreview> {
  return api<ImportPreview>('/api/workers/import?dryRun=true', {
    method: 'POST',
    text: { content: csv, contentType: 'text/csv' },
    signal,
  });
}

/** The per-row reasons of a refused import (400 `{ error, rows }`), or none. */
export function importRowErrors(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const rows = (error.body as { rows?: unknown } | undefined)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r: unknown) => {
    const { row, fields } = (r ?? {}) as { row?: unknown; fields?: unknown };
    if (typeof row !== 'number' || !fields || typeof fields !== 'object') return [];
    const reasons: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') reasons[k] = v;
    return [{ row, fields: reasons }];
  });
}

/** POST /api/workers/import (CSV, all or nothing): 201 with what was stored, or 400 with row errors and nothing stored. */
export function useImportWorkers() {
  // The import may create crews and changes their members.
  const invalidate = useInvalidateRecords(['workers', 'crews']);
  return useMutation({ mutationFn: importWorkers, onSuccess: invalidate });
}

/** The dry run of a chosen file, while its preview is shown (`csv` empty: none). */
export function useImportPreview(csv: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['workers', user?.sub, 'import-preview', csv],
    queryFn: ({ signal }) => previewImport(csv, signal),
    enabled: !!user && csv !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
