import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function exportWorkers(): Promise<string> {
  return api<string>('/api/workers/export', { responseType: 'text' });
}

/** Hands the browser a file to save. */
function saveFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/workers/export (text/csv of every worker), saved as `workers-YYYY-MM-DD.csv`. */
export function useExportWorkers() {
  return useMutation({
    mutationFn: async () => {
      const csv = await exportWorkers();
      saveFile(csv, `workers-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
      return csv;
    },
  });
}
