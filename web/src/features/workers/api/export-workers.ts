import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download';

export function exportWorkers(): Promise<string> {
  return api<string>('/api/workers/export', { responseType: 'text' });
}

/** GET /api/workers/export (text/csv of every worker), saved as `workers-YYYY-MM-DD.csv`. */
export function useExportWorkers() {
  return useMutation({
    mutationFn: async () => {
      const csv = await exportWorkers();
      downloadText(`workers-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      return csv;
    },
  });
}
