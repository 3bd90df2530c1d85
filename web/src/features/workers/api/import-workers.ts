import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Crew } from '../../../../../shared/records/crew';
import type { Worker } from '../../../../../shared/records/worker';
import { api, ApiError } from '../../../lib/api-client';

export interface ImportWorkersResult {
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

export function importWorkers(csv: string): Promise<ImportWorkersResult> {
  return api<ImportWorkersResult>('/api/workers/import', {
    method: 'POST',
    text: { content: csv, contentType: 'text/csv' },
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWorkers,
    onSuccess: () => {
      // The import may create crews and changes their members.
      void queryClient.invalidateQueries({ queryKey: ['crews'] });
      return queryClient.invalidateQueries({ queryKey: ['workers'] });
    },
  });
}
