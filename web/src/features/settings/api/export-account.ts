import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/export with the token, handed to the browser as a JSON file. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const json = await api<string>('/api/me/export', { responseType: 'text' });
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `raincheck-export-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
